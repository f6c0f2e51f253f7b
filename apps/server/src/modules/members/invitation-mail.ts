import type { OutboxMessage } from '../../mail/mail.repository.ts';

interface InvitationMail {
  email: string;
  link: string;
  expiresInDays: number;
  /** The company for a member's invitation; null for a platform administrator's. */
  companyTitle: string | null;
  /** The inviter's name (their own profile text). */
  invitedBy: string;
  /** The inviter's e-mail: named instead when their name would carry a link or is empty. */
  invitedByEmail?: string;
}

/**
 * The inviter as the mail names them: their name on one line, at most 80 characters, never a web address (a name
 * is text the inviter typed; an outsider's mailbox gets no link but ours). Falls back to their e-mail.
 */
export function inviterLabel(name: string, email = 'SDP'): string {
  const line = name
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!line || /https?:|www\.|\/\/|[a-z0-9-]+\.(com|net|org|io|co|th|info|biz|xyz|ly|me)\b/i.test(line))
    return email;
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Stands for the link in the copy of the message administrators read on the Mail outbox page. */
export const HIDDEN_LINK = '[link hidden: sent only to the recipient]';

/**
 * The invitation e-mail, in English and Thai, with the single-use link. Only fixed text, the company's title and
 * the inviter's name: nothing else an inviter types reaches an outsider's mailbox. `shownText` is the same text
 * with the link hidden, for the Mail outbox.
 */
export function invitationMail({
  email,
  link,
  expiresInDays,
  companyTitle,
  invitedBy: inviterName,
  invitedByEmail,
}: InvitationMail): OutboxMessage {
  const invitedBy = inviterLabel(inviterName, invitedByEmail);
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
