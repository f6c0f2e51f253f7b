import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  createTestContext,
  createUser,
  seedTenants,
  signIn,
  type TestContext,
} from '../../../test/harness.ts';

let ctx: TestContext;
let admin: string;
let owner: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedTenants(ctx.db);
  await createUser(ctx.db, { email: 'second.admin@acme.test', admin: true });
  admin = await signIn(ctx.app, 'admin@acme.test');
  owner = await signIn(ctx.app, 'owner@acme.test');
});
afterAll(() => ctx.close());

const call = (cookie: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...CSRF, ...(cookie ? { cookie } : {}) },
    ...(body ? { payload: body } : {}),
  });

describe('administrators', () => {
  it.each([
    ['GET', '/api/v1/admins', undefined],
    [
      'POST',
      '/api/v1/admins',
      { fullname: 'X', email: 'x@x.test', profileImageUrl: '/api/v1/files/profiles/x.png' },
    ],
    ['PUT', '/api/v1/admins/profile-edit', { email: 'admin@acme.test', name: 'X' }],
    ['POST', '/api/v1/admins/reinvite', { email: 'admin@acme.test' }],
    ['POST', '/api/v1/admins/active', { email: 'admin@acme.test' }],
    ['DELETE', '/api/v1/admins/second.admin@acme.test', undefined],
    ['GET', '/api/v1/mail-outbox', undefined],
  ] as const)('%s %s is for the platform administrator only', async (method, url, body) => {
    expect((await call(owner, method, url, body)).statusCode).toBe(403);
    expect((await call(null, method, url, body)).statusCode).toBe(401);
  });

  it('lists administrators with their latest date and status', async () => {
    const list = await call(admin, 'GET', '/api/v1/admins');
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(2);
    expect(list.json().items[0]).toMatchObject({
      email: 'admin@acme.test',
      status: 'active',
      latestDate: expect.any(String),
    });
  });

  it('invites a new administrator as pending, with the invitation in the outbox; refuses an e-mail already used', async () => {
    const invite = await call(admin, 'POST', '/api/v1/admins', {
      fullname: 'Nia New',
      email: 'nia@platform.test',
      profileImageUrl: '/api/v1/files/profiles/n.png',
    });
    expect(invite.statusCode).toBe(201);
    expect(invite.json()).toEqual({ message: 'Invite admin successfully' });
    const nia = (await call(admin, 'GET', '/api/v1/admins'))
      .json()
      .items.find((a: { email: string }) => a.email === 'nia@platform.test');
    expect(nia).toMatchObject({ fullname: 'Nia New', status: 'pending' });
    const outbox = await ctx.db.selectFrom('mail_outbox').select(['recipient', 'subject']).execute();
    expect(outbox).toContainEqual({
      recipient: 'nia@platform.test',
      subject: 'Invitation to administer SDP',
    });
    expect(
      (
        await call(admin, 'POST', '/api/v1/admins', {
          fullname: 'Dup',
          email: 'owner@acme.test',
          profileImageUrl: '/api/v1/files/profiles/x.png',
        })
      ).statusCode,
    ).toBe(409);
    const missing = await call(admin, 'POST', '/api/v1/admins', {
      fullname: '',
      email: 'bad',
      profileImageUrl: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('This field is required.');
  });

  it('follows the status rules: resend pending, delete active, activate inactive, edit active only', async () => {
    expect(
      (await call(admin, 'POST', '/api/v1/admins/reinvite', { email: 'nia@platform.test' })).statusCode,
    ).toBe(200);
    expect(
      (await call(admin, 'POST', '/api/v1/admins/reinvite', { email: 'second.admin@acme.test' })).statusCode,
    ).toBe(409);
    const removed = await call(admin, 'DELETE', '/api/v1/admins/second.admin@acme.test');
    expect(removed.statusCode).toBe(200);
    expect(
      (
        await call(admin, 'PUT', '/api/v1/admins/profile-edit', {
          email: 'second.admin@acme.test',
          name: 'Nope',
        })
      ).statusCode,
    ).toBe(409);
    const activated = await call(admin, 'POST', '/api/v1/admins/active', { email: 'second.admin@acme.test' });
    expect(activated.json()).toEqual({ message: 'second.admin@acme.test has been active' });
    const edited = await call(admin, 'PUT', '/api/v1/admins/profile-edit', {
      email: 'second.admin@acme.test',
      name: 'Second Admin',
    });
    expect(edited.json()).toEqual({ message: 'Edit admin successfully' });
  });

  it('ends the sessions of a removed administrator at once', async () => {
    const second = await signIn(ctx.app, 'second.admin@acme.test');
    expect((await call(second, 'GET', '/api/v1/admins')).statusCode).toBe(200);
    const id = (
      await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'second.admin@acme.test')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await call(admin, 'DELETE', `/api/v1/admins/${id}`)).statusCode).toBe(200);
    expect((await call(second, 'GET', '/api/v1/admins')).statusCode).toBe(401);
  });

  it('takes a picture only from our own upload route (issue 11)', async () => {
    for (const profileImageUrl of [
      'https://evil.example/x.png',
      '/api/v1/files/profiles/../pg-password',
      '/api/v1/files/companys/x.png',
    ]) {
      const invite = await call(admin, 'POST', '/api/v1/admins', {
        fullname: 'Pic',
        email: 'pic@platform.test',
        profileImageUrl,
      });
      expect(invite.statusCode).toBe(400);
      expect(invite.json().detail).toContain('Upload the image through /api/v1/upload/profiles');
      const edit = await call(admin, 'PUT', '/api/v1/admins/profile-edit', {
        email: 'admin@acme.test',
        name: 'Admin',
        profileImageUrl,
      });
      expect(edit.statusCode).toBe(400);
    }
  });

  it('refuses to let an administrator remove themselves', async () => {
    const response = await call(admin, 'DELETE', '/api/v1/admins/admin@acme.test');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'You cannot remove yourself.' });
  });
});
