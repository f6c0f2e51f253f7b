import { describe, expect, it } from 'vitest';
import { AnalyticsInputError } from './errors.ts';
import {
  complexFft,
  fftPlan,
  inverseComplexFft,
  inverseRealFft,
  isPowerOfTwo,
  nextPowerOfTwo,
  realFft,
} from './fft.ts';
import { expectAllClose, gaussianNoise, loadFixture, maxAbs } from './test-helpers.ts';

interface SpectrumFixture {
  signal: number[];
  rfftRe: number[];
  rfftIm: number[];
}

const fixture = loadFixture<SpectrumFixture>('spectrum.json');

describe('realFft', () => {
  it('matches numpy.fft.rfft on 1024 random samples (tolerance 1e-12 of the largest bin)', () => {
    const x = realFft(fixture.signal);
    const re = x.filter((_, i) => i % 2 === 0);
    const im = x.filter((_, i) => i % 2 === 1);
    const tolerance = 1e-12 * maxAbs(fixture.rfftRe);
    expectAllClose(re, fixture.rfftRe, tolerance);
    expectAllClose(im, fixture.rfftIm, tolerance);
  });

  it('reuses one plan per size', () => {
    realFft(new Float64Array(256));
    expect(fftPlan(256)).toBe(fftPlan(256));
  });

  it('rejects lengths that are not powers of two, empty and non-finite signals with typed errors', () => {
    expect(() => realFft(new Float64Array(1000))).toThrow(
      expect.objectContaining({ name: 'AnalyticsInputError', code: 'NOT_POWER_OF_TWO' }),
    );
    expect(() => realFft([])).toThrow(expect.objectContaining({ code: 'EMPTY_INPUT' }));
    expect(() => realFft([1, Number.NaN, 0, 1])).toThrow(expect.objectContaining({ code: 'NON_FINITE' }));
    expect(() => realFft([1, Number.POSITIVE_INFINITY, 0, 1])).toThrow(AnalyticsInputError);
  });
});

describe('inverse transforms', () => {
  it('inverseRealFft undoes realFft (1e-12)', () => {
    const x = gaussianNoise(512, 1);
    expectAllClose(inverseRealFft(realFft(x)), x, 1e-12);
  });

  it('inverseComplexFft undoes complexFft (1e-12)', () => {
    const x = gaussianNoise(256, 2);
    expectAllClose(inverseComplexFft(complexFft(x)), x, 1e-12);
  });
});

describe('sizes', () => {
  it('pads to the next power of two, at least 2', () => {
    expect([1, 2, 3, 1000, 1024, 1025].map(nextPowerOfTwo)).toEqual([2, 2, 4, 1024, 1024, 2048]);
    expect(isPowerOfTwo(4096)).toBe(true);
    expect(isPowerOfTwo(4095)).toBe(false);
  });
});
