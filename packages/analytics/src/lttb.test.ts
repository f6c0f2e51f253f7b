import { describe, expect, it } from 'vitest';
import { lttbIndices, selectPoints } from './lttb.ts';
import { gaussianNoise, loadFixture } from './test-helpers.ts';

const fixture = loadFixture<{ x: number[]; y: number[]; threshold: number; indices: number[] }>('lttb.json');

describe('lttbIndices', () => {
  it('picks the same points as an independent Python LTTB (3000 → 200)', () => {
    expect(Array.from(lttbIndices(fixture.x, fixture.y, fixture.threshold))).toEqual(fixture.indices);
  });

  it('returns exactly T ascending points with the first and last kept', () => {
    const y = gaussianNoise(10_000, 1);
    const x = Float64Array.from({ length: y.length }, (_, i) => i);
    const picked = lttbIndices(x, y, 500);
    expect(picked.length).toBe(500);
    expect(picked[0]).toBe(0);
    expect(picked[499]).toBe(9999);
    expect(picked.every((v, i) => i === 0 || v > picked[i - 1]!)).toBe(true);
    expect(Array.from(lttbIndices([0, 1, 2], [1, 2, 3], 10))).toEqual([0, 1, 2]);
  });

  it('rejects a threshold below 3, x going backwards and NaN', () => {
    expect(() => lttbIndices([0, 1, 2, 3], [0, 1, 2, 3], 2)).toThrow(
      expect.objectContaining({ code: 'OUT_OF_RANGE' }),
    );
    expect(() => lttbIndices([0, 2, 1, 3], [0, 1, 2, 3], 3)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => lttbIndices([0, 1, 2, 3], [0, Number.NaN, 2, 3], 3)).toThrow(
      expect.objectContaining({ code: 'NON_FINITE' }),
    );
  });
});

describe('selectPoints', () => {
  it('returns the kept coordinates', () => {
    expect(selectPoints([1, 2, 3], [4, 5, 6], [0, 2])).toEqual({
      x: Float64Array.of(1, 3),
      y: Float64Array.of(4, 6),
    });
  });
});
