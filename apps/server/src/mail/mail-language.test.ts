import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, createTestContext, seedTenants, signIn, type TestContext } from '../../test/harness.ts';
import { startSmtpInbox } from '../../test/smtp-inbox.ts';

/**
 * Mails in the recipient's language (issue 27 item 5): the web app stores the language one reads the portal in, and
 * what the server writes to a person is composed in it; delivered through a real SMTP server on a loopback port.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
let companyId: string;

/** The text of a received mail: headers as they came, the body decoded from quoted-printable or base64. */
function decoded(raw: string): { subject: string; body: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subjectLine = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  const subject = subjectLine.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
  const body = rest.join('\n\n');
  const text = /Content-Transfer-Encoding: base64/i.test(raw)
    ? Buffer.from(
        body.replace(/--[^\n]*|Content-[^\n]*/g, '').replace(/[^A-Za-z0-9+/=]/g, ''),
        'base64',
      ).toString('utf8')
    : body
        .replace(/=\r?\n/g, '')
        .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
  return { subject, body: text };
}

async function mailTo(email: string) {
  await expect.poll(() => smtp.inbox.some((mail) => mail.to.includes(email)), { timeout: 20_000 }).toBe(true);
  return decoded(smtp.inbox.find((mail) => mail.to.includes(email))?.raw ?? '');
}

beforeAll(async () => {
  smtp = await startSmtpInbox();
  ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.test' }, { workers: true });
  companyId = (await seedTenants(ctx.db)).companyId;
});

afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const setLanguage = (cookie: string, language: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/language',
    headers: { ...CSRF, cookie },
    payload: { language },
  });

const invite = (cookie: string, email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/companies/${companyId}/members/invite`,
    headers: { ...CSRF, cookie },
    payload: { email, role: 'MEMBER' },
  });

describe('mails in the language the recipient reads the portal in', () => {
  it('keeps the language one chooses in the web app; only English and Thai, only signed in', async () => {
    const owner = await signIn(ctx.app, 'owner@acme.test');
    // /users/me says which one is kept, so the web app sends it only when it differs (not on every page load).
    const kept = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie: owner } })).json()
        .language;
    expect(await kept()).toBeNull();
    expect((await setLanguage(owner, 'th')).statusCode).toBe(204);
    expect(await kept()).toBe('th');
    expect((await setLanguage(owner, 'de')).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/language',
      headers: CSRF,
      payload: { language: 'th' },
    });
    expect(anonymous.statusCode).toBe(401);
    const { rows } = await ctx.database.pool.query<{ language: string }>(
      `SELECT s.language FROM user_settings s JOIN users u ON u.id = s.user_id WHERE u.email = 'owner@acme.test'`,
    );
    expect(rows).toEqual([{ language: 'th' }]);
  });

  it('writes an invitation in Thai to a newcomer invited by someone who reads Thai, and in English otherwise', async () => {
    const owner = await signIn(ctx.app, 'owner@acme.test');
    expect((await setLanguage(owner, 'th')).statusCode).toBe(204);
    expect((await invite(owner, 'somchai@acme.test')).statusCode).toBe(201);
    const thai = await mailTo('somchai@acme.test');
    expect(thai.subject).toBe('คำเชิญเข้าร่วม Acme Power บน SDP');
    expect(thai.body).toContain('เชิญคุณเข้าร่วม Acme Power บน SDP');
    expect(thai.body).toContain('ลิงก์ใช้ได้ครั้งเดียวและหมดอายุใน 7 วัน');
    expect(thai.body).not.toContain('invited you');

    expect((await setLanguage(owner, 'en')).statusCode).toBe(204);
    expect((await invite(owner, 'john@acme.test')).statusCode).toBe(201);
    const english = await mailTo('john@acme.test');
    expect(english.subject).toBe('Invitation to Acme Power on SDP');
    expect(english.body).toContain('invited you to join Acme Power on SDP.');
    expect(english.body).not.toMatch(/[\u0E00-\u0E7F]/);
  });
});
