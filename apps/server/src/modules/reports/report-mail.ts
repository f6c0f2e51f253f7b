import { mailDate } from '../../lib/zoned-dates.ts';
import { alarmCounts } from '../../mail/counts.ts';
import { escapeHtml, mailText } from '../../mail/user-text.ts';
import type { ReportData } from './report-pdf.ts';

type Language = 'en' | 'th';

/** The report mail's fixed words in English and Thai (issue 27 item 5), as the web app names the reports. */
const WORDS = {
  en: {
    kind: { MCA: 'MCA monthly report', RVS: 'RVS report' },
    of: (kind: string, model: string, tag: string) => `${kind} of ${model}, equipment ${tag}.`,
    to: 'to',
    period: 'Period',
    inPeriod: (counts: string) => `${counts} in the period.`,
    attached: (name: string) => `The report is attached (${name}).`,
  },
  th: {
    kind: { MCA: 'รายงาน MCA รายเดือน', RVS: 'รายงาน RVS' },
    of: (kind: string, model: string, tag: string) => `${kind}ของ ${model} อุปกรณ์ ${tag}`,
    to: 'ถึง',
    period: 'ช่วงเวลา',
    inPeriod: (counts: string) => `ในช่วงเวลานี้มี${counts}`,
    attached: (name: string) => `รายงานแนบมากับอีเมลนี้ (${name})`,
  },
} as const;

/**
 * The mail that carries a scheduled or realtime report, in the recipient's language (issue 27 item 5): the
 * company, the report and its model, the period in the company's zone written as the web app writes dates in that
 * language, and the period's alarms and warnings counted with proper plurals, as the schedule digests count them.
 * Titles are user-given: neutralised so no mail client links a typed address (issue 23 item 13).
 */
export function reportMail(
  data: Pick<ReportData, 'company' | 'model' | 'kind' | 'period' | 'events'>,
  name: string,
  language: Language,
): { subject: string; text: string; html: string } {
  const words = WORDS[language];
  const line = (text: string) => mailText(text, { oneLine: true, maxLength: 200 });
  const company = line(data.company.title);
  const model = `${line(data.model.title)} (${line(data.model.code)})`;
  const tag = line(data.model.tagCode);
  const zone = data.period.timeZone;
  const when = (instant: Date) => mailDate(instant, zone, language).dateTime;
  const from = when(data.period.from);
  const to = when(data.period.to);
  const alarms = data.events.filter((e) => e.alarm_type === 2).length;
  const counts = alarmCounts(alarms, data.events.length - alarms, language);
  const kind = words.kind[data.kind];
  const period = `${words.period}: ${from} – ${to} (${zone})`;
  return {
    // The range with a word, not an en dash: an English subject stays ASCII, so mail clients list it as written.
    subject: `SDP ${kind}: ${model} ${from} ${words.to} ${to}`,
    text: `${company}\n${words.of(kind, model, tag)}\n${period}\n${words.inPeriod(counts)}\n${words.attached(name)}\n`,
    html: `<p>${escapeHtml(company)}</p><p>${escapeHtml(words.of(kind, model, tag))}<br>${escapeHtml(period)}<br>${escapeHtml(words.inPeriod(counts))}</p><p>${escapeHtml(words.attached(name))}</p>`,
  };
}
