import { describe, expect, it } from 'vitest';
import { correlationScore, correlationStatus, learnCorrelationBaseline } from './correlation.ts';
import { gaussianNoise, seededRandom } from './test-helpers.ts';

function pairs(count: number, outlierShare: number) {
  const noise = gaussianNoise(count, 8, 0.1);
  const random = seededRandom(9);
  const a = Float64Array.from({ length: count }, (_, i) => 20 + (60 * i) / count);
  const b = a.map((v, i) => 2 * v + 1 + noise[i]! + (random() < outlierShare ? 5 : 0));
  return { a, b };
}

describe('learnCorrelationBaseline', () => {
  it('recovers the relation of clean data (slope 2, intercept 1, σ 0.1)', () => {
    const { a, b } = pairs(1000, 0);
    const baseline = learnCorrelationBaseline(a, b);
    expect(baseline.slope).toBeCloseTo(2, 2);
    expect(Math.abs(baseline.intercept - 1)).toBeLessThan(0.05);
    expect(Math.abs(baseline.residualScale / 0.1 - 1)).toBeLessThan(0.1);
  });

  it('resists 10 % gross outliers that bias least squares', () => {
    const { a, b } = pairs(1000, 0.1);
    const baseline = learnCorrelationBaseline(a, b);
    expect(Math.abs(baseline.intercept - 1)).toBeLessThan(0.15);
    expect(Math.abs(baseline.residualScale / 0.1 - 1)).toBeLessThan(0.25);
    const mean = (v: Float64Array) => v.reduce((s, x) => s + x, 0) / v.length;
    const olsIntercept = mean(b) - 2 * mean(a);
    expect(olsIntercept - 1).toBeGreaterThan(0.4);
  });

  it('rejects a constant tag A, too few pairs and NaN', () => {
    expect(() => learnCorrelationBaseline([1, 1, 1, 1], [1, 2, 3, 4])).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => learnCorrelationBaseline([1, 2], [1, 2])).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => learnCorrelationBaseline([1, 2, Number.NaN], [1, 2, 3])).toThrow(
      expect.objectContaining({ code: 'NON_FINITE' }),
    );
  });
});

describe('correlation score', () => {
  const { a, b } = pairs(1000, 0);
  const baseline = learnCorrelationBaseline(a, b);

  it('is the residual in robust σ units and is classified by warning and alarm', () => {
    expect(correlationScore(baseline, 50, 101)).toBeLessThan(1);
    const drift = correlationStatus(baseline, 50, 101 + 10 * baseline.residualScale);
    expect(drift.score).toBeCloseTo(10, 0);
    expect(drift.status).toBe(2);
    expect(correlationStatus(baseline, 50, 101 + 4 * baseline.residualScale).status).toBe(1);
    expect(correlationStatus(baseline, 50, 101, { warning: 0.5, alarm: 1 }).status).toBe(0);
  });
});
