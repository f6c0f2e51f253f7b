import { badRequest } from './http-error.ts';

const DAY_MS = 86_400_000;

/** The seconds of a query's startDate–endDate range; reversed or longer than `limitDays` answers 400 naming the field. */
export function rangeOf(query: { startDate: string; endDate: string }, limitDays: number) {
  const from = Date.parse(query.startDate);
  const to = Date.parse(query.endDate);
  if (!(from < to)) throw badRequest('endDate must be after startDate.');
  if (to - from > limitDays * DAY_MS) throw badRequest(`endDate: the range is at most ${limitDays} days.`);
  return { fromS: from / 1000, toS: to / 1000 };
}
