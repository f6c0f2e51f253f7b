import { CronExpressionParser } from 'cron-parser';

/** When a recurring mail is due: a wall-clock time in a time zone, daily, weekly on a day, or monthly on a day. */
export interface Recurrence {
  /** 1 daily, 7 weekly, 30 monthly (spec 01 §9). */
  iterable: 1 | 7 | 30;
  /** HH:MM or HH:MM:SS, local to timeZone. */
  time: string;
  timeZone: string;
  /** Weekly: 1 Monday … 7 Sunday. Monthly: the day of the month 1–28. Daily: unused. */
  day: number | null;
}

/**
 * The cron expression of a recurrence, evaluated in its time zone by pg-boss (its cron pass uses cron-parser, as
 * this module does). Cron counts Sunday as 0; the spec's weekly day counts Monday as 1 and Sunday as 7.
 */
export function cronOf(recurrence: Recurrence): string {
  const [hour, minute] = recurrence.time.split(':').map(Number);
  if (recurrence.iterable === 1) return `${minute} ${hour} * * *`;
  if (recurrence.iterable === 7) return `${minute} ${hour} * * ${(recurrence.day ?? 1) % 7}`;
  return `${minute} ${hour} ${recurrence.day ?? 1} * *`;
}

function parse(recurrence: Recurrence, from: Date) {
  return CronExpressionParser.parse(cronOf(recurrence), { currentDate: from, tz: recurrence.timeZone });
}

/** The latest occurrence at or before `now`. */
export function latestOccurrence(recurrence: Recurrence, now: Date): Date {
  // prev() is strictly before its reference: a second later makes an occurrence at `now` itself count.
  return parse(recurrence, new Date(now.getTime() + 1000))
    .prev()
    .toDate();
}

/** The first occurrence strictly after `after`. */
export function nextOccurrence(recurrence: Recurrence, after: Date): Date {
  return parse(recurrence, after).next().toDate();
}

/** The occurrence before `occurrence`: where the period an occurrence reports on begins. */
export function previousOccurrence(recurrence: Recurrence, occurrence: Date): Date {
  return parse(recurrence, occurrence).prev().toDate();
}

/** HH:MM:SS from HH:MM, HH:MM:SS(.fff) or the local time of an ISO date-time in `timeZone`. */
export function wallClockTime(value: string, timeZone: string): string {
  const plain = /^(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (plain && !value.includes('T')) return `${plain[1]}:${plain[2]}:00`;
  const instant = new Date(value);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}:00`;
}
