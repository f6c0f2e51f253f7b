import { describe, expect, it } from 'vitest';
import {
  calendarDateIn,
  companyExpiry,
  daysUntil,
  formatCompanyDate,
  formatDateIn,
  formatDateTimeIn,
  formatHeaderClock,
  inZone,
  parseCompanyDate,
  resolveTimeZone,
} from './time.ts';

describe('formatHeaderClock', () => {
  // 17:30 UTC on Monday 5 January 2026 is already Tuesday 00:30 in Bangkok (UTC+7, no daylight saving).
  const instant = new Date('2026-01-05T17:30:45Z');

  it('shows the day name and DD MMMM YYYY HH:mm in the company time zone', () => {
    expect(formatHeaderClock(instant, 'Asia/Bangkok', 'en')).toEqual({
      dayName: 'Tuesday',
      dateTime: '06 January 2026 00:30',
    });
  });

  it('follows the zone rules instead of a fixed offset (London is on summer time in July)', () => {
    expect(formatHeaderClock(new Date('2026-07-01T12:00:00Z'), 'Europe/London', 'en').dateTime).toBe(
      '01 July 2026 13:00',
    );
  });

  it('names the day and month in Thai when the interface is Thai', () => {
    expect(formatHeaderClock(instant, 'Asia/Bangkok', 'th')).toEqual({
      dayName: 'อังคาร',
      dateTime: '06 มกราคม 2026 00:30',
    });
  });
});

describe('resolveTimeZone', () => {
  it('keeps a valid zone and falls back to Asia/Bangkok for a missing or unknown one', () => {
    expect(resolveTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(resolveTimeZone(null)).toBe('Asia/Bangkok');
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBe('Asia/Bangkok');
  });
});

describe('calendarDateIn', () => {
  it('gives the date the instant falls on in the zone, not in UTC', () => {
    const instant = new Date('2026-03-31T18:00:00Z');
    expect(calendarDateIn(instant, 'Asia/Bangkok')).toBe('2026-04-01');
    expect(calendarDateIn(instant, 'America/New_York')).toBe('2026-03-31');
  });
});

describe('company dates', () => {
  it('displays a stored YYYY-MM-DD date as DD/MM/YYYY', () => {
    expect(formatCompanyDate('2026-12-31')).toBe('31/12/2026');
  });

  it('reads a typed DD/MM/YYYY back as YYYY-MM-DD and refuses what is not a calendar date', () => {
    expect(parseCompanyDate('31/12/2026')).toBe('2026-12-31');
    expect(parseCompanyDate(' 29/02/2028 ')).toBe('2028-02-29');
    expect(parseCompanyDate('29/02/2026')).toBeUndefined();
    expect(parseCompanyDate('2026-12-31')).toBeUndefined();
    expect(parseCompanyDate('1/2/2026')).toBeUndefined();
  });

  it('counts whole calendar days to the end date, negative once it has passed', () => {
    expect(daysUntil('2026-12-31', '2026-12-01')).toBe(30);
    expect(daysUntil('2026-03-01', '2026-02-28')).toBe(1);
    expect(daysUntil('2026-12-31', '2026-12-31')).toBe(0);
    expect(daysUntil('2026-12-30', '2026-12-31')).toBe(-1);
  });

  it('flags an expiry 30 days or fewer away and marks a past end date as expired', () => {
    expect(companyExpiry('2026-05-01', '2026-03-31')).toEqual({
      daysLeft: 31,
      expired: false,
      flagged: false,
    });
    expect(companyExpiry('2026-04-30', '2026-03-31')).toEqual({
      daysLeft: 30,
      expired: false,
      flagged: true,
    });
    expect(companyExpiry('2026-03-31', '2026-03-31')).toEqual({ daysLeft: 0, expired: false, flagged: true });
    expect(companyExpiry('2026-03-30', '2026-03-31')).toEqual({ daysLeft: -1, expired: true, flagged: true });
  });
});

describe('instants as dates', () => {
  it('shows the date and time the instant has in the zone', () => {
    expect(formatDateIn('2026-03-31T18:00:00Z', 'Asia/Bangkok')).toBe('01/04/2026');
    expect(formatDateTimeIn('2026-03-31T18:00:00Z', 'Asia/Bangkok')).toBe('01/04/2026 01:00');
  });
});

// inZone reads a zone's offset with one cached formatter per zone instead of dayjs's `.tz()` (a new ICU formatter per
// call). Checked against the browser's own formatting of each instant in the zone (an independent path through
// Intl: en-GB, 2-digit fields), every 61 minutes through 2026 and across DST changes of whole, half and quarter hours.
describe('inZone', () => {
  const zones = [
    'Asia/Bangkok',
    'UTC',
    'Europe/London',
    'America/New_York',
    'America/St_Johns',
    'America/Sao_Paulo',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'Pacific/Kiritimati',
  ];
  const formats = new Map<string, Intl.DateTimeFormat>();
  const reference = (instant: number, timeZone: string) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
      formats.set(timeZone, format);
    }
    const field = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
    return `${field.day}/${field.month}/${field.year} ${field.hour}:${field.minute}:${field.second}`;
  };

  it('gives the wall clock the browser gives, at every step of a year in zones with odd offsets and DST', () => {
    const start = Date.UTC(2026, 0, 1);
    const end = Date.UTC(2027, 0, 1);
    for (const zone of zones) {
      const wrong: string[] = [];
      for (let instant = start; instant < end; instant += 61 * 60_000 + 7_250) {
        const ours = inZone(instant, zone).format('DD/MM/YYYY HH:mm:ss');
        const theirs = reference(instant, zone);
        if (ours !== theirs) wrong.push(`${new Date(instant).toISOString()}: ${ours} ≠ ${theirs}`);
      }
      expect(wrong.slice(0, 3), zone).toEqual([]);
    }
  });

  it('falls back to the default zone for an unknown one and leaves an invalid instant invalid', () => {
    expect(inZone('2026-01-05T17:30:00Z', 'Mars/Olympus').format('DD/MM/YYYY HH:mm')).toBe(
      '06/01/2026 00:30',
    );
    expect(inZone('not a date', 'Asia/Bangkok').isValid()).toBe(false);
  });
});
