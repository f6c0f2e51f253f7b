import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  instanceOn,
  requestAs,
  seedTenants,
  signInTenants,
  type TestContext,
} from '../../test/harness.ts';
import { createIngestKey, createModel, primaryFolderId, seedEquipment } from '../../test/plant.ts';
import { migrate } from './migrate.ts';

// docs/operations.md "Backup and restore": pg_dump of a running portal, pg_restore into a fresh empty database,
// and every row of every table is there again; a server started on the restored database answers as before.
const run = promisify(execFile);

let ctx: TestContext;
let dir: string;
let restoredUrl: string;
let serverMajor = 0;
let dumpMajor = 0;

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Every table of the application's schemas with its row count and a digest of its rows in a fixed order. */
async function contents(url: string) {
  const tables = await query<{ name: string }>(
    url,
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
     AND NOT c.relispartition ORDER BY 1`,
  );
  const result: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables) {
    const [row] = await query<{ rows: string; digest: string | null }>(
      url,
      `SELECT count(*) AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${name} t`,
    );
    result[name] = { rows: Number(row?.rows ?? 0), digest: row?.digest ?? '' };
  }
  return result;
}

beforeAll(async () => {
  ctx = await createTestContext();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sdp-backup-'));
  const [{ version } = { version: '0' }] = await query<{ version: string }>(
    ctx.databaseUrl,
    "SELECT current_setting('server_version_num') AS version",
  );
  serverMajor = Math.floor(Number(version) / 10_000);
  const { stdout } = await run('pg_dump', ['--version']).catch(() => ({ stdout: '' }));
  dumpMajor = Number(/(\d+)\.\d+/.exec(stdout)?.[1] ?? 0);

  const tenants = await seedTenants(ctx.db);
  const cookies = await signInTenants(ctx.app);
  const model = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'BK1'), 1);
  const key = await createIngestKey(ctx.app, tenants.companyId);
  const ingest = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/measurements',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: {
      modelCode: model.code,
      points: Array.from({ length: 500 }, (_, i) => ({
        tag: 'h2',
        ts: Date.parse('2026-11-01T00:00:00Z') + i * 60_000,
        value: i / 10,
      })),
    },
  });
  expect(ingest.statusCode).toBe(200);
  const folder = await requestAs(ctx.app, cookies, 'admin', 'POST', '/api/v1/structure-item', {
    parentId: await primaryFolderId(ctx.db, tenants.companyId),
    structureItemType: 'Folder',
    structureItemTitle: 'Backed up',
    companies_id: tenants.companyId,
  });
  expect(folder.statusCode).toBe(201);
}, 120_000);

afterAll(async () => {
  if (restoredUrl) {
    const base = new URL(restoredUrl);
    const name = base.pathname.slice(1);
    await query(withDatabase(restoredUrl, 'postgres'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

describe('backup and restore with pg_dump / pg_restore', () => {
  it('restores every row of every table into a fresh database, and the portal runs on it', async (test) => {
    // pg_dump refuses a server newer than itself: the embedded PostgreSQL of a laptop may be newer than the
    // machine's client tools. CI runs this file again against the PostgreSQL service, where the versions match.
    if (!dumpMajor || dumpMajor < serverMajor) {
      test.skip(`pg_dump ${dumpMajor || 'missing'} cannot dump PostgreSQL ${serverMajor}`);
      return;
    }
    const file = path.join(dir, 'sdp.dump');
    await run('pg_dump', ['--format=custom', `--file=${file}`, ctx.databaseUrl]);

    const name = `sdp_restore_${randomBytes(4).toString('hex')}`;
    await query(withDatabase(ctx.databaseUrl, 'postgres'), `CREATE DATABASE ${name}`);
    restoredUrl = withDatabase(ctx.databaseUrl, name);
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, file]);

    const companyId = (
      await query<{ id: string }>(ctx.databaseUrl, "SELECT id FROM companies WHERE title = 'Acme Power'")
    )[0]?.id;
    const before = await contents(ctx.databaseUrl);
    const after = await contents(restoredUrl);
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(before['public.measurements']?.rows).toBeGreaterThanOrEqual(500);
    // The job queue's own tables (pg-boss stamps maintenance times and its cron adds jobs) move while the portal
    // runs: they must be there; the portal's own tables must hold the very same rows.
    const stable = (all: typeof before) =>
      Object.fromEntries(
        Object.entries(all).map(([table, value]) => [table, table.startsWith('pgboss.') ? 'present' : value]),
      );
    expect(stable(after)).toEqual(stable(before));

    // A server on the restored database: migrations find nothing to do, sign-in and the tree answer as before.
    const restored = await instanceOn(restoredUrl);
    try {
      expect(await migrate(restored.database.pool)).toEqual([]);
      const cookies = await signInTenants(restored.app);
      const tree = await requestAs(
        restored.app,
        cookies,
        'owner',
        'GET',
        `/api/v1/structure-item-company?company_id=${companyId}`,
      );
      expect(tree.statusCode).toBe(200);
      expect(tree.body).toContain('BACKED UP');
    } finally {
      await restored.close();
    }
  }, 120_000);
});
