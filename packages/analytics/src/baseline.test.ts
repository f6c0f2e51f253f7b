import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INITIAL_ALARM_STATE, updateAlarmState } from './alarms.ts';
import {
  baselineLearningComplete,
  baselineLimits,
  DEFAULT_BASELINE_RULE,
  learnBaseline,
} from './baseline.ts';

interface Case {
  name: string;
  direction: 'high' | 'low';
  scale: 'linear' | 'decibel';
  values: number[];
  centre: number;
  madSigma: number;
  spread: number;
  warning: number;
  alarm: number;
}
// numpy median and scipy.stats.median_abs_deviation(scale='normal'): make_baseline_fixture.py.
const fixture = JSON.parse(readFileSync(new URL('../fixtures/baseline.json', import.meta.url), 'utf8')) as {
  rule: { warningDeviations: number; alarmDeviations: number; minimumSpreadFraction: number };
  cases: Case[];
};
const rule = { ...DEFAULT_BASELINE_RULE, ...fixture.rule };

describe('learnBaseline against numpy/scipy', () => {
  it('uses the documented defaults: 14 days, 50 values, 6 and 12 deviations, 5 % floor', () => {
    expect(DEFAULT_BASELINE_RULE).toEqual({
      learningDays: 14,
      learningCaptures: 50,
      warningDeviations: 6,
      alarmDeviations: 12,
      minimumSpreadFraction: 0.05,
    });
    expect(rule).toEqual(DEFAULT_BASELINE_RULE);
  });

  for (const reference of fixture.cases) {
    it(`${reference.name}: centre, spread and limits within 1e-9 relative`, () => {
      const band = learnBaseline(reference.values, reference.direction, rule, reference.scale);
      const close = (actual: number, expected: number) =>
        expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
      close(band.centre, reference.centre);
      close(band.spread, reference.spread);
      close(band.warning, reference.warning);
      close(band.alarm, reference.alarm);
      expect(band.count).toBe(reference.values.length);
    });
  }

  it('the 5 % floor widens the band of a steady machine beyond its measured spread', () => {
    const steady = fixture.cases.find((c) => c.name.startsWith('steady')) as Case;
    expect(steady.madSigma).toBeLessThan(0.05 * steady.centre);
    const band = learnBaseline(steady.values, 'high', rule);
    expect(band.warning / band.centre).toBeCloseTo(1.3, 9);
    expect(band.alarm / band.centre).toBeCloseTo(1.6, 9);
  });

  it('a level in dB gets a floor of 0.42 dB (5 % of the amplitude), not 5 % of the dB number', () => {
    const steady = fixture.cases.find((c) => c.scale === 'decibel') as Case;
    const band = learnBaseline(steady.values, 'high', rule, 'decibel');
    expect(band.spread).toBeCloseTo(20 * Math.log10(1.05), 12);
    expect(band.warning - band.centre).toBeCloseTo(6 * 20 * Math.log10(1.05), 12);
  });

  it('spikes in the learning period barely move the band (median and MAD ignore them)', () => {
    const clean = learnBaseline(fixture.cases[0]!.values, 'high', rule);
    const spiky = learnBaseline(fixture.cases[1]!.values, 'high', rule);
    expect(Math.abs(spiky.centre - clean.centre)).toBeLessThan(0.1);
    expect(spiky.warning).toBeLessThan(clean.warning * 1.35);
  });

  it('a value bad when low gets its band below the centre', () => {
    const band = learnBaseline([95, 96, 94, 95.5, 94.5], 'low', rule);
    expect(band.warning).toBeLessThan(band.centre);
    expect(band.alarm).toBeLessThan(band.warning);
  });

  it('refuses fewer than 3 values, non-finite values and an alarm below the warning', () => {
    expect(() => learnBaseline([1, 2], 'high')).toThrow(/at least 3 values/);
    expect(() => learnBaseline([1, Number.NaN, 2], 'high')).toThrow();
    expect(() => learnBaseline([1, 2, 3], 'high', { ...rule, alarmDeviations: 2 })).toThrow(/warning/);
  });
});

describe('baselineLearningComplete', () => {
  const start = Date.UTC(2026, 0, 1);
  const day = 86_400_000;
  it('needs both the days and the values', () => {
    expect(baselineLearningComplete(start, start + 14 * day, 50, DEFAULT_BASELINE_RULE)).toBe(true);
    expect(baselineLearningComplete(start, start + 14 * day - 1, 500, DEFAULT_BASELINE_RULE)).toBe(false);
    expect(baselineLearningComplete(start, start + 30 * day, 49, DEFAULT_BASELINE_RULE)).toBe(false);
  });
});

describe('baselineLimits', () => {
  it('feeds the persistence rule: a value at 1.4 × a steady baseline raises a warning, 1.7 × an alarm', () => {
    const band = learnBaseline([1, 1, 1, 1, 1, 1], 'high', rule);
    const limits = baselineLimits(band);
    expect(limits).toEqual({ warning: 1.3, alarm: 1.6000000000000001, direction: 'high' });
    const config = { occurrences: 1, window: 1 };
    expect(updateAlarmState(INITIAL_ALARM_STATE, 1.2, limits!, config).status).toBe(0);
    expect(updateAlarmState(INITIAL_ALARM_STATE, 1.4, limits!, config).status).toBe(1);
    expect(updateAlarmState(INITIAL_ALARM_STATE, 1.7, limits!, config).status).toBe(2);
  });

  it('no limits from a band without width (all learning values 0)', () => {
    expect(baselineLimits(learnBaseline([0, 0, 0], 'high', rule))).toBeNull();
  });
});
