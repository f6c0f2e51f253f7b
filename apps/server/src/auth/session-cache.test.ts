// The auth cache (auth-cache.ts) answers session and /users/me lookups from memory; these tests hold it to
// never answering with something the database no longer says, across instances and across a lost LISTEN.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  createTestContext,
  seedTenants,
  signIn,
  type TestContext,
  type TestInstance,
} from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import type { EventBus } from '../events/event-bus.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
// A second instance on the same database: its own pool, queue, LISTEN connection and cache.
let second: TestInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  second = await ctx.anotherInstance();
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

const meOn = (app: TestContext['app'], cookie: string) =>
  app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } });

/** Resolves at the next time this instance's change channel reports `kind` (at once if it already is). */
function authSignal(kind: 'lost' | 'listening'): Promise<void> {
  return new Promise((resolve) => {
    const stop = ctx.events.subscribeAuth((signal) => {
      if (signal.kind !== kind) return;
      queueMicrotask(() => stop());
      resolve();
    });
  });
}

describe('cached sessions', () => {
  it('end on every instance when the user signs out on one', async () => {
    const cookie = await signIn(ctx.app, 'owner@acme.test');
    expect((await meOn(second.app, cookie)).statusCode).toBe(200);
    expect((await meOn(second.app, cookie)).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie, ...CSRF } }))
        .statusCode,
    ).toBe(204);
    expect((await meOn(ctx.app, cookie)).statusCode).toBe(401);
    await second.changesHeard();
    expect((await meOn(second.app, cookie)).statusCode).toBe(401);
  });

  it('show a role changed on another instance, with its permissions', async () => {
    const memberCookie = await signIn(ctx.app, 'member@acme.test');
    const keys = (app: TestContext['app']) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/companies/${tenants.companyId}/ingest-keys`,
        headers: { cookie: memberCookie },
      });
    expect((await keys(second.app)).statusCode).toBe(403);
    const before = (await meOn(second.app, memberCookie)).json();
    expect(before.companies.find((c: { id: string }) => c.id === tenants.companyId).role).toBe('member');
    expect(before.permissions).not.toContain('InviteMemberToCompany');

    const ownerCookie = await signIn(ctx.app, 'owner@acme.test');
    const switched = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/member/switch-role?user_id=${tenants.users.member}&company_id=${tenants.companyId}`,
      headers: { cookie: ownerCookie },
      payload: { role: 'owner' },
    });
    expect(switched.statusCode).toBe(200);
    await second.changesHeard();
    const after = (await meOn(second.app, memberCookie)).json();
    expect(after.companies.find((c: { id: string }) => c.id === tenants.companyId).role).toBe('owner');
    expect(after.permissions).toContain('InviteMemberToCompany');
    expect((await keys(second.app)).statusCode).toBe(200);
  });

  it('show a change made through this instance to its very next request, before any notification', async () => {
    // An instance whose change channel is up but slow: it says it listens and never delivers, so only the
    // instance's own bookkeeping can make its next answer right.
    const silent: EventBus = {
      ...second.events,
      subscribeAuth(listener) {
        listener({ kind: 'listening' });
        return () => true;
      },
    };
    const { app } = await buildApp({
      config: ctx.config,
      database: second.database,
      jobs: second.jobs,
      events: silent,
    });
    const memberCookie = await signIn(app, 'member@acme.test');
    const ownerCookie = await signIn(app, 'owner@acme.test');
    for (const role of ['supmem', 'member'] as const) {
      expect((await meOn(app, memberCookie)).statusCode).toBe(200);
      expect((await meOn(app, memberCookie)).statusCode).toBe(200);
      const switched = await app.inject({
        method: 'PUT',
        url: `/api/v1/member/switch-role?user_id=${tenants.users.member}&company_id=${tenants.companyId}`,
        headers: { cookie: ownerCookie },
        payload: { role },
      });
      expect(switched.statusCode).toBe(200);
      const after = (await meOn(app, memberCookie)).json();
      expect(after.companies.find((c: { id: string }) => c.id === tenants.companyId).role).toBe(role);
    }
    await app.close();
  });

  it('are not kept while the change channel is down, so a change made meanwhile is seen at once', async () => {
    const cookie = await signIn(ctx.app, 'supmem@acme.test');
    const setStatus = (status: 'active' | 'inactive') =>
      ctx.db.updateTable('users').set({ status }).where('id', '=', tenants.users.supmem).execute();
    expect((await meOn(ctx.app, cookie)).statusCode).toBe(200);
    const lost = authSignal('lost');
    // Cut every LISTEN connection of this database, as a failover or a network break would.
    await ctx.database.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    await lost;
    expect((await meOn(ctx.app, cookie)).statusCode).toBe(200);
    // Nobody hears this change; the cache must not be what answers.
    await setStatus('inactive');
    expect((await meOn(ctx.app, cookie)).statusCode).toBe(401);
    await setStatus('active');
    // The bus reconnects by itself and the cache works again.
    await authSignal('listening');
    await ctx.changesHeard();
    expect((await meOn(ctx.app, cookie)).statusCode).toBe(200);
  });
});
