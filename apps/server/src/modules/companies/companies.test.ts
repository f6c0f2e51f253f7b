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

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
});
afterAll(() => ctx.close());

const payload = (overrides: Record<string, unknown> = {}) => ({
  image_path: '/api/v1/files/companys/logo.png',
  title: 'Northwind Grid',
  initial_code: 'nwg1',
  description: 'Substations',
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  rvs_upgrade: true,
  ...overrides,
});

const call = (...args: CallArgs) => requestAs(ctx.app, cookies, ...args);

describe('companies per role', () => {
  it.each<[Tenant | null, number]>([
    ['owner', 403],
    ['ownerRvs', 403],
    ['supmem', 403],
    ['member', 403],
    ['outsider', 403],
    [null, 401],
  ])('POST /companies as %s answers %i', async (who, status) => {
    const response = await call(who, 'POST', '/api/v1/companies', payload({ initial_code: `X${status}` }));
    expect(response.statusCode).toBe(status);
    expect(response.json()).toHaveProperty('detail');
  });

  it('lets the administrator create a company, upper-casing the code, with Bangkok as the default time zone and a primary folder', async () => {
    const response = await call('admin', 'POST', '/api/v1/companies', payload());
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      title: 'Northwind Grid',
      name: 'Northwind Grid',
      initial_code: 'NWG1',
      time_zone: 'Asia/Bangkok',
      rvs_upgrade: true,
      deleted_at: null,
    });
    const folders = await ctx.db
      .selectFrom('structure_items')
      .select(['title', 'is_primary_folder'])
      .where('company_id', '=', created.id)
      .execute();
    expect(folders).toEqual([{ title: 'NORTHWIND GRID', is_primary_folder: true }]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'entity'])
      .where('company_id', '=', created.id)
      .execute();
    expect(audit).toEqual([{ action: 'create', entity: 'company' }]);
  });

  it('refuses a duplicate initial code with 409', async () => {
    const response = await call('admin', 'POST', '/api/v1/companies', payload({ initial_code: 'ACME' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'The initial code ACME is already used by another company.' });
  });

  it.each([
    [
      { start_date: '2026-12-31', end_date: '2026-01-01' },
      'body.end_date: The start date may not be after the end date.',
    ],
    [{ initial_code: 'AB-1' }, 'body.initial_code: Only letters and digits are allowed.'],
    [{ image_path: '' }, 'body.image_path: This field is required.'],
    [{ title: '   ' }, 'body.title: This field is required.'],
    [{ start_date: '01/01/2026' }, 'body.start_date'],
    [{ time_zone: 'Mars/Olympus' }, 'body.time_zone: Unknown time zone.'],
  ])('refuses %o with 400 and a detail naming the field', async (overrides, detail) => {
    const response = await call(
      'admin',
      'POST',
      '/api/v1/companies',
      payload({ initial_code: 'VALID9', ...overrides }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(detail);
  });

  it('lists every company for the administrator and only their own for a member', async () => {
    const all = await call('admin', 'GET', '/api/v1/companies');
    expect(all.json().items.map((c: { initial_code: string }) => c.initial_code)).toEqual([
      'ACME',
      'NWG1',
      'OTHER',
    ]);
    expect(all.json().total).toBe(3);
    const mine = await call('member', 'GET', '/api/v1/companies');
    expect(mine.json().items.map((c: { initial_code: string }) => c.initial_code)).toEqual(['ACME']);
  });

  it('shows one company to its members and to nobody of another company', async () => {
    expect((await call('member', 'GET', `/api/v1/companies/${tenants.companyId}`)).statusCode).toBe(200);
    expect((await call('outsider', 'GET', `/api/v1/companies/${tenants.companyId}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/v1/companies/${tenants.companyId}`)).statusCode).toBe(401);
  });

  it('updates everything but the initial code, and only for the administrator', async () => {
    const body = payload({ initial_code: 'ACME', title: 'Acme Power & Light', time_zone: 'Asia/Tokyo' });
    expect((await call('owner', 'PUT', `/api/v1/companies/${tenants.companyId}`, body)).statusCode).toBe(403);
    const updated = await call('admin', 'PUT', `/api/v1/companies/${tenants.companyId}`, body);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: 'Acme Power & Light',
      time_zone: 'Asia/Tokyo',
      initial_code: 'ACME',
    });
    const renamed = await call('admin', 'PUT', `/api/v1/companies/${tenants.companyId}`, {
      ...body,
      initial_code: 'ACME2',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual({ detail: 'The initial code cannot be changed.' });
  });

  it('deletes softly: members lose the company at once, the administrator can restore it', async () => {
    expect((await call('owner', 'DELETE', `/api/v1/companies/${tenants.otherCompanyId}`)).statusCode).toBe(
      403,
    );
    const deleted = await call('admin', 'DELETE', `/api/v1/companies/${tenants.otherCompanyId}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().deleted_at).not.toBeNull();
    expect((await call('outsider', 'GET', `/api/v1/companies/${tenants.otherCompanyId}`)).statusCode).toBe(
      404,
    );
    expect((await call('outsider', 'GET', '/api/v1/users/me')).json().companies).toEqual([]);
    const listed = await call('admin', 'GET', '/api/v1/companies?deleted=only');
    expect(listed.json().items.map((c: { initial_code: string }) => c.initial_code)).toEqual(['OTHER']);
    expect((await call('admin', 'DELETE', `/api/v1/companies/${tenants.otherCompanyId}`)).statusCode).toBe(
      409,
    );

    const restored = await call('admin', 'POST', `/api/v1/companies/${tenants.otherCompanyId}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().deleted_at).toBeNull();
    expect((await call('outsider', 'GET', `/api/v1/companies/${tenants.otherCompanyId}`)).statusCode).toBe(
      200,
    );
  });

  it('lets owners and administrators set how long measurements are kept, within 30 days to 100 years', async () => {
    expect(
      (
        await call('member', 'PUT', `/api/v1/companies/${tenants.companyId}/retention`, {
          retention_days: 365,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('owner', 'PUT', `/api/v1/companies/${tenants.companyId}/retention`, { retention_days: 10 }))
        .statusCode,
    ).toBe(400);
    const set = await call('owner', 'PUT', `/api/v1/companies/${tenants.companyId}/retention`, {
      retention_days: 365,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().retention_days).toBe(365);
  });

  it('answers 404 for an unknown company and 400 for a malformed id', async () => {
    expect(
      (
        await call(
          'admin',
          'PUT',
          '/api/v1/companies/00000000-0000-4000-8000-000000000000',
          payload({ initial_code: 'ZZ' }),
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('admin', 'DELETE', '/api/v1/companies/not-a-uuid')).statusCode).toBe(400);
  });
});
