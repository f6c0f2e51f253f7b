import dayjs from 'dayjs';

export type NotePeriod = 'today' | 'weekly' | 'monthly' | 'yearly';

/**
 * The instants a note period covers in the company's zone (spec 03 §2.15): today, this week from Monday, this
 * month or this year, up to the end of the current day.
 */
export function notePeriodRange(period: NotePeriod, timeZone: string, now: Date = new Date()) {
  const today = dayjs(now).tz(timeZone).startOf('day');
  const start =
    period === 'today'
      ? today
      : period === 'weekly'
        ? today.subtract((today.day() + 6) % 7, 'day')
        : period === 'monthly'
          ? today.startOf('month')
          : today.startOf('year');
  return { start: start.toISOString(), end: today.endOf('day').toISOString() };
}
