import { AsyncLocalStorage } from 'node:async_hooks';
// The request's auth and cookies are declared where they are made; importing their types here keeps this file
// self-contained for programs (bench/) that reach the pool without the routes.
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import type {} from '../auth/access.ts';

/**
 * Reads on streaming replicas (issue 28 item 2, docs/operations.md "Read replicas"). `DATABASE_READ_URL` names one or
 * more hot standbys of the primary. A query made through the routed pool goes to a replica when
 *   - it runs inside an HTTP request that only reads (GET or HEAD) by a signed-in user,
 *   - that user has not written anything for `stickyMs` (read-your-writes: a saved setting or an acknowledged event
 *     is read back from the primary; remembered per user in this process and by a short cookie across instances),
 *   - and a replica is fresh: it has replayed at least what the primary had written `maxLagMs` ago.
 * Everything else (writes, transactions, jobs, ingest, sign-in) uses the primary. A replica that falls behind or
 * goes down is left out until it catches up, and the query it failed is answered by the primary; both are logged.
 */

/** Set on a response to a write, so the same browser reads the primary for a while on any API instance. */
export const READ_PRIMARY_COOKIE = 'sdp_read_primary';

export type ReplicaState = 'starting' | 'fresh' | 'behind' | 'down';

export interface ReadRoutingOptions {
  primary: pg.Pool;
  replicaUrls: string[];
  /** How far a replica may be behind the primary and still be read. */
  maxLagMs: number;
  /** How long a user's reads stay on the primary after that user wrote something. */
  stickyMs: number;
  /** How often each replica's replay position is compared with the primary's. */
  checkEveryMs?: number;
  /** Connections per replica. */
  max?: number;
  log: (message: string) => void;
}

interface Replica {
  name: string;
  pool: pg.Pool;
  check: pg.Pool;
  state: ReplicaState;
}

interface RequestReads {
  request: FastifyRequest;
}

const requests = new AsyncLocalStorage<RequestReads>();

/** A WAL position `X/Y` (two hex halves) as one number. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high || '0'}`) << 32n) + BigInt(`0x${low || '0'}`);
}

/** Errors after which the same query is worth asking the primary: the replica is unreachable, shutting down or busy. */
function replicaTrouble(error: unknown): { down: boolean } | null {
  const code = (error as { code?: unknown } | null)?.code;
  // No SQLSTATE: a socket error, a timeout or a connection ended under the query.
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return { down: true };
  if (code.startsWith('08') || code.startsWith('57P') || code === '53300') return { down: true };
  // Read-only transaction (a write on the routed pool), conflict with recovery (a query cancelled by replay).
  if (code === '25006' || code === '40001') return { down: false };
  return null;
}

const hostOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
};

