import { describe, expect, it } from 'vitest';
import { dateAndTime, localTime, mailDate } from './zoned-dates.ts';

describe('dates written in mails, reports and exports', () => {
  // 2026-11-26 17:05 UTC is already the 27th, 00:05, in Bangkok (UTC+7).
  const instant = new Date('2026-11-26T17:05:00Z');

  it('writes one instant in the company zone in each format from the same fields', () => {
    expect(mailDate(instant, 'Asia/Bangkok', 'en')).toEqual({
      date: '27 Nov 2026',
      time: '00:05',
      dateTime: '27 Nov 2026, 00:05',
    });
    expect(mailDate(instant, 'Asia/Bangkok', 'th').dateTime).toBe('27 พ.ย. 2026, 00:05');
    expect(dateAndTime(instant, 'Asia/Bangkok')).toEqual({ date: '27-11-2026', time: '00:05' });
    expect(localTime(instant, 'Asia/Bangkok')).toBe('27/11/2026 00:05');
    expect(localTime(instant, 'Europe/London')).toBe('26/11/2026 17:05');
  });
});
