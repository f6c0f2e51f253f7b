import type { StatusHistory } from '@sdp/contracts';
import dayjs from 'dayjs';
import { resolveTimeZone } from '../../../lib/time.ts';

/** Days the model page's strip shows: today and the 29 before, as a monthly report covers. */
export const STRIP_DAYS = 30;

/** The last `days` local days of `timeZone` up to `now`: from the start of the first, to now (exclusive end). */
export function lastDays(now: number, timeZone: string, days = STRIP_DAYS) {
  const from = dayjs(now)
    .tz(resolveTimeZone(timeZone))
    .startOf('day')
    .subtract(days - 1, 'day');
  return { from: from.toISOString(), to: new Date(now).toISOString() };
}

/**
 * Days in alarm, in warning, normal and without data (offline, or before the history began), counted as the
 * report's status history counts them.
 */
export function dayCounts(days: StatusHistory['days']) {
  const counts = { alarm: 0, warning: 0, normal: 0, none: 0 };
  for (const { status } of days) {
    if (status === 2) counts.alarm++;
    else if (status === 1) counts.warning++;
    else if (status === 0) counts.normal++;
    else counts.none++;
  }
  return counts;
}
