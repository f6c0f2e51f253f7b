import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Spec 03 §5, §9: at most 31 days (end at most 30 days after start), days above the 28th not selectable. */
export const REPORT_MAX_SPAN_DAYS = 30;
export const LAST_SELECTABLE_DAY = 28;

export type DateProblem = 'required' | 'future' | 'afterDay28' | 'beforeStart' | 'tooLong' | null;

/** What is wrong with the Start and End dates (YYYY-MM-DD) of the Customize Report panel, today in `timeZone`. */
export function reportDateProblems(
  start: string,
  end: string,
  timeZone: string,
  now: Date = new Date(),
): { start: DateProblem; end: DateProblem } {
  const today = dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  const day = (value: string) => Number(value.slice(8, 10));
  const startProblem: DateProblem = !start
    ? 'required'
    : start > today
      ? 'future'
      : day(start) > LAST_SELECTABLE_DAY
        ? 'afterDay28'
        : null;
  let endProblem: DateProblem = !end
    ? 'required'
    : end > today
      ? 'future'
      : day(end) > LAST_SELECTABLE_DAY
        ? 'afterDay28'
        : null;
  if (!endProblem && start && end < start) endProblem = 'beforeStart';
  if (!endProblem && start && dayjs(end).diff(dayjs(start), 'day') > REPORT_MAX_SPAN_DAYS)
    endProblem = 'tooLong';
  return { start: startProblem, end: endProblem };
}

/** The instants the report call takes: start of the start day, end of the end day (23:59:59.999), in the zone. */
export function reportRange(start: string, end: string, timeZone: string): { start: string; end: string } {
  return {
    start: dayjs.tz(start, timeZone).startOf('day').toISOString(),
    end: dayjs.tz(end, timeZone).endOf('day').toISOString(),
  };
}

/** The last end date the picker offers: 30 days after the start, and never after today. */
export function latestEnd(start: string, timeZone: string, now: Date = new Date()): string {
  const today = dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  if (!start) return today;
  const limit = dayjs(start).add(REPORT_MAX_SPAN_DAYS, 'day').format('YYYY-MM-DD');
  return limit < today ? limit : today;
}
