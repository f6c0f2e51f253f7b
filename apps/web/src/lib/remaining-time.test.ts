import type i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n.ts';
import { formatRemainingTime, remainingTime } from './remaining-time.ts';

let i18n: typeof i18next;
beforeAll(() => {
  i18n = initI18n();
});

describe('remaining time', () => {
  it('reads a month left as days, not "0.0 years"', () => {
    expect(remainingTime(31 / 365.25)).toEqual({ unit: 'days', count: 31 });
    expect(formatRemainingTime(31 / 365.25, i18n.t)).toBe('31 days');
    expect(formatRemainingTime(1 / 365.25, i18n.t)).toBe('1 day');
    expect(formatRemainingTime(0, i18n.t)).toBe('0 days');
  });

  it('reads two months to a year in whole months, a year and more in years, above 15 as "> 15 years"', () => {
    expect(formatRemainingTime(0.25, i18n.t)).toBe('3 months');
    expect(formatRemainingTime(0.999, i18n.t)).toBe('11 months');
    expect(formatRemainingTime(1, i18n.t)).toBe('1.0 years');
    expect(formatRemainingTime(9.34, i18n.t)).toBe('9.3 years');
    expect(formatRemainingTime(16.2, i18n.t)).toBe('> 15 years');
  });

  it('speaks Thai', async () => {
    await i18n.changeLanguage('th');
    try {
      expect(formatRemainingTime(31 / 365.25, i18n.t)).toBe('31 วัน');
      expect(formatRemainingTime(0.5, i18n.t)).toBe('6 เดือน');
      expect(formatRemainingTime(2.5, i18n.t)).toBe('2.5 ปี');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
