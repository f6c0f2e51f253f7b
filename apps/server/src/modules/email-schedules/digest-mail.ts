import { eventAlarmMessage, type SchedulePeriod } from '@sdp/contracts';
import { mailDate } from '../../lib/zoned-dates.ts';
import { alarmCounts } from '../../mail/counts.ts';
import { escapeHtml, mailText } from '../../mail/user-text.ts';
import type { DigestEvent } from './email-schedules.repository.ts';

type Language = 'en' | 'th';

/** The digest's fixed words in English and Thai (issue 27 item 5). */
const WORDS = {
  en: {
    level: { 1: 'Warning', 2: 'Alarm' },
    period: { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' },
    subject: (period: string, tag: string, counts: string) =>
      `SDP ${period.toLowerCase()} notification: ${tag} — ${counts}`,
    heading: (period: string, tag: string) => `${period} e-mail notification for equipment ${tag}`,
    periodLabel: 'Period',
    columns: ['Time', 'Level', 'Tag', 'Message', 'Value'],
    why: 'You receive this because you are assigned to this equipment in SDP.',
  },
  th: {
    level: { 1: 'เตือน', 2: 'แจ้งเตือนอันตราย' },
    period: { daily: 'รายวัน', weekly: 'รายสัปดาห์', monthly: 'รายเดือน' },
    subject: (period: string, tag: string, counts: string) => `SDP การแจ้งเตือน${period}: ${tag} — ${counts}`,
    heading: (period: string, tag: string) => `การแจ้งเตือนทางอีเมล${period}ของอุปกรณ์ ${tag}`,
    periodLabel: 'ช่วงเวลา',
    columns: ['เวลา', 'ระดับ', 'แท็ก', 'ข้อความ', 'ค่า'],
    why: 'คุณได้รับอีเมลนี้เพราะคุณได้รับมอบหมายให้ดูแลอุปกรณ์นี้ใน SDP',
  },
} as const;

/** User-given text on one line, neutralised for a mail (issue 23 item 13). */
const line = (text: string) => mailText(text, { oneLine: true, maxLength: 300 });

/**
 * The digest of an equipment tag's warnings and alarms over one schedule period, in the recipient's language
 * (issue 27 item 5): per model its counts, a link to the model page and each event with its time in the company's
 * zone as the web app writes it in that language, level, message and value. Names and messages are user-given
 * text, neutralised (mailText) before they are escaped; a message the analysis wrote is said in the language.
 */
export function digestMail(raw: {
  period: SchedulePeriod;
  tagTitle: string;
  tagAlias: string;
  from: Date;
  to: Date;
  timeZone: string;
  events: DigestEvent[];
  publicUrl: string;
  language?: Language;
}): { subject: string; text: string; html: string } {
  const language = raw.language ?? 'en';
  const words = WORDS[language];
  const input = {
    ...raw,
    tagTitle: line(raw.tagTitle),
    tagAlias: line(raw.tagAlias),
    events: raw.events.map((event) => ({
      ...event,
      model_title: line(event.model_title),
      model_code: line(event.model_code),
      tag: line(event.tag),
      alarm_message: line(eventAlarmMessage(event.alarm_message, event.diagnosis, language)),
    })),
  };
  const when = (instant: Date) => mailDate(instant, input.timeZone, language).dateTime;
  const alarms = input.events.filter((e) => e.alarm_type === 2).length;
  const warnings = input.events.length - alarms;
  const counts = alarmCounts(alarms, warnings, language);
  const periodName = words.period[input.period];
  const tagName = input.tagAlias ? `${input.tagTitle} (${input.tagAlias})` : input.tagTitle;
  const range = `${when(input.from)} – ${when(input.to)} (${input.timeZone})`;
  const subject = words.subject(periodName, input.tagTitle, counts);
  const byModel = new Map<string, DigestEvent[]>();
  for (const event of input.events)
    byModel.set(event.model_id, [...(byModel.get(event.model_id) ?? []), event]);
  const base = input.publicUrl.replace(/\/$/, '');

  const text: string[] = [
    words.heading(periodName, tagName),
    `${words.periodLabel}: ${range}`,
    `${counts}.`,
    '',
  ];
  const html: string[] = [
    `<h2>${escapeHtml(words.heading(periodName, tagName))}</h2>`,
    `<p>${escapeHtml(words.periodLabel)}: ${escapeHtml(range)}<br>${escapeHtml(counts)}.</p>`,
  ];
  const [timeColumn, levelColumn, tagColumn, messageColumn, valueColumn] = words.columns;
  for (const events of byModel.values()) {
    const first = events[0] as DigestEvent;
    const link = `${base}/model/${first.model_id}`;
    text.push(`${first.model_title} (${first.model_code}): ${link}`);
    html.push(
      `<h3><a href="${escapeHtml(link)}">${escapeHtml(first.model_title)}</a> (${escapeHtml(first.model_code)})</h3><table cellpadding="4" style="border-collapse:collapse"><tr><th align="left">${timeColumn}</th><th align="left">${levelColumn}</th><th align="left">${tagColumn}</th><th align="left">${messageColumn}</th><th align="right">${valueColumn}</th></tr>`,
    );
    for (const event of events) {
      const at = when(event.event_date);
      const value = event.alarm_value.toFixed(2);
      const level = words.level[event.alarm_type];
      text.push(`  ${at}  ${level}  ${event.tag}  ${event.alarm_message}  ${value}`);
      html.push(
        `<tr><td>${escapeHtml(at)}</td><td style="color:${event.alarm_type === 2 ? '#D9263B' : '#C77700'}">${level}</td><td>${escapeHtml(event.tag)}</td><td>${escapeHtml(event.alarm_message)}</td><td align="right">${value}</td></tr>`,
      );
    }
    text.push('');
    html.push('</table>');
  }
  text.push(words.why);
  html.push(`<p style="color:#666">${words.why}</p>`);
  return { subject, text: text.join('\n'), html: html.join('\n') };
}
