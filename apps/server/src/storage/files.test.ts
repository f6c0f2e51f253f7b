import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../test/harness.ts';
import { createLocalStorage } from './storage.ts';

let ctx: TestContext;
let cookies: Record<Tenant, string>;
let tenants: Awaited<ReturnType<typeof seedTenants>>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The backfill statement of migration 0009, run again over rows written as a server before it would have. */
async function backfill() {
  const migration = await readFile(path.join(import.meta.dirname, '../db/migrations/0009_files.sql'), 'utf8');
  const start = migration.indexOf('WITH refs AS');
  const end = migration.indexOf(';', migration.indexOf('ORDER BY kind, name'));
  await sql.raw(migration.slice(start, end)).execute(ctx.db);
}

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
});
afterAll(() => ctx.close());

const get = (who: Tenant, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies[who] } });

describe('files uploaded before the files table (migration 0009)', () => {
  it('belong to what references them; files nothing references are served to nobody', async () => {
    const storage = createLocalStorage(ctx.config.filesDir);
    const logo = await storage.put('companys', 'old-logo-42-0123abcd.png', PNG);
    const picture = await storage.put('profiles', 'me-7-89abcdef.png', PNG);
    const orphan = await storage.put('equipment-tags', 'nobody-1-deadbeef.png', PNG);
    await ctx.db
      .updateTable('companies')
      .set({ image_path: logo })
      .where('id', '=', tenants.companyId)
      .execute();
    // The same logo named later by the other company too: the earliest reference keeps it.
    await ctx.db
      .updateTable('companies')
      .set({ image_path: logo, created_at: new Date(Date.now() + 60_000) })
      .where('id', '=', tenants.otherCompanyId)
      .execute();
    await ctx.db
      .updateTable('users')
      .set({ image_url: picture })
      .where('id', '=', tenants.users.member)
      .execute();
    // Outside addresses and other folders' files under the wrong field create nothing.
    await ctx.db
      .updateTable('users')
      .set({ image_url: 'https://evil.example/x.png' })
      .where('id', '=', tenants.users.owner)
      .execute();
    await ctx.db
      .updateTable('users')
      .set({ image_url: logo })
      .where('id', '=', tenants.users.supmem)
      .execute();
    // The trigger of 0009 would bind the logo at once: start from no rows, as before the migration.
    await ctx.db.deleteFrom('stored_files').execute();

    await backfill();
    const rows = await ctx.db
      .selectFrom('stored_files')
      .select(['kind', 'name', 'company_id', 'owner_user_id'])
      .orderBy('kind')
      .execute();
    expect(rows).toEqual([
      {
        kind: 'companys',
        name: 'old-logo-42-0123abcd.png',
        company_id: tenants.companyId,
        owner_user_id: null,
      },
      { kind: 'profiles', name: 'me-7-89abcdef.png', company_id: null, owner_user_id: tenants.users.member },
    ]);

    expect((await get('member', logo)).statusCode).toBe(200);
    expect((await get('outsider', logo)).statusCode).toBe(404);
    expect((await get('owner', picture)).statusCode).toBe(200);
    expect((await get('outsider', picture)).statusCode).toBe(404);
    expect((await get('admin', orphan)).statusCode).toBe(404);
  });

  it('keeps a file on disk that is not a plain file of its folder out of reach', async () => {
    await writeFile(path.join(ctx.config.filesDir, 'outside.png'), PNG);
    const storage = createLocalStorage(ctx.config.filesDir);
    expect(await storage.open('companys', '..')).toBeNull();
    expect(await storage.open('..', 'outside.png')).toBeNull();
    expect(await storage.open('companys', '../outside.png')).toBeNull();
    await expect(storage.put('companys', '../x.png', PNG)).rejects.toThrow(/unsafe file name/);
  });

  it('is ready while the files folder takes new files; /readyz says when it cannot', async () => {
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up', files: 'up' });

    // The files folder gone after start, a plain file in its place (a lost mount, say).
    const gone = await mkdtemp(path.join(os.tmpdir(), 'sdp-readyz-'));
    const broken = await createTestContext({ FILES_DIR: path.join(gone, 'files') });
    try {
      await rm(path.join(gone, 'files'), { recursive: true, force: true });
      await writeFile(path.join(gone, 'files'), 'x');
      await expect(createLocalStorage(path.join(gone, 'files')).check()).rejects.toThrow();
      const answer = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ files: 'down', detail: 'Uploaded files cannot be stored.' });
      expect((await broken.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await broken.close();
      await rm(gone, { recursive: true, force: true });
    }
  });
});
