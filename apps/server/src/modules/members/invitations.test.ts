import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  createTestContext,
  PASSWORD,
  seedTenants,
  signIn,
  type TestContext,
} from '../../../test/harness.ts';
import { HIDDEN_LINK } from './invitation-mail.ts';

/** A real SMTP server on a loopback port: what the portal sends is what a mail server receives. */
interface Received {
  to: string[];
  raw: string;
}
const inbox: Received[] = [];
let smtp: SMTPServer;
let ctx: TestContext;
let owner: string;
let admin: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  ctx = await createTestContext(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://portal.test' },
    { workers: true },
  );
  await seedTenants(ctx.db);
  owner = await signIn(ctx.app, 'owner@acme.test');
  admin = await signIn(ctx.app, 'admin@acme.test');
});

afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Waits for the mail to arrive and answers the invitation token in its link (quoted-printable unfolded). */
async function tokenSentTo(email: string): Promise<string> {
  let found: Received | undefined;
  await expect
    .poll(() => (found = [...inbox].reverse().find((mail) => mail.to.includes(email))), { timeout: 15_000 })
    .toBeTruthy();
  const text = (found as Received).raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /http:\/\/portal\.test\/auth\/invitation\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in ${text}`);
  return match[1];
}

const companyId = async () =>
  (
    await ctx.db
      .selectFrom('companies')
      .select('id')
      .where('initial_code', '=', 'ACME')
      .executeTakeFirstOrThrow()
  ).id;

describe('invitations by e-mail', () => {
  it('delivers the invitation through SMTP and its link completes sign-up', async () => {
    const invite = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${await companyId()}/members/invite`,
      headers: { cookie: owner },
      payload: { email: 'newbie@acme.test', role: 'MEMBER' },
    });
    expect(invite.statusCode).toBe(201);
    const token = await tokenSentTo('newbie@acme.test');
    const mail = inbox.find((m) => m.to.includes('newbie@acme.test'));
    expect(mail?.raw).toContain('Subject: Invitation to Acme Power on SDP');

    const info = await ctx.app.inject({ method: 'GET', url: `/auth/invitations/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      email: 'newbie@acme.test',
      kind: 'member',
      companyTitle: 'Acme Power',
      role: 'member',
      needsPassword: true,
      existingAccount: false,
    });

    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/auth/invitations/${token}/accept`,
      payload: { name: 'New Bie', password: 'a good password' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      user: { name: 'New Bie', companies: [{ title: 'Acme Power', role: 'member' }] },
    });
    expect(accepted.cookies.find((c) => c.name === 'sdp_session')?.httpOnly).toBe(true);

    // The password now works for a normal sign-in, and the outbox shows the delivery.
    await signIn(ctx.app, 'newbie@acme.test', 'a good password');
    const outbox = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/mail-outbox',
      headers: { cookie: admin },
    });
    expect(outbox.json().items[0]).toMatchObject({
      recipient: 'newbie@acme.test',
      state: 'sent',
      attempts: 1,
      lastError: null,
    });
  });

  it('refuses a link the second time', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${await companyId()}/members/invite`,
      headers: { cookie: owner },
      payload: { email: 'twice@acme.test', role: 'MEMBER' },
    });
    const token = await tokenSentTo('twice@acme.test');
    const accept = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/auth/invitations/${token}/accept`,
        payload: { name: 'Twice', password: 'password one' },
      });
    expect((await accept()).statusCode).toBe(200);
    const again = await accept();
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ detail: 'This invitation link has already been used.' });
  });

  it('refuses an expired link, and a link replaced by a resend', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${await companyId()}/members/invite`,
      headers: { cookie: owner },
      payload: { email: 'late@acme.test', role: 'MEMBER' },
    });
    const first = await tokenSentTo('late@acme.test');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/member/reinvite',
      headers: { cookie: owner },
      payload: { email: 'late@acme.test' },
    });
    await expect
      .poll(() => inbox.filter((mail) => mail.to.includes('late@acme.test')).length, { timeout: 15_000 })
      .toBe(2);
    const second = await tokenSentTo('late@acme.test');
    expect(second).not.toBe(first);
    expect((await ctx.app.inject({ method: 'GET', url: `/auth/invitations/${first}` })).statusCode).toBe(404);

    await ctx.db
      .updateTable('invitations')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('used_at', 'is', null)
      .execute();
    const expired = await ctx.app.inject({
      method: 'POST',
      url: `/auth/invitations/${second}/accept`,
      payload: { name: 'Late', password: 'password two' },
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ detail: 'This invitation link has expired. Ask for a new invitation.' });
    const member = await ctx.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.status', 'u.password_hash'])
      .where('u.email', '=', 'late@acme.test')
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ status: 'pending', password_hash: null });
  });

  it('refuses an unknown link with 404 and a weak password with 400', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/auth/invitations/unknown-token-123' })).statusCode,
    ).toBe(404);
    const weak = await ctx.app.inject({
      method: 'POST',
      url: '/auth/invitations/unknown-token-123/accept',
      payload: { name: 'x', password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
  });

  it('invites an administrator, who accepts and lands on Companies', async () => {
    const invite = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admins',
      headers: { cookie: admin },
      payload: {
        fullname: 'Ada Admin',
        email: 'ada@platform.test',
        profileImageUrl: '/api/v1/files/profiles/ada.png',
      },
    });
    expect(invite.statusCode).toBe(201);
    const token = await tokenSentTo('ada@platform.test');
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/auth/invitations/${token}/accept`,
      payload: { name: 'Ada Admin', password: 'admin password' },
    });
    expect(accepted.json()).toMatchObject({ redirectTo: '/companies', user: { role: 'ADMIN' } });
  });
});

