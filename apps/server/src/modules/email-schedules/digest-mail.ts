import type { SchedulePeriod } from '@sdp/contracts';
import { escapeHtml, mailText } from '../../mail/user-text.ts';
import type { DigestEvent } from './email-schedules.repository.ts';

const LEVEL = { 1: 'Warning', 2: 'Alarm' } as const;

/** User-given text on one line, neutralised for a mail (issue 23 item 13). */
const line = (text: string) => mailText(text, { oneLine: true, maxLength: 300 });

/** 'DD/MM/YYYY HH:mm' in a time zone. */
export function localTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/**
 * The digest of an equipment tag's warnings and alarms over one schedule period: per model its counts, a link to
 * the model page and each event with its local time, level, message and value. Names and messages are user-given
 * text, neutralised (mailText) before they are escaped.
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
}): { subject: string; text: string; html: string } {
  const input = {
    ...raw,
    tagTitle: line(raw.tagTitle),
    tagAlias: line(raw.tagAlias),
    events: raw.events.map((event) => ({
      ...event,
      model_title: line(event.model_title),
      model_code: line(event.model_code),
      tag: line(event.tag),
      alarm_message: line(event.alarm_message),
    })),
  };
  const alarms = input.events.filter((e) => e.alarm_type === 2).length;
  const warnings = input.events.length - alarms;
  const periodName = input.period[0]?.toUpperCase() + input.period.slice(1);
  const range = `${localTime(input.from, input.timeZone)} – ${localTime(input.to, input.timeZone)} (${input.timeZone})`;
  const subject = `SDP ${periodName.toLowerCase()} notification: ${input.tagTitle} — ${alarms} alarm(s), ${warnings} warning(s)`;
  const byModel = new Map<string, DigestEvent[]>();
  for (const event of input.events)
    byModel.set(event.model_id, [...(byModel.get(event.model_id) ?? []), event]);
  const base = input.publicUrl.replace(/\/$/, '');

  const text: string[] = [
    `${periodName} e-mail notification for equipment ${input.tagTitle} (${input.tagAlias})`,
    `Period: ${range}`,
    `${alarms} alarm(s), ${warnings} warning(s).`,
    '',
  ];
  const html: string[] = [
    `<h2>${escapeHtml(periodName)} e-mail notification: ${escapeHtml(input.tagTitle)} (${escapeHtml(input.tagAlias)})</h2>`,
    `<p>Period: ${escapeHtml(range)}<br>${alarms} alarm(s), ${warnings} warning(s).</p>`,
  ];
  for (const events of byModel.values()) {
    const first = events[0] as DigestEvent;
    const link = `${base}/model/${first.model_id}`;
    text.push(`${first.model_title} (${first.model_code}): ${link}`);
    html.push(
      `<h3><a href="${escapeHtml(link)}">${escapeHtml(first.model_title)}</a> (${escapeHtml(first.model_code)})</h3><table cellpadding="4" style="border-collapse:collapse"><tr><th align="left">Time</th><th align="left">Level</th><th align="left">Tag</th><th align="left">Message</th><th align="right">Value</th></tr>`,
    );
    for (const event of events) {
      const when = localTime(event.event_date, input.timeZone);
      const value = event.alarm_value.toFixed(2);
      text.push(`  ${when}  ${LEVEL[event.alarm_type]}  ${event.tag}  ${event.alarm_message}  ${value}`);
      html.push(
        `<tr><td>${escapeHtml(when)}</td><td style="color:${event.alarm_type === 2 ? '#D9263B' : '#C77700'}">${LEVEL[event.alarm_type]}</td><td>${escapeHtml(event.tag)}</td><td>${escapeHtml(event.alarm_message)}</td><td align="right">${value}</td></tr>`,
      );
    }
    text.push('');
    html.push('</table>');
  }
  text.push('You receive this because you are assigned to this equipment in SDP.');
  html.push('<p style="color:#666">You receive this because you are assigned to this equipment in SDP.</p>');
  return { subject, text: text.join('\n'), html: html.join('\n') };
}
