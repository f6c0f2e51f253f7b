import type { AuditPage } from '@sdp/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallArgs,
  createTestContext,
  requestAs,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../../test/harness.ts';
import { primaryFolderId } from '../../../test/plant.ts';

// Issue 17 item 6: who changed what, searchable by the administrator (every company) and a company's OWNER.
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  const folder = await call('admin', 'POST', '/api/v1/structure-item', {
    parentId: await primaryFolderId(ctx.db, tenants.companyId),
    structureItemType: 'Folder',
    structureItemTitle: 'Audited area',
    companies_id: tenants.companyId,
  });
  expect(folder.statusCode).toBe(201);
  const key = await call('owner', 'POST', `/api/v1/companies/${tenants.companyId}/ingest-keys`, {
    name: 'Gateway north',
  });
  expect(key.statusCode).toBe(201);
});
afterAll(() => ctx.close());

const call = (...args: CallArgs) => requestAs(ctx.app, cookies, ...args);
const companyLog = (who: Tenant, query = '') =>
  call(who, 'GET', `/api/v1/companies/${tenants.companyId}/audit-log${query}`);

describe('GET /companies/:id/audit-log', () => {
  it('shows the OWNER who changed what in their company, newest first', async () => {
    const response = await companyLog('owner');
    expect(response.statusCode).toBe(200);
    const page = response.json() as AuditPage;
    expect(page.page).toBe(1);
    expect(page.size).toBe(25);
    const [newest, older] = page.items;
    expect(newest).toMatchObject({
      entity: 'ingest-key',
      // Which one, in words (issue 27 item 2): the key's name, not only its id.
      entityName: 'Gateway north',
      action: 'create',
      user: { email: 'owner@acme.test' },
      company: { id: tenants.companyId, title: 'Acme Power' },
    });
    expect(older?.user?.email).toBe('admin@acme.test');
    expect(Date.parse(newest?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(older?.at ?? ''));
    expect(page.entities).toEqual(expect.arrayContaining(['ingest-key', 'structure']));
    expect(page.items.find((item) => item.entity === 'structure')?.entityName).toBe('AUDITED AREA');
    expect(page.items.every((item) => item.company?.id === tenants.companyId)).toBe(true);
  });

  it('searches the details, the actor and the kind of thing', async () => {
    const byWord = (await companyLog('owner', '?q=gateway%20north')).json() as AuditPage;
    expect(byWord.total).toBe(1);
    expect(byWord.items[0]?.entity).toBe('ingest-key');
    const byActor = (await companyLog('owner', '?q=admin@acme')).json() as AuditPage;
    expect(byActor.items.length).toBeGreaterThan(0);
    expect(byActor.items.every((item) => item.user?.email === 'admin@acme.test')).toBe(true);
    const byEntity = (await companyLog('owner', '?entity=structure')).json() as AuditPage;
    expect(byEntity.items.every((item) => item.entity === 'structure')).toBe(true);
    // % and _ are letters, not wildcards.
    expect(((await companyLog('owner', '?q=%25')).json() as AuditPage).total).toBe(0);
    const future = (await companyLog('owner', `?from=${encodeURIComponent('2999-01-01T00:00:00Z')}`)).json();
    expect((future as AuditPage).total).toBe(0);
  });

  it.each([
    ['ownerRvs', 403],
    ['supmem', 403],
    ['member', 403],
    ['outsider', 404],
  ] as const)('answers %s with %i', async (who, status) => {
    const response = await companyLog(who);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toHaveProperty('detail');
  });

  it.each([
    ['?size=7', 'size'],
    ['?page=0', 'page'],
    [`?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z`, 'to'],
    ['?from=yesterday', 'from'],
  ])('refuses %s naming %s', async (query, field) => {
    const response = await companyLog('owner', query);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { detail: string }).detail).toContain(field);
  });
});

describe('GET /audit-log (every company)', () => {
  it('is the platform administrator’s, filterable by company', async () => {
    const all = await call('admin', 'GET', '/api/v1/audit-log?size=100');
    expect(all.statusCode).toBe(200);
    const one = (
      await call('admin', 'GET', `/api/v1/audit-log?company_id=${tenants.otherCompanyId}`)
    ).json() as AuditPage;
    expect(one.items.every((item) => item.company?.id === tenants.otherCompanyId)).toBe(true);
    expect((await call('owner', 'GET', '/api/v1/audit-log')).statusCode).toBe(403);
  });
});

describe('retention', () => {
  it('removes rows older than the retention and keeps the rest', async () => {
    await sql`INSERT INTO audit_log (at, company_id, action, entity) VALUES (now() - interval '800 days', ${tenants.companyId}, 'old', 'structure')`.execute(
      ctx.db,
    );
    const before = ((await companyLog('owner', '?q=old&size=100')).json() as AuditPage).items;
    expect(before.some((item) => item.action === 'old')).toBe(true);
    expect(await ctx.services.audit.purgeOlderThan(730)).toBe(1);
    const after = ((await companyLog('owner', '?size=100')).json() as AuditPage).items;
    expect(after.some((item) => item.action === 'old')).toBe(false);
    expect(after.length).toBeGreaterThan(0);
  });
});
