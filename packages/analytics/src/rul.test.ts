import { describe, expect, it } from 'vitest';
import {
  componentLifeHours,
  formatRulPercent,
  formatRulYears,
  initialLifeUsed,
  remainingLife,
  remainingLifeTrace,
  rulStatus,
} from './rul.ts';

const capacitor = { ratedLifeHours: 1000, ratedTemperatureC: 105 };

describe('componentLifeHours (10 °C rule)', () => {
  it('doubles life per 10 °C below the rating: 64k, 32k, 16k h at 45, 55, 65 °C', () => {
    expect([45, 55, 65].map((t) => componentLifeHours(t, capacitor))).toEqual([64_000, 32_000, 16_000]);
  });

  it('takes a configurable L0, T0 and doubling step (e.g. a fan rated 60,000 h at 40 °C)', () => {
    const fan = { ratedLifeHours: 60_000, ratedTemperatureC: 40, doublingStepC: 15 };
    expect(componentLifeHours(55, fan)).toBeCloseTo(30_000, 8);
  });

  it('rejects a zero rated life', () => {
    expect(() => componentLifeHours(40, { ...capacitor, ratedLifeHours: 0 })).toThrow(
      expect.objectContaining({ code: 'OUT_OF_RANGE' }),
    );
  });
});

describe('remainingLife (Miner)', () => {
  it('gives the ANALYTICS.md test vector: L_eq 27,429 h ≈ constant 57.2 °C', () => {
    const history = [45, 55, 65].map((temperatureC) => ({ hours: 8, temperatureC }));
    const result = remainingLife(history, capacitor);
    expect(result.equivalentLifeHours).toBeCloseTo(27_428.57, 1);
    expect(result.equivalentTemperatureC).toBeCloseTo(57.2, 1);
    expect(result.damage).toBeCloseTo(8 / 64_000 + 8 / 32_000 + 8 / 16_000, 15);
    expect(result.rulPercent).toBeCloseTo(100 * (1 - 0.000875), 10);
    expect(result.remainingHours).toBeCloseTo((1 - 0.000875) * 16_000, 6);
    expect(result.remainingYears).toBeCloseTo(result.remainingHours / 8760, 12);
    expect(result.status).toBe(0);
  });

  it('adds initial damage and never goes below 0 %', () => {
    expect(remainingLife([{ hours: 100, temperatureC: 105 }], capacitor, 0.85).rulPercent).toBeCloseTo(5, 10);
    const worn = remainingLife([{ hours: 5000, temperatureC: 105 }], capacitor);
    expect(worn.rulPercent).toBe(0);
    expect(worn.remainingHours).toBe(0);
    expect(worn.status).toBe(2);
  });

  it('rejects an empty history and negative durations', () => {
    expect(() => remainingLife([], capacitor)).toThrow(expect.objectContaining({ code: 'EMPTY_INPUT' }));
    expect(() => remainingLife([{ hours: -1, temperatureC: 50 }], capacitor)).toThrow(
      expect.objectContaining({ code: 'NEGATIVE_VALUE' }),
    );
  });
});

describe('RUL classes and display (spec 02 §4)', () => {
  it('is 0 above 20 %, 1 from 10 to 20 %, 2 below 10 %', () => {
    expect([80, 20.1, 20, 15, 10, 9.9, 0].map((percent) => rulStatus(percent))).toEqual([
      0, 0, 1, 1, 1, 2, 2,
    ]);
  });

  it('never reads normal with little time left: 22.7 % and 38 days is a warning, 20 days an alarm (issue 26 item 8)', () => {
    const years = (days: number) => days / 365.25;
    expect(rulStatus(22.7, years(38))).toBe(1);
    expect(rulStatus(22.7, years(20))).toBe(2);
    expect(rulStatus(22.7, years(91))).toBe(0);
    // The worse class counts: 15 % with years left stays a warning, 5 % an alarm.
    expect(rulStatus(15, 4)).toBe(1);
    expect(rulStatus(5, 4)).toBe(2);
  });

  it("shows '> 15' above 15 years and one decimal otherwise", () => {
    expect(formatRulYears(16.2)).toBe('> 15');
    expect(formatRulYears(15)).toBe('15.0');
    expect(formatRulYears(3.149)).toBe('3.1');
    expect(formatRulPercent(99.9125)).toBe('99.9');
  });
});

describe('remainingLifeTrace', () => {
  it('matches remainingLife over every prefix, with use per day and initial damage', () => {
    const rating = { ratedLifeHours: 5000, ratedTemperatureC: 105 };
    const samples = [60, 62, 70, 65, 80, 75].map((value, i) => ({ t: i * 1_800_000, value }));
    const trace = remainingLifeTrace(samples, rating, 0.4, 12);
    expect(trace).toHaveLength(5);
    for (const point of trace) {
      // Half-hour steps at 12 h a day count a quarter hour each, at the step's first temperature.
      const history = samples
        .slice(0, point.index)
        .map((sample) => ({ hours: 0.5 * 0.5, temperatureC: sample.value }));
      const reference = remainingLife(history, rating, 0.4);
      expect(point.rulPercent).toBeCloseTo(reference.rulPercent, 10);
      expect(point.remainingYears).toBeCloseTo(reference.remainingYears, 10);
    }
  });

  it('counts initial use in hours: 2,600 days × 24 h over 83,200 h is 0.75', () => {
    expect(initialLifeUsed(2600, 24, 83_200)).toBeCloseTo(0.75, 12);
    expect(() => initialLifeUsed(1, 24, 0)).toThrow();
  });
});
