import { describe, expect, it } from 'vitest';
import {
  cronOf,
  latestOccurrence,
  nextOccurrence,
  previousOccurrence,
  wallClockTime,
} from './schedule-time.ts';

// Expected instants are written out by hand from the zones' offsets (Asia/Bangkok UTC+7 all year; New York
// UTC−5 / UTC−4 from 8 March 2026; Berlin UTC+1 / UTC+2 from 29 March 2026), not computed by the library.
describe('schedule occurrences in the schedule’s own time zone', () => {
  it('a daily 08:00 in Bangkok is 01:00 UTC', () => {
    const daily = { iterable: 1 as const, time: '08:00:00', timeZone: 'Asia/Bangkok', day: null };
    expect(cronOf(daily)).toBe('0 8 * * *');
    expect(latestOccurrence(daily, new Date('2026-05-10T03:00:00Z')).toISOString()).toBe(
      '2026-05-10T01:00:00.000Z',
    );
    expect(latestOccurrence(daily, new Date('2026-05-10T00:59:00Z')).toISOString()).toBe(
      '2026-05-09T01:00:00.000Z',
    );
    // An occurrence exactly at the clock counts as due.
    expect(latestOccurrence(daily, new Date('2026-05-10T01:00:00Z')).toISOString()).toBe(
      '2026-05-10T01:00:00.000Z',
    );
  });

  it('a weekly Monday 09:30 in New York moves with daylight saving time', () => {
    const weekly = { iterable: 7 as const, time: '09:30', timeZone: 'America/New_York', day: 1 };
    expect(cronOf(weekly)).toBe('30 9 * * 1');
    // Monday 2 March 2026 is still EST (UTC−5), Monday 9 March is EDT (UTC−4).
    expect(nextOccurrence(weekly, new Date('2026-02-28T00:00:00Z')).toISOString()).toBe(
      '2026-03-02T14:30:00.000Z',
    );
    expect(nextOccurrence(weekly, new Date('2026-03-03T00:00:00Z')).toISOString()).toBe(
      '2026-03-09T13:30:00.000Z',
    );
  });

  it('a daily 08:00 in Berlin is 07:00 UTC before and 06:00 UTC after the spring change; the period spans 23 h', () => {
    const daily = { iterable: 1 as const, time: '08:00:00', timeZone: 'Europe/Berlin', day: null };
    const before = latestOccurrence(daily, new Date('2026-03-28T12:00:00Z'));
    const after = latestOccurrence(daily, new Date('2026-03-29T12:00:00Z'));
    expect(before.toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(after.toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(previousOccurrence(daily, after).toISOString()).toBe(before.toISOString());
    expect(after.getTime() - before.getTime()).toBe(23 * 3600_000);
  });

  it('Sunday is day 7 of the dialog and day 0 of cron; monthly runs on its day', () => {
    expect(cronOf({ iterable: 7, time: '06:00:00', timeZone: 'UTC', day: 7 })).toBe('0 6 * * 0');
    const monthly = { iterable: 30 as const, time: '08:00:00', timeZone: 'Asia/Bangkok', day: 28 };
    expect(latestOccurrence(monthly, new Date('2026-03-01T00:00:00Z')).toISOString()).toBe(
      '2026-02-28T01:00:00.000Z',
    );
    expect(previousOccurrence(monthly, new Date('2026-02-28T01:00:00Z')).toISOString()).toBe(
      '2026-01-28T01:00:00.000Z',
    );
  });

  it('reads the start time as HH:MM, HH:MM:SS or the local time of an ISO instant', () => {
    expect(wallClockTime('07:05', 'Asia/Bangkok')).toBe('07:05:00');
    expect(wallClockTime('07:05:59', 'Asia/Bangkok')).toBe('07:05:00');
    expect(wallClockTime('2026-05-10T01:30:00.000Z', 'Asia/Bangkok')).toBe('08:30:00');
  });
});
