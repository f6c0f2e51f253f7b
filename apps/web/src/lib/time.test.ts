import { describe, expect, it } from 'vitest';
import {
  calendarDateIn,
  companyExpiry,
  daysUntil,
  formatCompanyDate,
  formatDateIn,
  formatDateTimeIn,
  formatHeaderClock,
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
