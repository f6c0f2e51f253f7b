import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  createTestContext,
  createUser,
  PASSWORD,
  seedTenants,
  signIn,
  type TestContext,
} from '../../test/harness.ts';
import { hashToken } from './access.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
});
afterAll(() => ctx.close());

const me = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: cookie ? { cookie } : {} });

describe('local sign-in', () => {
  it('sets an HttpOnly SameSite=Lax session cookie and sends a member to their first company', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'MEMBER@acme.test', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((candidate) => candidate.name === 'sdp_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.json()).toMatchObject({
      redirectTo: `/company/${tenants.companyId}`,
      user: { email: 'member@acme.test', selectedCompanyId: tenants.companyId },
    });
    // The token itself is never in the body.
    expect(response.body).not.toContain(cookie?.value);
  });

  it('sends the administrator to Companies', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'admin@acme.test', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().redirectTo).toBe('/companies');
  });

  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    for (const email of ['owner@acme.test', 'nobody@acme.test']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password: 'wrong password' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Invalid email or password.' });
    }
  });

  it('refuses a user who belongs to no active company, and an inactive account', async () => {
    await createUser(ctx.db, { email: 'lonely@acme.test' });
    const lonely = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'lonely@acme.test', password: PASSWORD },
    });
    expect(lonely.statusCode).toBe(403);
    expect(lonely.json().detail).toBe(
      'Your account has no active company. Ask your company owner for an invitation.',
    );

    await createUser(ctx.db, { email: 'gone@acme.test', status: 'inactive' });
    const gone = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'gone@acme.test', password: PASSWORD },
    });
    expect(gone.statusCode).toBe(403);
  });

  it('validates the body against its schema', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('body.email');
  });
});

describe('sessions', () => {
  it('answers 401 with a detail without a session or with a forged cookie', async () => {
    const none = await me();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'Sign in to continue.' });
    expect((await me('sdp_session=forged')).statusCode).toBe(401);
  });

  it('ends the session on sign-out, so the old cookie no longer works', async () => {
    const cookie = await signIn(ctx.app, 'owner@acme.test');
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, ...CSRF },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'sdp_session')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('expires a session after its lifetime', async () => {
    const cookie = await signIn(ctx.app, 'supmem@acme.test');
    expect((await me(cookie)).statusCode).toBe(200);
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', tenants.users.supmem)
      .execute();
    await ctx.changesHeard();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('slides the expiry forward while the session is used', async () => {
    const cookie = await signIn(ctx.app, 'owner.rvs@acme.test');
    await ctx.db
      .updateTable('sessions')
      .set({
        last_seen_at: sql<Date>`now() - interval '5 minutes'`,
        expires_at: sql<Date>`now() + interval '1 minute'`,
      })
      .where('user_id', '=', tenants.users.ownerRvs)
      .execute();
    await ctx.changesHeard();
    expect((await me(cookie)).statusCode).toBe(200);
    await expect
      .poll(async () => {
        const row = await ctx.db
          .selectFrom('sessions')
          .select('expires_at')
          .where('user_id', '=', tenants.users.ownerRvs)
          .executeTakeFirstOrThrow();
        return row.expires_at.getTime() - Date.now();
      })
      .toBeGreaterThan((ctx.config.sessionTtlMinutes - 1) * 60_000);
  });

  it('ends a session SESSION_MAX_HOURS after sign-in however much it is used', async () => {
    const cookie = await signIn(ctx.app, 'owner.rvs@acme.test');
    const id = hashToken(cookie.replace('sdp_session=', ''));
    const sessionOf = () =>
      ctx.db.selectFrom('sessions').select(['expires_at']).where('id', '=', id).executeTakeFirstOrThrow();
    // Signed in almost SESSION_MAX_HOURS ago, in use a minute ago: sliding may not carry it past its end.
    await ctx.db
      .updateTable('sessions')
      .set({
        created_at: sql<Date>`now() - make_interval(hours => ${ctx.config.sessionMaxHours}) + interval '2 seconds'`,
        last_seen_at: sql<Date>`now() - interval '2 minutes'`,
      })
      .where('id', '=', id)
      .execute();
    await ctx.changesHeard();
    expect((await me(cookie)).statusCode).toBe(200);
    await expect.poll(async () => (await sessionOf()).expires_at.getTime() - Date.now()).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('closes every session of a user who is deactivated', async () => {
    const cookie = await signIn(ctx.app, 'member@acme.test');
    await ctx.db
      .updateTable('users')
      .set({ status: 'inactive' })
      .where('id', '=', tenants.users.member)
      .execute();
    await ctx.changesHeard();
    expect((await me(cookie)).statusCode).toBe(401);
    await ctx.db
      .updateTable('users')
      .set({ status: 'active' })
      .where('id', '=', tenants.users.member)
      .execute();
  });

  it('records sign-in and sign-out in the audit log', async () => {
    const rows = await ctx.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('user_id', '=', tenants.users.owner)
      .execute();
    expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(['sign-in', 'sign-out']));
  });
});
