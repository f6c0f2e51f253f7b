import { describe, expect, it } from 'vitest';
import { baselineLine } from './correlation-logic.ts';

describe('correlation baseline line', () => {
  it('spans the smallest to the largest tag A value on B = slope·A + intercept', () => {
    expect(baselineLine([30, 10, 20], { slope: 2, intercept: 5 })).toEqual([
      [10, 25],
      [30, 65],
    ]);
  });
  it('is absent without a baseline or without samples', () => {
    expect(baselineLine([1, 2], null)).toBeUndefined();
    expect(baselineLine([], { slope: 1, intercept: 0 })).toBeUndefined();
  });
});
