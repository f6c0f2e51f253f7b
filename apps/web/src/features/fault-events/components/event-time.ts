import { formatDayTimeIn } from '../../../lib/time.ts';

/** An instant as the fault event and note panels show it, in the company's zone: 'DD MMM YYYY, HH:mm'. */
export function formatEventTime(instant: string | null | undefined, timeZone: string): string {
  if (!instant) return '-';
  return formatDayTimeIn(instant, timeZone);
}

/** Numbers with two decimals (spec 03 §9), '-' for none. */
export function twoDecimals(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(2);
}
