import fastifyCookie from '@fastify/cookie';
import type { Permission } from '@sdp/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../test/harness.ts';
import { installErrorHandler } from '../lib/error-handler.ts';
import { access, accessPlugin, type RegisteredRoute } from './access.ts';
import { createSessionsRepository } from './sessions.repository.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
});
afterAll(() => ctx.close());

describe('every route declares its access rule', () => {
  it('has a rule on every registered route of the application', () => {
    const api = ctx.routes.filter((route) => !route.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(5);
    const missing = api
      .filter((route) => !route.access)
      .map((route) => `${String(route.method)} ${route.url}`);
    expect(missing).toEqual([]);
    // Only the sign-in flow, health and the web app itself are public.
    const publicRoutes = api.filter((route) => route.access?.kind === 'public').map((route) => route.url);
    for (const url of publicRoutes) expect(url).toMatch(/^\/(auth\/|healthz$|readyz$|\*$)/);
  });

  it('refuses to register a route without a rule', async () => {
    const app = Fastify();
    await app.register(accessPlugin, {
      sessions: createSessionsRepository(ctx.db, ctx.database.pool),
      sessionTtlMinutes: 60,
      sessionMaxHours: 24,
      routes: [],
    });
    await app.after();
    expect(() => app.get('/api/v1/unguarded', async () => 'nope')).toThrow('declares no access rule');
  });
});

const NOWHERE = '00000000-0000-4000-8000-000000000000';

describe('company permission rules', () => {
  // A route per permission under test, guarded exactly as feature routes are.
  const permissions: Permission[] = ['ManageFolder', 'DeleteEquipmentTag', 'ManageCompanies', 'ViewCompany'];
  let app: FastifyInstance;
  const routes: RegisteredRoute[] = [];

  beforeAll(async () => {
    app = Fastify();
    installErrorHandler(app, 1024);
    await app.register(fastifyCookie);
    await app.register(accessPlugin, {
      sessions: createSessionsRepository(ctx.db, ctx.database.pool),
      sessionTtlMinutes: 60,
      sessionMaxHours: 24,
      routes,
    });
    for (const name of permissions) {
      app.get(
        `/companies/:id/${name}`,
        { config: { access: access.company(name, (request) => (request.params as { id: string }).id) } },
        async (request) => ({ role: request.auth?.companyRole ?? null }),
      );
    }
    app.get('/admin-only', { config: { access: access.platformAdmin() } }, async () => ({ ok: true }));
    await app.ready();
  });

  const call = async (email: string, url: string) => {
    const cookie = await signIn(ctx.app, email);
    return app.inject({ method: 'GET', url, headers: { cookie } });
  };

  it.each([
    ['admin@acme.test', 'ManageFolder', 200],
    ['owner.rvs@acme.test', 'ManageFolder', 200],
    ['owner@acme.test', 'ManageFolder', 403],
    ['member@acme.test', 'ManageFolder', 403],
    ['admin@acme.test', 'DeleteEquipmentTag', 200],
    ['owner.rvs@acme.test', 'DeleteEquipmentTag', 403],
    ['owner@acme.test', 'ManageCompanies', 403],
    ['member@acme.test', 'ViewCompany', 200],
    ['supmem@acme.test', 'ViewCompany', 200],
  ])('%s on a %s route of their company answers %i', async (email, name, status) => {
    const response = await call(email, `/companies/${tenants.companyId}/${name}`);
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.json()).toEqual({ detail: 'You do not have permission to do this.' });
  });

  it('refuses a member of another company as if the company did not exist, even for the weakest permission', async () => {
    const response = await call('outsider@other.test', `/companies/${tenants.companyId}/ViewCompany`);
    const unknown = await call('outsider@other.test', `/companies/${NOWHERE}/ViewCompany`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(unknown.json());
  });

  it('refuses an inactive membership like no membership, while the other company still works', async () => {
    await ctx.db
      .updateTable('memberships')
      .set({ status: 'inactive' })
      .where('user_id', '=', tenants.users.supmem)
      .where('company_id', '=', tenants.companyId)
      .execute();
    await ctx.db
      .insertInto('memberships')
      .values({
        company_id: tenants.otherCompanyId,
        user_id: tenants.users.supmem,
        role: 'member',
        status: 'active',
      })
      .execute();
    const response = await call('supmem@acme.test', `/companies/${tenants.companyId}/ViewCompany`);
    expect(response.statusCode).toBe(404);
    expect(
      (await call('supmem@acme.test', `/companies/${tenants.otherCompanyId}/ViewCompany`)).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an unknown company and 401 without a session', async () => {
    expect((await call('admin@acme.test', `/companies/${NOWHERE}/ViewCompany`)).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: `/companies/${tenants.companyId}/ViewCompany` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps platform routes for the administrator', async () => {
    expect((await call('admin@acme.test', '/admin-only')).statusCode).toBe(200);
    expect((await call('owner@acme.test', '/admin-only')).statusCode).toBe(403);
  });
});
