import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { ReadRouting } from './read-routing.ts';
import type { Database } from './schema.ts';

// Dates stay 'YYYY-MM-DD' text: a calendar date has no time zone, and Date objects would shift it.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// Counts and identities fit in a double; keep them numbers for JSON.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  pool: pg.Pool;
  db: Db;
  /** Replicas for lag-tolerant reads (DATABASE_READ_URL), when there are any. */
  reads?: ReadRouting | null;
  close(): Promise<void>;
}

/** Runs `work` on one client inside BEGIN … COMMIT; any error rolls back and is thrown again. */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Opens a pool lazily (no connection until first use) and the Kysely instance over it. */
export function openDatabase(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'sdp',
  });
  // A client losing its server (restart, shutdown) must not crash the process: the query in flight is
  // rejected and handled where it was made; the pool replaces the client.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    pool,
    db,
    async close() {
      await db.destroy();
    },
  };
}
