import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { migrate } from './migrate.ts';

describe('migrations', () => {
  it('apply once when two processes start together, and a second run does nothing', async () => {
    const target = await createTestDatabase();
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    try {
      // Start from an empty database: the template already carries the schema.
      await admin.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      const pools = [
        new pg.Pool({ connectionString: target.url }),
        new pg.Pool({ connectionString: target.url }),
      ];
      const results = await Promise.all(pools.map((pool) => migrate(pool)));
      expect(results.flat().filter((name) => name === '0001_core.sql')).toHaveLength(1);
      expect(await migrate(pools[0] as pg.Pool)).toEqual([]);
      const { rows } = await admin.query('SELECT count(*)::int AS n FROM schema_migrations');
      expect(rows[0].n).toBeGreaterThan(0);
      const tables = await admin.query(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('users','companies','sessions','audit_log')`,
      );
      expect(tables.rows[0].n).toBe(4);
      await Promise.all(pools.map((pool) => pool.end()));
    } finally {
      await admin.end();
      await target.drop();
    }
  });
});
