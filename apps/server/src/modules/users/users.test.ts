import { permission } from '@sdp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
});
afterAll(() => ctx.close());

async function meAs(email: string, query = '') {
  const cookie = await signIn(ctx.app, email);
  return ctx.app.inject({ method: 'GET', url: `/api/v1/users/me${query}`, headers: { cookie } });
}

describe('GET /api/v1/users/me', () => {
  it.each([
    ['admin@acme.test', ['owner', 'owner_rvs', 'supmem', 'member']],
    ['owner@acme.test', ['owner', 'supmem', 'member']],
    ['owner.rvs@acme.test', ['owner_rvs', 'supmem', 'member']],
    ['member@acme.test', ['member']],
  ])('names the roles %s may give: those whose permissions they hold (issue 11)', async (email, roles) => {
    const response = await meAs(email, `?company_id=${tenants.companyId}`);
    expect(response.json().grantableRoles).toEqual(roles);
  });

  it('gives the platform administrator every company and every permission', async () => {
    const response = await meAs('admin@acme.test', `?company_id=${tenants.companyId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.role).toBe('ADMIN');
    expect(body.companies.map((c: { title: string }) => c.title)).toEqual(['Acme Power', 'Other Works']);
    expect([...body.permissions].sort()).toEqual([...permission.options].sort());
  });

  it.each([
    [
      'owner@acme.test',
      'owner',
      [
        'ViewCompany',
        'ViewAllEquipment',
        'InviteMemberToCompany',
        'RemoveMemberFromCompany',
        'AssignMemberToEquipmentTag',
        'ConfigDataModelInfo',
        'ManageMcaReport',
        'ManageSensorPointNotes',
        'ManageFaultEvents',
        'ManageIngestKeys',
        'ViewAuditLog',
      ],
    ],
    [
      'owner.rvs@acme.test',
      'owner_rvs',
      [
        'ViewCompany',
        'ViewAllEquipment',
        'InviteMemberToCompany',
        'RemoveMemberFromCompany',
        'ManageFolder',
        'ManageEquipmentTag',
        'AssignMemberToEquipmentTag',
        'ManageDataModel',
        'ConfigDataModelInfo',
        'ManageRvsReport',
        'ManageSensorPointNotes',
        'ManageFaultEvents',
      ],
    ],
    ['supmem@acme.test', 'supmem', ['ViewCompany', 'ManageSensorPointNotes', 'ManageFaultEvents']],
    ['member@acme.test', 'member', ['ViewCompany']],
  ])('gives %s (%s) exactly the permissions of the role table', async (email, role, expected) => {
    const response = await meAs(email);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.role).toBe('USER');
    expect(body.selectedCompanyId).toBe(tenants.companyId);
    expect(body.companies).toEqual([
      expect.objectContaining({ id: tenants.companyId, role, time_zone: 'Asia/Bangkok' }),
    ]);
    expect([...body.permissions].sort()).toEqual([...expected].sort());
    for (const forbidden of ['ManageCompanies', 'ManageAdmins', 'DeleteEquipmentTag'])
      expect(body.permissions).not.toContain(forbidden);
  });

  it("does not show another company's data to a member", async () => {
    const response = await meAs('member@acme.test', `?company_id=${tenants.otherCompanyId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Company not found.' });
  });

  it('hides a company that has been deleted', async () => {
    const cookie = await signIn(ctx.app, 'admin@acme.test');
    await ctx.db
      .updateTable('companies')
      .set({ deleted_at: new Date() })
      .where('id', '=', tenants.otherCompanyId)
      .execute();
    await ctx.changesHeard();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } });
    expect(response.json().companies.map((c: { title: string }) => c.title)).toEqual(['Acme Power']);
    await ctx.db
      .updateTable('companies')
      .set({ deleted_at: null })
      .where('id', '=', tenants.otherCompanyId)
      .execute();
    await ctx.changesHeard();
  });

  it('rejects a malformed company id with 400', async () => {
    const response = await meAs('member@acme.test', '?company_id=42');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('querystring.company_id');
  });
});

describe('PUT /api/v1/users/me/company', () => {
  it('keeps the chosen company in the session', async () => {
    const cookie = await signIn(ctx.app, 'admin@acme.test');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/company',
      headers: { cookie },
      payload: { company_id: tenants.otherCompanyId },
    });
    expect(put.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } });
    expect(me.json().selectedCompanyId).toBe(tenants.otherCompanyId);
  });

  it('refuses a company the user is not an active member of with 404, as an unknown company', async () => {
    const cookie = await signIn(ctx.app, 'member@acme.test');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/company',
      headers: { cookie },
      payload: { company_id: tenants.otherCompanyId },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ detail: 'Company not found.' });
  });
});
