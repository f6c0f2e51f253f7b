import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
// Any fixed number works; it only has to be the same for every process of this application.
const MIGRATION_LOCK = 727_001;

/**
 * Applies the SQL files of db/migrations in name order, each in its own transaction, once.
 * A session-level advisory lock serialises concurrent starters: the second waits, then finds nothing to do.
 */
export async function migrate(
  pool: pg.Pool,
  log: (message: string) => void = () => undefined,
): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
        (row) => row.name,
      ),
    );
    for (const name of files) {
      if (done.has(name)) continue;
      const sql = await readFile(path.join(migrationsDir, name), 'utf8');
      try {
        await client.query('BEGIN');
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
      log(`applied migration ${name}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return applied;
}
