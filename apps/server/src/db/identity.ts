import type pg from 'pg';

/**
 * What tells one installation's database from another's: the cluster's system identifier (empty where this role
 * may not read it), the database's name and the time its first migration ran. Stable across restarts and across
 * the instances that share the database.
 */
export async function databaseIdentity(pool: pg.Pool): Promise<string[]> {
  let cluster = '';
  try {
    const { rows } = await pool.query<{ id: string }>(
      'SELECT system_identifier::text AS id FROM pg_control_system()',
    );
    cluster = rows[0]?.id ?? '';
  } catch {
    // Reading pg_control_system needs a privilege some managed databases withhold.
  }
  const { rows } = await pool.query<{ name: string; installed: string }>(
    `SELECT current_database() AS name,
            (SELECT to_char(min(applied_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') FROM schema_migrations) AS installed`,
  );
  return [cluster, rows[0]?.name ?? '', rows[0]?.installed ?? ''];
}
