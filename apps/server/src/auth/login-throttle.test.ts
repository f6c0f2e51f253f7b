import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestContext, createUser, PASSWORD, type TestContext } from '../../test/harness.ts';
import { accountKey, addressKey } from './login-throttle.repository.ts';

let ctx: TestContext;
let companyId: string;

beforeAll(async () => {
  // Five failures per e-mail (the default), twelve per address, delays up to 15 minutes (the default).
  ctx = await createTestContext({ LOGIN_IP_MAX_FAILURES: '12' });
  companyId = (
    await ctx.db
      .insertInto('companies')
      .values({
        title: 'Throttle Co',
        initial_code: 'THR',
        image_path: null,
        start_date: '2026-01-01',
        end_date: '2099-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => ctx.close());

let addresses = 0;
/** Every test signs in from an address of its own, so address throttling of one test does not reach another. */
const freshAddress = () => `10.0.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

async function member(email: string) {
  await addMember(ctx.db, companyId, await createUser(ctx.db, { email }), 'member');
}

const attempt = (email: string, password: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });

/** The run of failures is over: as when the delay has passed. */
async function waitOut(key: string) {
  await ctx.db
    .updateTable('login_throttle')
    .set({ blocked_until: sql<Date>`now() - interval '1 second'` })
    .where('key', '=', key)
    .execute();
}

describe('sign-in throttling', () => {
  it('checks at most the allowance of passwords out of 40 parallel wrong ones; the rest wait unchecked', async () => {
    await member('burst@acme.test');
    const ip = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => attempt('burst@acme.test', 'wrong password', ip)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(ctx.config.loginMaxFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - ctx.config.loginMaxFailures);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json().detail).toMatch(
      /^Too many failed sign-in attempts\. Try again in (29|30) seconds\.$/,
    );
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(25);
    // The right password right after the burst waits too: nothing in the burst opened the account.
    expect((await attempt('burst@acme.test', PASSWORD, ip)).statusCode).toBe(429);
  });

  it('does not let a right password inside a burst reopen the account for the wrong ones', async () => {
    await member('inside@acme.test');
    const ip = freshAddress();
    const passwords = Array.from({ length: 30 }, (_, index) => (index === 15 ? PASSWORD : 'wrong password'));
    const answers = await Promise.all(passwords.map((password) => attempt('inside@acme.test', password, ip)));
    // Every checked wrong password kept its place in the count: never more than the allowance were checked.
    const checkedWrong = answers.filter((answer) => answer.statusCode === 401).length;
    expect(checkedWrong).toBeLessThanOrEqual(ctx.config.loginMaxFailures);
    expect(answers.every((answer) => [200, 401, 429].includes(answer.statusCode))).toBe(true);
  });

  it('answers an unknown e-mail exactly as a known one, delays included', async () => {
    await member('known@acme.test');
    const ip = freshAddress();
    for (const email of ['known@acme.test', 'unknown@acme.test']) {
      const answers = [];
      for (let i = 0; i <= ctx.config.loginMaxFailures; i++) answers.push(await attempt(email, 'wrong', ip));
      expect(answers.map((answer) => [answer.statusCode, answer.json().detail])).toEqual([
        ...Array.from({ length: ctx.config.loginMaxFailures }, () => [401, 'Invalid email or password.']),
        [429, 'Too many failed sign-in attempts. Try again in 30 seconds.'],
      ]);
    }
    // Kept per e-mail, case-insensitively, whether or not an account has it.
    const rows = await ctx.db
      .selectFrom('login_throttle')
      .select(['key', 'failures'])
      .where('key', 'in', [accountKey('KNOWN@acme.test'), accountKey('Unknown@Acme.test')])
      .execute();
    expect(rows.map((row) => row.failures)).toEqual([5, 5]);
  });

  it('doubles the delay with each failure after it, up to LOGIN_LOCK_MINUTES; the right password then works', async () => {
    await member('slow@acme.test');
    // From ever new addresses, as a distributed guesser would: only the e-mail's run counts.
    const ip = freshAddress;
    const key = accountKey('slow@acme.test');
    for (let i = 0; i < ctx.config.loginMaxFailures; i++) await attempt('slow@acme.test', 'wrong', ip());
    const delays: string[] = [];
    for (let i = 0; i < 7; i++) {
      await waitOut(key);
      expect((await attempt('slow@acme.test', 'wrong', ip())).statusCode).toBe(401);
      delays.push((await attempt('slow@acme.test', 'wrong', ip())).json().detail);
    }
    expect(
      delays.map((detail) => detail.replace('Too many failed sign-in attempts. Try again in ', '')),
    ).toEqual([
      '1 minute.',
      '2 minutes.',
      '4 minutes.',
      '8 minutes.',
      '15 minutes.',
      '15 minutes.',
      '15 minutes.',
    ]);
    // The owner's right password after the delay signs in and ends the run.
    await waitOut(key);
    expect((await attempt('slow@acme.test', PASSWORD, ip())).statusCode).toBe(200);
    expect((await attempt('slow@acme.test', 'wrong', ip())).statusCode).toBe(401);
  });

  it("lets the owner in from their own address while another address is slowed for guessing at others' accounts", async () => {
    await member('owner.elsewhere@acme.test');
    const attacker = freshAddress();
    const allowance = ctx.config.loginIpMaxFailures;
    for (let i = 0; i < allowance; i++) {
      const answer = await attempt(`victim${i}@acme.test`, 'guess', attacker);
      expect(answer.statusCode).toBe(401);
    }
    // Past the address's allowance every e-mail waits, known or not, from that address only.
    const slowed = await attempt('owner.elsewhere@acme.test', PASSWORD, attacker);
    expect(slowed.statusCode).toBe(429);
    expect((await attempt('someone.new@acme.test', 'guess', attacker)).statusCode).toBe(429);
    expect((await attempt('owner.elsewhere@acme.test', PASSWORD, freshAddress())).statusCode).toBe(200);
    // Signing in does not reset the address's run.
    const row = await ctx.db
      .selectFrom('login_throttle')
      .select('failures')
      .where('key', '=', addressKey(attacker))
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(allowance);
  });

  it('does not count a successful sign-in against the address', async () => {
    await member('regular@acme.test');
    const ip = freshAddress();
    for (let i = 0; i < ctx.config.loginIpMaxFailures + 2; i++)
      expect((await attempt('regular@acme.test', PASSWORD, ip)).statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('login_throttle')
      .select('failures')
      .where('key', '=', addressKey(ip))
      .executeTakeFirst();
    expect(row?.failures ?? 0).toBe(0);
  });
});
