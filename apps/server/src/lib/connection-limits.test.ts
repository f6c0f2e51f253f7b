import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../test/harness.ts';

/** A raw TCP client of the server: what it received, and whether the server closed it. */
function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let closed = false;
  socket.setEncoding('latin1');
  socket.on('data', (data: string) => {
    received += data;
  });
  socket.on('error', () => undefined);
  const closing = new Promise<void>((resolve) =>
    socket.on('close', () => {
      closed = true;
      resolve();
    }),
  );
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    socket,
    connected,
    get received() {
      return received;
    },
    get closed() {
      return closed;
    },
    /** Whether the server closed the connection before `ms` passed (a deadline for the test, not a measurement). */
    async closesWithin(ms: number): Promise<boolean> {
      await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, ms))]);
      return closed;
    },
    /** Sends one keep-alive request and resolves with its answer's status line once the whole answer arrived. */
    async get(path: string): Promise<string> {
      const before = received.length;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && !closed) {
        const answer = received.slice(before);
        const length = /content-length: (\d+)/i.exec(answer)?.[1];
        const bodyAt = answer.indexOf('\r\n\r\n');
        if (length && bodyAt >= 0 && answer.length >= bodyAt + 4 + Number(length))
          return answer.split('\r\n')[0] ?? '';
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return closed ? 'closed' : 'no answer';
    },
  };
}

/** Sends `text` a few bytes at a time, every 200 ms, until the connection closes or the text is all sent. */
async function trickle(client: ReturnType<typeof rawClient>, text: string, bytes = 4) {
  for (let at = 0; at < text.length && !client.closed; at += bytes) {
    client.socket.write(text.slice(at, at + bytes));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('timeouts (issue 23 item 6)', () => {
  let ctx: TestContext;
  let port: number;
  let tenants: Awaited<ReturnType<typeof seedTenants>>;

  beforeAll(async () => {
    ctx = await createTestContext({
      HTTP_HEADERS_TIMEOUT_SECONDS: '1',
      HTTP_REQUEST_TIMEOUT_SECONDS: '2',
      HTTP_IDLE_TIMEOUT_SECONDS: '1',
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1',
    });
    tenants = await seedTenants(ctx.db);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('cuts a client that sends its headers slowly after the header timeout, answering 408 with a detail', async () => {
    const client = rawClient(port);
    await client.connected;
    // 40 header lines at 4 bytes every 200 ms would take about a minute: the header timeout is 1 s.
    const headers = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n${Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: 1\r\n`).join('')}\r\n`;
    void trickle(client, headers);
    expect(await client.closesWithin(15_000)).toBe(true);
    expect(client.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received).toContain('{"detail":"The request took too long to arrive."}');
  });

  it('cuts a body that trickles after the request timeout, answering 408 with a detail', async () => {
    const client = rawClient(port);
    await client.connected;
    const body = JSON.stringify({ email: 'owner@acme.test', password: 'x'.repeat(400) });
    client.socket.write(
      `POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    void trickle(client, body);
    expect(await client.closesWithin(15_000)).toBe(true);
    expect(client.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received).toContain('{"detail":"The request took too long to arrive."}');
  });

  it('closes a connection that says nothing, and a kept-alive connection left idle after its answer', async () => {
    const silent = rawClient(port);
    await silent.connected;
    expect(await silent.closesWithin(15_000)).toBe(true);

    const idle = rawClient(port);
    await idle.connected;
    expect(await idle.get('/healthz')).toBe('HTTP/1.1 200 OK');
    expect(await idle.closesWithin(15_000)).toBe(true);
  });

  it('keeps a live event stream open past every timeout: it still receives events', async () => {
    const cookie = await signIn(ctx.app, 'owner@acme.test');
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/events?company_id=${tenants.companyId}`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return 'ended';
        text += decoder.decode(value, { stream: true });
        if (text.includes('after-the-timeouts')) return 'heard';
      }
    })();
    // Three times the longest timeout of this server, with nothing sent on the stream (the heartbeat is 25 s).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await ctx.database.pool.query('SELECT pg_notify($1, $2)', [
      'sdp_events',
      JSON.stringify({ type: 'note', companyId: tenants.companyId, tag: 'after-the-timeouts' }),
    ]);
    const outcome = await Promise.race([
      reading,
      new Promise((resolve) => setTimeout(() => resolve('silent'), 10_000)),
    ]);
    controller.abort();
    expect(outcome).toBe('heard');
  });
});

describe('connections per address (issue 23 item 6)', () => {
  const CAP = 3;
  let ctx: TestContext;
  let port: number;

  beforeAll(async () => {
    ctx = await createTestContext({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(CAP) });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('closes a connection over the cap at once; the address is served again once under it', async () => {
    const held = Array.from({ length: CAP }, () => rawClient(port));
    for (const client of held) expect(await client.get('/healthz')).toBe('HTTP/1.1 200 OK');

    const over = rawClient(port);
    await over.connected;
    over.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await over.closesWithin(5_000)).toBe(true);
    expect(over.received).toBe('');
    // The connections under the cap are not disturbed.
    expect(await held[0]?.get('/healthz')).toBe('HTTP/1.1 200 OK');

    held[1]?.socket.destroy();
    // Once the server has seen that connection close, a new one from the same address is served.
    let answer = 'closed';
    for (let attempt = 0; attempt < 50 && answer !== 'HTTP/1.1 200 OK'; attempt++) {
      const again = rawClient(port);
      answer = await again.get('/healthz');
      again.socket.destroy();
      if (answer !== 'HTTP/1.1 200 OK') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answer).toBe('HTTP/1.1 200 OK');
    for (const client of held) client.socket.destroy();
  });
});
