import { diagnosisWords, eventAlarmMessage, type FaultEventEvidence, measurementName } from '@sdp/contracts';
import { mailDate } from '../../lib/zoned-dates.ts';
import { mailText } from '../../mail/user-text.ts';
import type { FaultEventRow } from './fault-events.repository.ts';

export type MailKind = 'ack' | 'update' | 'done' | 'new' | 'reminder';
type Language = 'en' | 'th';

const TEXT = {
  en: {
    subject: {
      ack: 'Fault event acknowledged',
      update: 'Fault event comment updated',
      done: 'Fault event done',
      new: 'New fault event',
      reminder: 'Fault event not acknowledged',
    },
    level: { 1: 'Warning', 2: 'Alarm' },
    trippedBy: {
      fixed_limit: 'Fixed limit',
      learned_baseline: 'Learned baseline',
      duval_zone: 'Duval zone (no limit crossed)',
    },
    by: { ack: 'Acknowledged by', update: 'Updated by', done: 'Done by', new: '', reminder: '' },
    fields: {
      status: 'Overall status',
      date: 'Date',
      time: 'Time',
      sensor: 'Sensor',
      model: 'Model',
      message: 'Alarm message',
      cause: 'Cause',
      recommendation: 'Recommendation',
      value: 'Alarm value',
      warning: 'Warning limit',
      alarm: 'Alarm limit',
      trippedBy: 'Tripped by',
      comment: 'Comment',
      evidence: 'Evidence',
      exceed: 'past the limit',
      persistence: 'Persistence',
      trend: 'Last 24 h',
      peaks: 'Spectrum peaks',
      failure: 'Failure mode',
      open: 'Open the model',
      reminder:
        'Nobody has acknowledged this event within {hours} h. Please acknowledge it on the model page.',
    },
  },
  th: {
    subject: {
      ack: 'รับทราบเหตุการณ์ความผิดปกติแล้ว',
      update: 'แก้ไขความคิดเห็นของเหตุการณ์ความผิดปกติ',
      done: 'ดำเนินการเหตุการณ์ความผิดปกติเสร็จสิ้น',
      new: 'เหตุการณ์ความผิดปกติใหม่',
      reminder: 'เหตุการณ์ความผิดปกติยังไม่ได้รับการรับทราบ',
    },
    level: { 1: 'เตือน', 2: 'แจ้งเตือนอันตราย' },
    trippedBy: {
      fixed_limit: 'ขีดจำกัดคงที่',
      learned_baseline: 'ค่าฐานที่เรียนรู้',
      duval_zone: 'โซนสามเหลี่ยมดูวาล (ไม่มีค่าใดเกินขีดจำกัด)',
    },
    by: { ack: 'รับทราบโดย', update: 'แก้ไขโดย', done: 'เสร็จสิ้นโดย', new: '', reminder: '' },
    fields: {
      status: 'สถานะรวม',
      date: 'วันที่',
      time: 'เวลา',
      sensor: 'เซนเซอร์',
      model: 'โมเดล',
      message: 'ข้อความแจ้งเตือน',
      cause: 'สาเหตุ',
      recommendation: 'คำแนะนำ',
      value: 'ค่าที่แจ้งเตือน',
      warning: 'ค่าขีดจำกัดเตือน',
      alarm: 'ค่าขีดจำกัดแจ้งเตือน',
      trippedBy: 'เกิดจาก',
      comment: 'ความคิดเห็น',
      evidence: 'หลักฐาน',
      exceed: 'เกินขีดจำกัด',
      persistence: 'เงื่อนไขการคงอยู่',
      trend: '24 ชั่วโมงล่าสุด',
      peaks: 'จุดสูงสุดของสเปกตรัม',
      failure: 'รูปแบบความเสียหาย',
      open: 'เปิดโมเดล',
      reminder: 'ยังไม่มีผู้รับทราบเหตุการณ์นี้ภายใน {hours} ชั่วโมง กรุณารับทราบในหน้าของโมเดล',
    },
  },
} as const;

const two = (value: number | null | undefined) =>
  value === null || value === undefined ? '-' : value.toFixed(2);

