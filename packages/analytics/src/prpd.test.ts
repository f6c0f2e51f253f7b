import { describe, expect, it } from 'vitest';
import { prpdDensityPoints, prpdHistogram } from './prpd.ts';

describe('prpdHistogram', () => {
  it('counts pulses per phase × charge cell, wrapping phase into 0–360°', () => {
    const h = prpdHistogram([10, 370, -350, 95, 359.9], [5, 5, 5, 50, 100], {
      phaseBins: 4,
      chargeBins: 2,
      chargeRange: [0, 100],
    });
    expect(h.counts[0 * 2 + 0]).toBe(3);
    expect(h.counts[1 * 2 + 1]).toBe(1);
    expect(h.counts[3 * 2 + 1]).toBe(1);
    expect(h.maxCount).toBe(3);
    expect(Array.from(h.phaseEdgesDeg)).toEqual([0, 90, 180, 270, 360]);
    expect(Array.from(h.chargeEdgesPc)).toEqual([0, 50, 100]);
  });

  it('uses the data range by default, keeps bipolar charges and counts pulses outside a given range', () => {
    const h = prpdHistogram([45, 225], [-20, 20]);
    expect(h.counts.reduce((s, c) => s + c, 0)).toBe(2);
    expect(h.chargeEdgesPc[0]).toBe(-20);
    expect(prpdHistogram([45, 225], [-20, 20], { chargeRange: [0, 10] }).outside).toBe(2);
  });

  it('lists non-empty cells at their centres for the density scatter', () => {
    const h = prpdHistogram([10, 12, 200], [1, 1, 9], {
      phaseBins: 36,
      chargeBins: 10,
      chargeRange: [0, 10],
    });
    expect(prpdDensityPoints(h)).toEqual([
      [15, 1.5, 2],
      [205, 9.5, 1],
    ]);
  });

  it('rejects mismatched, empty and non-finite input', () => {
    expect(() => prpdHistogram([1, 2], [1])).toThrow(expect.objectContaining({ code: 'LENGTH_MISMATCH' }));
    expect(() => prpdHistogram([], [])).toThrow(expect.objectContaining({ code: 'EMPTY_INPUT' }));
    expect(() => prpdHistogram([Number.NaN], [1])).toThrow(expect.objectContaining({ code: 'NON_FINITE' }));
    expect(() => prpdHistogram([1], [1], { chargeRange: [5, 1] })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});
