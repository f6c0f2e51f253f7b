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
  it('names the inviter by their name, on one line, never with a web address', () => {
    expect(inviterLabel('Olivia  Owner')).toBe('Olivia Owner');
    expect(inviterLabel('J. R. Smith', 'j@acme.test')).toBe('J. R. Smith');
    expect(inviterLabel('Olivia\nVerify your account at evil.example.com', 'o@acme.test')).toBe(
      'o@acme.test',
    );
    expect(inviterLabel('see https://evil.example/login', 'o@acme.test')).toBe('o@acme.test');
    expect(inviterLabel('   ', 'o@acme.test')).toBe('o@acme.test');
    expect(inviterLabel('x'.repeat(200))).toHaveLength(80);
  });

  it('holds fixed text, the company and the inviter only; the outbox copy hides the link', () => {
    const mail = invitationMail({ ...base, invitedBy: 'Mallory www.evil.example' });
    expect(mail.text).toContain('owner@acme.test invited you to join Acme Power on SDP.');
    expect(mail.text).not.toContain('evil');
    expect(mail.html).not.toContain('evil');
    expect(mail.text).toContain(base.link);
    expect(mail.shownText).toContain(HIDDEN_LINK);
    expect(mail.shownText).not.toContain('secret-token-123');
  });
});
