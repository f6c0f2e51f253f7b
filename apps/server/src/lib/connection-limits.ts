import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config.ts';

/** How often Node looks for connections past their header or request timeout (its default, 30 s, lets them linger). */
const CHECK_INTERVAL_MS = 1_000;

/**
 * The Fastify server options that bound how long a client may hold a connection (issue 23 item 6): its headers
 * (`headersTimeout`, 408), its whole request with the body (`requestTimeout`, 408), silence mid-request
 * (`connectionTimeout`, the socket is closed) and idleness between requests (`keepAliveTimeout`). A live event
 * stream is exempt from the silence limit (events.routes.ts): its request is complete once its headers are, and it
 * writes a heartbeat.
 */
export function httpTimeouts(http: Config['http']) {
  return {
    connectionTimeout: http.idleTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    requestTimeout: http.requestTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, http.headersTimeoutMs),
    },
  };
}

/**
 * At most `max` open connections from one remote address (0: any number): one over it is closed at once, before
 * anything is read from it, so one client cannot hold every file descriptor of the process. Behind a proxy every
 * client shares the proxy's address: raise the cap above the proxy's connection pool there, or set 0.
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
