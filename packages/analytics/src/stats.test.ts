import { describe, expect, it } from 'vitest';
import { MAD_TO_SIGMA, median, robustScale } from './stats.ts';
import { gaussianNoise } from './test-helpers.ts';

describe('robust statistics', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('estimates σ of Gaussian noise from the MAD within 3 % and ignores a few gross outliers', () => {
    const x = gaussianNoise(20_000, 4, 2);
    x[0] = 1e6;
    x[1] = -1e6;
    expect(Math.abs(robustScale(x) / 2 - 1)).toBeLessThan(0.03);
    expect(MAD_TO_SIGMA).toBeCloseTo(1.4826, 4);
  });

  it('rejects empty input', () => {
    expect(() => median([])).toThrow(expect.objectContaining({ code: 'EMPTY_INPUT' }));
  });
});
