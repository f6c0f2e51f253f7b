import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, seedTenants, type TestContext } from '../../../test/harness.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { createInvitationsRepository } from './invitations.repository.ts';

// The real scrypt hash, counted: a link that cannot be accepted must cost no hash (issue 23 item 7).
vi.mock(import('../../auth/passwords.ts'), async (original) => {
  const real = await original();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});
const hashes = () => vi.mocked(hashPassword).mock.calls.length;

const ADDRESS_ALLOWANCE = 3;
const LINK_ALLOWANCE = 2;
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;

beforeAll(async () => {
  ctx = await createTestContext({
    LOGIN_IP_MAX_FAILURES: String(ADDRESS_ALLOWANCE),
    LOGIN_MAX_FAILURES: String(LINK_ALLOWANCE),
  });
  tenants = await seedTenants(ctx.db);
});
afterAll(() => ctx.close());

let invited = 0;
/** A brand-new account invited to Acme, as the members page makes one: the link's token. */
async function invite(): Promise<string> {
  invited += 1;
  const user = await ctx.db
    .insertInto('users')
    .values({
      email: `new${invited}@acme.test`,
      name: `New ${invited}`,
      password_hash: null,
      platform_role: 'USER',
      status: 'pending',
      image_url: null,
      oidc_subject: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('memberships')
    .values({ company_id: tenants.companyId, user_id: user.id, role: 'member', status: 'pending' })
    .execute();
  return createInvitationsRepository(ctx.db).create(
    { userId: user.id, companyId: tenants.companyId, invitedBy: tenants.users.owner, ttlDays: 7 },
    ctx.db,
  );
}

let nextAddress = 0;
/** Each test its own client addresses, so one test's failures do not slow the next. */
const freshAddress = () => `192.0.2.${++nextAddress}`;

const accept = (token: string, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/auth/invitations/${token}/accept`,
    remoteAddress,
    payload: { name: 'New Person', password: 'a good password' },
  });

describe('accepting an invitation with a password (issue 23 item 7)', () => {
  it('checks the link before hashing the password: unknown, used and expired links cost no hash', async () => {
    const used = await invite();
    expect((await accept(used, freshAddress())).statusCode).toBe(200);
    const expired = await invite();
    await ctx.db
      .updateTable('invitations')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('used_at', 'is', null)
      .execute();

    const before = hashes();
    const unknown = await accept('unknown-token-1234567890', freshAddress());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'This invitation link is not valid.' });
    const again = await accept(used, freshAddress());
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ detail: 'This invitation link has already been used.' });
    const late = await accept(expired, freshAddress());
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ detail: 'This invitation link has expired. Ask for a new invitation.' });
    expect(hashes()).toBe(before);

    const good = await accept(await invite(), freshAddress());
    expect(good.statusCode).toBe(200);
    expect(hashes()).toBe(before + 1);
  });

  it('slows an address that keeps trying links down as sign-in does: 429 with Retry-After, nothing checked', async () => {
    const guesser = freshAddress();
    for (let attempt = 1; attempt <= ADDRESS_ALLOWANCE; attempt++)
      expect((await accept(`guessed-token-${attempt}-abcdefgh`, guesser)).statusCode).toBe(404);
    const token = await invite();
    const before = hashes();
    const refused = await accept(token, guesser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: 'Too many failed invitation attempts. Try again in 30 seconds.',
    });
    expect(refused.headers['retry-after']).toBe('30');
    expect(hashes()).toBe(before);
    // The link was not spent on the refused attempt; from another address it still works.
    const elsewhere = await accept(token, freshAddress());
    expect(elsewhere.statusCode).toBe(200);
    // Signing in from the slowed address is a separate count: it still works.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: guesser,
      payload: { email: 'owner@acme.test', password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('hashes at most LOGIN_MAX_FAILURES passwords for a burst of parallel attempts on one link; one wins', async () => {
    const token = await invite();
    const before = hashes();
    const answers = await Promise.all(Array.from({ length: 8 }, () => accept(token, freshAddress())));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.every((code) => [200, 410, 429].includes(code))).toBe(true);
    expect(hashes() - before).toBeLessThanOrEqual(LINK_ALLOWANCE);
    const user = await ctx.db
      .selectFrom('users')
      .select(['status', 'password_hash'])
      .where('email', '=', `new${invited}@acme.test`)
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('active');
    expect(user.password_hash).toMatch(/^scrypt\$/);
  });
});