export function createReadRouting(options: ReadRoutingOptions) {
  const { primary, maxLagMs, stickyMs, log } = options;
  const checkEveryMs = options.checkEveryMs ?? 1_000;
  const replicas: Replica[] = options.replicaUrls.map((url) => {
    const quiet = (pool: pg.Pool) => {
      pool.on('error', () => undefined);
      pool.on('connect', (client) => client.on('error', () => undefined));
      return pool;
    };
    return {
      name: hostOf(url),
      // application_name shows in pg_stat_activity which connections are the portal's reads.
      pool: quiet(
        new pg.Pool({
          connectionString: url,
          max: options.max ?? 10,
          connectionTimeoutMillis: 2_000,
          idleTimeoutMillis: 30_000,
          application_name: 'sdp-read',
        }),
      ),
      check: quiet(
        new pg.Pool({
          connectionString: url,
          max: 1,
          connectionTimeoutMillis: 2_000,
          idleTimeoutMillis: 30_000,
          query_timeout: 2_000,
          application_name: 'sdp-read-check',
        }),
      ),
      state: 'starting',
    };
  });
  const writes = new Map<string, number>();
  const served = { replica: 0, primary: 0, fallbacks: 0 };
  // The primary's write position over the last moments: a replica is fresh when it has replayed what the primary had
  // written `maxLagMs` ago.
  const samples: { at: number; lsn: bigint }[] = [];
  let next = 0;
  let checking = false;

  function setState(replica: Replica, state: ReplicaState, why: string) {
    if (replica.state === state) return;
    replica.state = state;
    if (state === 'fresh') log(`read replica ${replica.name} is fresh (${why}); lag-tolerant reads go to it`);
    else log(`read replica ${replica.name} is ${state} (${why}); its reads go to the primary`);
  }

  async function check() {
    if (checking) return;
    checking = true;
    try {
      const now = Date.now();
      const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      samples.push({ at: now, lsn: lsnValue(rows[0]?.lsn ?? '0/0') });
      // The newest sample at least maxLag old is the bar; older ones are no longer needed.
      while (samples.length > 1 && (samples[1] as { at: number }).at <= now - maxLagMs) samples.shift();
      const bar = (samples[0] as { lsn: bigint }).lsn;
      await Promise.all(
        replicas.map(async (replica) => {
          try {
            const result = await replica.check.query<{ standby: boolean; lsn: string | null }>(
              'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn',
            );
            const row = result.rows[0];
            // A promoted standby is a primary of its own: its data moves apart from ours.
            if (!row?.standby) return setState(replica, 'down', 'it is not a standby');
            const replayed = lsnValue(row.lsn ?? '0/0');
            if (replayed >= bar) setState(replica, 'fresh', 'replayed the primary of moments ago');
            else setState(replica, 'behind', `more than ${maxLagMs / 1000} s of WAL not replayed`);
          } catch (error) {
            setState(replica, 'down', (error as Error).message);
          }
        }),
      );
    } catch (error) {
      // Without the primary's position no replica can be judged fresh: read the primary (which is failing too).
      for (const replica of replicas) setState(replica, 'behind', `primary: ${(error as Error).message}`);
    } finally {
      checking = false;
    }
  }
  const timer = setInterval(() => void check(), checkEveryMs);
  timer.unref();
  const firstCheck = check();

  /** The replica this query may read, if any: by the request it runs in and the replicas' states. */
  function replicaFor(): Replica | null {
    const request = requests.getStore()?.request;
    if (!request || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
    const userId = request.auth?.userId;
    if (!userId) return null;
    const wrote = writes.get(userId);
    if (wrote !== undefined && wrote > Date.now() - stickyMs) return null;
    if (request.cookies?.[READ_PRIMARY_COOKIE]) return null;
    for (let i = 0; i < replicas.length; i++) {
      const replica = replicas[(next + i) % replicas.length] as Replica;
      if (replica.state === 'fresh') {
        next = (next + i + 1) % replicas.length;
        return replica;
      }
    }
    return null;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool['query'] is a set of overloads; the arguments pass through.
  async function query(...args: any[]): Promise<any> {
    const replica = replicaFor();
    if (replica) {
      try {
        // biome-ignore lint/suspicious/noExplicitAny: as above.
        const result = await (replica.pool.query as (...a: any[]) => Promise<any>)(...args);
        served.replica++;
        return result;
      } catch (error) {
        const trouble = replicaTrouble(error);
        if (!trouble) throw error;
        served.fallbacks++;
        if (trouble.down) setState(replica, 'down', (error as Error).message);
        else
          log(
            `read replica ${replica.name} could not answer (${(error as Error).message}); asked the primary`,
          );
      }
    }
    served.primary++;
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    return (primary.query as (...a: any[]) => Promise<any>)(...args);
  }

  /**
   * The pool read-only repositories use: `query` is routed as above; everything else (connect, transactions, events)
   * is the primary's own.
   */
  const pool = new Proxy(primary, {
    get(target, property) {
      if (property === 'query') return query;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

  /** Remembers that a user wrote: their reads stay on the primary for `stickyMs`. */
  function wrote(userId: string) {
    writes.set(userId, Date.now());
    if (writes.size > 10_000) {
      const old = Date.now() - stickyMs;
      for (const [id, at] of writes) if (at <= old) writes.delete(id);
    }
  }

  return {
    pool,
    /** Resolves once every replica has been checked once (tests, start-up logs). */
    ready: () => firstCheck,
    states: () => replicas.map((replica) => ({ name: replica.name, state: replica.state })),
    served: () => ({ ...served }),
    wrote,
    /**
     * Routes the reads of every request of `app`: each runs in its own context, a successful write by a signed-in
     * user makes their next `stickyMs` of reads use the primary (here and, by cookie, on any instance).
     */
    install(app: FastifyInstance) {
      app.addHook('onRequest', (request, _reply, done) => {
        requests.run({ request }, done);
      });
      app.addHook('onSend', async (request, reply, payload) => {
        const method = request.method;
        if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return payload;
        const userId = request.auth?.userId;
        if (userId && reply.statusCode < 400) {
          wrote(userId);
          reply.setCookie(READ_PRIMARY_COOKIE, '1', {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            maxAge: Math.max(1, Math.ceil(stickyMs / 1000)),
          });
        }
        return payload;
      });
    },
    async close() {
      clearInterval(timer);
      await Promise.all(replicas.flatMap((replica) => [replica.pool.end(), replica.check.end()]));
    },
  };
}

export type ReadRouting = ReturnType<typeof createReadRouting>;
