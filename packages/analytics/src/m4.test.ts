import { describe, expect, it } from 'vitest';
import { m4Indices } from './m4.ts';
import { gaussianNoise } from './test-helpers.ts';

describe('m4Indices', () => {
  const y = gaussianNoise(20_000, 2);
  const x = Float64Array.from({ length: y.length }, (_, i) => i * 0.5);

  it('keeps first, last, min and max of every pixel column (brute force comparison), at most 4 per column', () => {
    const width = 137;
    const kept = new Set(m4Indices(x, y, width));
    const span = x[x.length - 1]! - x[0]!;
    const columns = new Map<number, number[]>();
    x.forEach((v, i) => {
      const c = Math.min(width - 1, Math.floor(((v - x[0]!) * width) / span));
      columns.set(c, [...(columns.get(c) ?? []), i]);
    });
    for (const members of columns.values()) {
      const values = members.map((i) => y[i]!);
      const expected = [
        members[0]!,
        members.at(-1)!,
        members[values.indexOf(Math.min(...values))]!,
        members[values.indexOf(Math.max(...values))]!,
      ];
      for (const index of expected) expect(kept.has(index)).toBe(true);
      expect(members.filter((i) => kept.has(i)).length).toBeLessThanOrEqual(4);
    }
    expect(kept.size).toBeLessThanOrEqual(4 * width);
  });

  it('drops points outside the requested x range and rejects an empty series', () => {
    const picked = m4Indices(x, y, 10, 100, 200);
    expect(picked.every((i) => x[i]! >= 100 && x[i]! <= 200)).toBe(true);
    expect(() => m4Indices([], [], 10)).toThrow(expect.objectContaining({ code: 'EMPTY_INPUT' }));
  });

  it('rejects a reversed range and a zero width', () => {
    expect(() => m4Indices(x, y, 10, 200, 100)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => m4Indices(x, y, 0)).toThrow(expect.objectContaining({ code: 'OUT_OF_RANGE' }));
  });
});
