import type { OutboxMessage } from '../../mail/mail.repository.ts';
import { escapeHtml, mailText } from '../../mail/user-text.ts';

interface InvitationMail {
  email: string;
  link: string;
  expiresInDays: number;
  /** The company for a member's invitation; null for a platform administrator's. */
  companyTitle: string | null;
  /** The inviter's name (their own profile text). */
  invitedBy: string;
  /** The inviter's e-mail: named instead when their name is empty. */
  invitedByEmail?: string;
}

/**
 * The inviter as the mail names them: their name on one line, at most 80 characters, with anything that looks like
 * an address defanged (`evil[.]ru`: a name is text the inviter typed, and an outsider's mailbox gets no link but
 * ours; issue 23 item 13 replaced a list of domains that missed most of them). Falls back to their e-mail.
 */
export function inviterLabel(name: string, email = 'SDP'): string {
  return mailText(name, { oneLine: true, maxLength: 80 }) || email;
}

/** Stands for the link in the copy of the message administrators read on the Mail outbox page. */
export const HIDDEN_LINK = '[link hidden: sent only to the recipient]';

/**
 * The invitation e-mail, in English and Thai, with the single-use link. Only fixed text, the company's title and
 * the inviter's name, both neutralised (mailText): nothing else an inviter types reaches an outsider's mailbox. `shownText` is the same text
 * with the link hidden, for the Mail outbox.
 */
export function invitationMail({
  email,
  link,
  expiresInDays,
  companyTitle: typedTitle,
  invitedBy: inviterName,
  invitedByEmail,
}: InvitationMail): OutboxMessage {
  const invitedBy = inviterLabel(inviterName, invitedByEmail);
  // The company's title is typed by an administrator: neutralised like any user-given text.
  const companyTitle =
    typedTitle === null ? null : mailText(typedTitle, { oneLine: true, maxLength: 120 }) || 'SDP';
  const what = companyTitle ? `join ${companyTitle} on SDP` : 'administer SDP, the Smart Detection Platform';
  const whatTh = companyTitle ? `เข้าร่วม ${companyTitle} บน SDP` : 'เป็นผู้ดูแลระบบ SDP';
  const subject = companyTitle ? `Invitation to ${companyTitle} on SDP` : 'Invitation to administer SDP';
  const textWith = (shown: string) =>
    [
      `${invitedBy} invited you to ${what}.`,
      '',
      `Open this link to accept: ${shown}`,
      `The link works once and expires in ${expiresInDays} days.`,
      '',
      `${invitedBy} เชิญคุณ${whatTh}`,
      `เปิดลิงก์นี้เพื่อตอบรับ: ${shown}`,
      `ลิงก์ใช้ได้ครั้งเดียวและหมดอายุใน ${expiresInDays} วัน`,
    ].join('\n');
  const text = textWith(link);
  const html = `<p>${escapeHtml(invitedBy)} invited you to ${escapeHtml(what)}.</p>
<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>
<p>The link works once and expires in ${expiresInDays} days.</p>
<hr><p>${escapeHtml(invitedBy)} เชิญคุณ${escapeHtml(whatTh)}</p>
<p><a href="${escapeHtml(link)}">ตอบรับคำเชิญ</a> — ลิงก์ใช้ได้ครั้งเดียวและหมดอายุใน ${expiresInDays} วัน</p>`;
  return { recipient: email, subject, text, html, shownText: textWith(HIDDEN_LINK) };
}
