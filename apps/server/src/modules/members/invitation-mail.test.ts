import { describe, expect, it } from 'vitest';
import { HIDDEN_LINK, invitationMail, inviterLabel } from './invitation-mail.ts';

const base = {
  email: 'guest@outside.test',
  link: 'http://portal.test/auth/invitation/secret-token-123',
  expiresInDays: 7,
  companyTitle: 'Acme Power',
  invitedByEmail: 'owner@acme.test',
};

describe('the invitation mail (issue 11 items 2 and 7)', () => {
  it('names the inviter by their name, on one line, with any address defanged so no client links it (issue 23 item 13)', () => {
    expect(inviterLabel('Olivia  Owner')).toBe('Olivia Owner');
    expect(inviterLabel('J. R. Smith', 'j@acme.test')).toBe('J. R. Smith');
    expect(inviterLabel('Olivia\nVerify your account at evil.example.com', 'o@acme.test')).toBe(
      'Olivia Verify your account at evil[.]example[.]com',
    );
    expect(inviterLabel('see https://evil.example/login', 'o@acme.test')).toBe(
      'see https[:]//evil[.]example/login',
    );
    // The domains the old filter's list missed.
    expect(inviterLabel('Olga at evil.ru/pay')).toBe('Olga at evil[.]ru/pay');
    expect(inviterLabel('Bob (bob.evil.de)')).toBe('Bob (bob[.]evil[.]de)');
    expect(inviterLabel('ผู้จัดการ ตัวอย่าง.ไทย')).toBe('ผู้จัดการ ตัวอย่าง[.]ไทย');
    expect(inviterLabel('Eve\u202e moc.live')).toBe('Eve moc[.]live');
    expect(inviterLabel('   ', 'o@acme.test')).toBe('o@acme.test');
    expect(inviterLabel('x'.repeat(200))).toHaveLength(80);
  });

  it('holds fixed text, the company and the inviter only; the outbox copy hides the link', () => {
    const mail = invitationMail({
      ...base,
      companyTitle: 'Acme <b>Power</b> acme-pay.co',
      invitedBy: 'Mallory www.evil.example',
    });
    expect(mail.text).toContain(
      'Mallory www[.]evil[.]example invited you to join Acme <b>Power</b> acme-pay[.]co on SDP.',
    );
    expect(mail.html).toContain(
      'Mallory www[.]evil[.]example invited you to join Acme &#60;b&#62;Power&#60;/b&#62; acme-pay[.]co on SDP.',
    );
    for (const body of [mail.text, mail.html]) expect(body).not.toMatch(/evil\.example|acme-pay\.co/);
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain(base.link);
    expect(mail.shownText).toContain(HIDDEN_LINK);
    expect(mail.shownText).not.toContain('secret-token-123');
  });
});