/**
 * The mail of an acknowledge, comment update, done, or a new event (the 'Real time fault event' switch), in the
 * recipient's language: the event's data of spec 03 §7.3 and a summary of its stored evidence. Every text a person
 * or a gateway gave (model name, messages, causes, the actor's name, the comment) is neutralised by mailText, so
 * no mail client turns a typed address into a link (issue 23 item 13); the link to the model is ours.
 */
export function faultEventMail(input: {
  kind: MailKind;
  language: Language;
  event: FaultEventRow;
  modelName: string;
  timeZone: string;
  actor: string;
  comment: string;
  evidence: FaultEventEvidence | null;
  link: string;
}) {
  const t = TEXT[input.language];
  const { evidence } = input;
  const line = (text: string) => mailText(text, { oneLine: true, maxLength: 500 });
  // What is wrong and what to do in the recipient's language (issue 26 item 2); the sensor by name, not its code.
  const diagnosis = input.event.diagnosis ?? evidence?.diagnosis;
  const said = diagnosis ? diagnosisWords(diagnosis, input.language) : null;
  // The tag's name and the message the analysis wrote in the reader's words too (issue 27 item 5).
  const event = {
    ...input.event,
    sensor_id: line(measurementName(evidence?.name || input.event.sensor_id, input.language)),
    alarm_message: line(eventAlarmMessage(input.event.alarm_message, diagnosis, input.language)),
    cause: line(said?.cause || input.event.cause),
    recommendation: line(said?.recommendation || input.event.recommendation),
  };
  const modelName = line(input.modelName);
  // The company's zone, the reader's date format ('26 Nov 2026', '26 พ.ย. 2026') as the web app shows it.
  const { date, time } = mailDate(event.event_date, input.timeZone, input.language);
  const level = t.level[event.alarm_type];
  const lines = [
    `${t.fields.status}: ${level}`,
    `${t.fields.date}: ${date}`,
    `${t.fields.time}: ${time}`,
    `${t.fields.sensor}: ${event.sensor_id}`,
    `${t.fields.model}: ${modelName}`,
    `${t.fields.message}: ${event.alarm_message}`,
    `${t.fields.cause}: ${event.cause || '-'}`,
    `${t.fields.recommendation}: ${event.recommendation || '-'}`,
    `${t.fields.value}: ${two(event.alarm_value)}${evidence?.unit ? ` ${line(evidence.unit)}` : ''}`,
    `${t.fields.warning}: ${two(event.warning_limit)}`,
    `${t.fields.alarm}: ${two(event.alarm_limit)}`,
    `${t.fields.trippedBy}: ${t.trippedBy[event.tripped_by]}`,
  ];
  if (input.kind === 'reminder') {
    // Escalation (issue 26 item 6): the comment carries the hours the event waited.
    lines.push('', t.fields.reminder.replace('{hours}', line(input.comment)));
  } else if (input.kind !== 'new') {
    lines.push(
      '',
      `${t.by[input.kind]}: ${line(input.actor)}`,
      `${t.fields.comment}: ${mailText(input.comment)}`,
    );
  }
  if (evidence) {
    lines.push('', `${t.fields.evidence}:`);
    if (evidence.exceedPercent !== null) lines.push(`- ${two(evidence.exceedPercent)} % ${t.fields.exceed}`);
    if (evidence.persistence)
      lines.push(`- ${t.fields.persistence}: ${evidence.persistence.x} / ${evidence.persistence.y}`);
    if (evidence.trendStats)
      lines.push(
        `- ${t.fields.trend}: min ${two(evidence.trendStats.min)}, max ${two(evidence.trendStats.max)}, mean ${two(evidence.trendStats.mean)} (${evidence.trendStats.count})`,
      );
    if (evidence.spectrum?.peaks.length)
      lines.push(
        `- ${t.fields.peaks} (${line(evidence.spectrum.fileName)}): ${evidence.spectrum.peaks
          .map((peak) => `${two(peak.hz)} Hz ${peak.amplitude.toPrecision(3)}`)
          .join(', ')}`,
      );
    const failureMode = said?.failureMode || evidence.failureMode;
    if (failureMode) lines.push(`- ${t.fields.failure}: ${line(failureMode)}`);
  }
  lines.push('', `${t.fields.open}: ${input.link}`);
  return {
    subject: `[SDP] ${t.subject[input.kind]}: ${modelName} · ${level} · ${event.alarm_message}`.slice(0, 250),
    text: lines.join('\n'),
  };
}
