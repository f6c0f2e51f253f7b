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
  /** The recipient's language (default English). */
  language?: 'en' | 'th';
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

const WORDS = {
  en: {
    join: (company: string) => `join ${company} on SDP`,
    administer: 'administer SDP, the Smart Detection Platform',
    subjectJoin: (company: string) => `Invitation to ${company} on SDP`,
    subjectAdminister: 'Invitation to administer SDP',
    invited: (who: string, what: string) => `${who} invited you to ${what}.`,
    open: 'Open this link to accept:',
    accept: 'Accept the invitation',
    expires: (days: number) => `The link works once and expires in ${days} ${days === 1 ? 'day' : 'days'}.`,
  },
  th: {
    join: (company: string) => `เข้าร่วม ${company} บน SDP`,
    administer: 'เป็นผู้ดูแลระบบ SDP (Smart Detection Platform)',
    subjectJoin: (company: string) => `คำเชิญเข้าร่วม ${company} บน SDP`,
    subjectAdminister: 'คำเชิญเป็นผู้ดูแลระบบ SDP',
    invited: (who: string, what: string) => `${who} เชิญคุณ${what}`,
    open: 'เปิดลิงก์นี้เพื่อตอบรับ:',
    accept: 'ตอบรับคำเชิญ',
    expires: (days: number) => `ลิงก์ใช้ได้ครั้งเดียวและหมดอายุใน ${days} วัน`,
  },
} as const;

/**
 * The invitation e-mail with the single-use link, in the recipient's language (issue 27 item 5: the language they
 * chose in the portal, else the inviter's). Only fixed text, the company's title and the inviter's name, both
 * neutralised (mailText): nothing else an inviter types reaches an outsider's mailbox. `shownText` is the same text
 * with the link hidden, for the Mail outbox.
 */
export function invitationMail({
  email,
  link,
  expiresInDays,
  companyTitle: typedTitle,
  invitedBy: inviterName,
  invitedByEmail,
  language = 'en',
}: InvitationMail): OutboxMessage {
  const words = WORDS[language];
  const invitedBy = inviterLabel(inviterName, invitedByEmail);
  // The company's title is typed by an administrator: neutralised like any user-given text.
  const companyTitle =
    typedTitle === null ? null : mailText(typedTitle, { oneLine: true, maxLength: 120 }) || 'SDP';
  const what = companyTitle ? words.join(companyTitle) : words.administer;
  const subject = companyTitle ? words.subjectJoin(companyTitle) : words.subjectAdminister;
  const textWith = (shown: string) =>
    [words.invited(invitedBy, what), '', `${words.open} ${shown}`, words.expires(expiresInDays)].join('\n');
  const text = textWith(link);
  const html = `<p>${escapeHtml(words.invited(invitedBy, what))}</p>
<p><a href="${escapeHtml(link)}">${words.accept}</a></p>
<p>${words.expires(expiresInDays)}</p>`;
  return { recipient: email, subject, text, html, shownText: textWith(HIDDEN_LINK) };
}