describe('an existing account invited to another company (issue 11 item 2)', () => {
  const otherCompany = async () =>
    (
      await ctx.db
        .selectFrom('companies')
        .select('id')
        .where('initial_code', '=', 'OTHER')
        .executeTakeFirstOrThrow()
    ).id;

  it('accepts only by signing in as itself, never by setting a password or name through the link', async () => {
    const outsider = await signIn(ctx.app, 'outsider@other.test');
    const invite = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${await otherCompany()}/members/invite`,
      headers: { cookie: outsider },
      payload: { email: 'member@acme.test', role: 'MEMBER' },
    });
    expect(invite.statusCode).toBe(201);
    const token = await tokenSentTo('member@acme.test');

    const info = await ctx.app.inject({ method: 'GET', url: `/auth/invitations/${token}` });
    expect(info.json()).toMatchObject({
      needsPassword: false,
      existingAccount: true,
      companyTitle: 'Other Works',
    });

    const before = await ctx.db
      .selectFrom('users')
      .select(['name', 'password_hash'])
      .where('email', '=', 'member@acme.test')
      .executeTakeFirstOrThrow();
    const takeover = await ctx.app.inject({
      method: 'POST',
      url: `/auth/invitations/${token}/accept`,
      payload: { name: 'Mallory', password: 'attacker password' },
    });
    expect(takeover.statusCode).toBe(409);
    expect(takeover.json()).toEqual({
      detail:
        'This e-mail already has an account: sign in with it to accept the invitation. An invitation never changes its password.',
      code: 'sign-in-to-accept',
    });
    expect(takeover.cookies).toHaveLength(0);
    const after = await ctx.db
      .selectFrom('users')
      .select(['name', 'password_hash'])
      .where('email', '=', 'member@acme.test')
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);

    // Somebody else signed in cannot use the link; the invited account, signed in with its own password, can.
    const acceptAs = (cookie: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/auth/invitations/${token}/accept-signed-in`,
        headers: { cookie, ...CSRF },
      });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/auth/invitations/${token}/accept-signed-in`,
          headers: CSRF,
        })
      ).statusCode,
    ).toBe(401);
    const wrong = await acceptAs(outsider);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      detail:
        'This invitation was sent to another e-mail address: sign out, then sign in with that address to accept it.',
    });
    const member = await signIn(ctx.app, 'member@acme.test', PASSWORD);
    const accepted = await acceptAs(member);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ message: 'Invitation accepted' });
    const membership = await ctx.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select('memberships.status')
      .where('users.email', '=', 'member@acme.test')
      .where('memberships.company_id', '=', await otherCompany())
      .executeTakeFirstOrThrow();
    expect(membership.status).toBe('active');
    expect((await acceptAs(member)).statusCode).toBe(410);
  });

  it('ends every session of an account whose password an invitation sets', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${await companyId()}/members/invite`,
      headers: { cookie: owner },
      payload: { email: 'fresh@acme.test', role: 'MEMBER' },
    });
    const token = await tokenSentTo('fresh@acme.test');
    const fresh = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'fresh@acme.test')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('sessions')
      .values({
        id: 'a'.repeat(64),
        user_id: fresh.id,
        selected_company_id: null,
        id_token: null,
        expires_at: sql<Date>`now() + interval '1 hour'`,
      })
      .execute();
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/auth/invitations/${token}/accept`,
      payload: { name: 'Fresh', password: 'a fresh password' },
    });
    expect(accepted.statusCode).toBe(200);
    const sessions = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', fresh.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.id).not.toBe('a'.repeat(64));
  });

  it('keeps the link out of the Mail outbox and out of the stored message once it is sent', async () => {
    const token = await tokenSentTo('fresh@acme.test');
    await expect
      .poll(
        async () =>
          (
            await ctx.db
              .selectFrom('mail_outbox')
              .select('state')
              .where('recipient', '=', 'fresh@acme.test')
              .executeTakeFirst()
          )?.state,
      )
      .toBe('sent');
    const outbox = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/mail-outbox?recipient=fresh@acme.test',
      headers: { cookie: admin },
    });
    const body: string = outbox.json().items[0].body;
    expect(body).toContain(HIDDEN_LINK);
    expect(body).not.toContain(token);
    expect(body).not.toContain('/auth/invitation/');
    const stored = await ctx.db
      .selectFrom('mail_outbox')
      .select(['body_text', 'body_html'])
      .where('recipient', '=', 'fresh@acme.test')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token);
    // Only the token's SHA-256 is kept.
    const hashes = await ctx.db.selectFrom('invitations').select('token_hash').execute();
    expect(hashes.map((row) => row.token_hash)).not.toContain(token);
  });
});

describe('without a mail server', () => {
  it('shows links only with MAIL_OUTBOX_SHOWS_LINKS, and limits invitations per inviter and per company an hour', async () => {
    const local = await createTestContext(
      {
        MAIL_OUTBOX_SHOWS_LINKS: '1',
        INVITE_MAX_PER_INVITER_PER_HOUR: '2',
        INVITE_MAX_PER_COMPANY_PER_HOUR: '3',
      },
      { workers: true },
    );
    try {
      await seedTenants(local.db);
      const acme = (
        await local.db
          .selectFrom('companies')
          .select('id')
          .where('initial_code', '=', 'ACME')
          .executeTakeFirstOrThrow()
      ).id;
      const as = (cookie: string, email: string) =>
        local.app.inject({
          method: 'POST',
          url: `/api/v1/companies/${acme}/members/invite`,
          headers: { cookie },
          payload: { email, role: 'MEMBER' },
        });
      const localOwner = await signIn(local.app, 'owner@acme.test');
      const localRvs = await signIn(local.app, 'owner.rvs@acme.test');
      expect((await as(localOwner, 'one@x.test')).statusCode).toBe(201);
      expect((await as(localOwner, 'two@x.test')).statusCode).toBe(201);
      const third = await as(localOwner, 'three@x.test');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({
        detail: 'You have sent too many invitations in the last hour. Try again later.',
      });
      expect((await as(localRvs, 'four@x.test')).statusCode).toBe(201);
      const fifth = await as(localRvs, 'five@x.test');
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json()).toEqual({
        detail: 'This company has sent too many invitations in the last hour. Try again later.',
      });
      expect(
        await local.db.selectFrom('memberships').select('user_id').where('company_id', '=', acme).execute(),
      ).toHaveLength(7);

      const localAdmin = await signIn(local.app, 'admin@acme.test');
      await expect
        .poll(
          async () =>
            (
              await local.app.inject({
                method: 'GET',
                url: '/api/v1/mail-outbox?recipient=one@x.test',
                headers: { cookie: localAdmin },
              })
            ).json().items[0]?.state,
          { timeout: 15_000 },
        )
        .toBe('stored');
      const shown = await local.app.inject({
        method: 'GET',
        url: '/api/v1/mail-outbox?recipient=one@x.test',
        headers: { cookie: localAdmin },
      });
      expect(shown.json().items[0].body).toMatch(/\/auth\/invitation\/[A-Za-z0-9_-]{20,}/);
    } finally {
      await local.close();
    }
  });
});

describe('a failing mail server', () => {
  it('records the error in the outbox and keeps retrying', async () => {
    const broken = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:9' }, { workers: true });
    try {
      await seedTenants(broken.db);
      const cookie = await signIn(broken.app, 'owner@acme.test');
      const acme = (
        await broken.db
          .selectFrom('companies')
          .select('id')
          .where('initial_code', '=', 'ACME')
          .executeTakeFirstOrThrow()
      ).id;
      await broken.app.inject({
        method: 'POST',
        url: `/api/v1/companies/${acme}/members/invite`,
        headers: { cookie },
        payload: { email: 'unlucky@acme.test', role: 'MEMBER' },
      });
      await expect
        .poll(
          async () =>
            (await broken.db
              .selectFrom('mail_outbox')
              .select(['state', 'last_error', 'attempts'])
              .executeTakeFirst()) ?? null,
          { timeout: 15_000 },
        )
        .toMatchObject({ state: 'queued', last_error: expect.stringContaining('ECONNREFUSED'), attempts: 1 });
    } finally {
      await broken.close();
    }
  });
});
