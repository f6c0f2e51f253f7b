import { describe, expect, it } from 'vitest';
import { hotSpotTemperature, lossOfLife, relativeAgeingRate, transformerLosses } from './thermal.ts';

const onan = {
  topOilRiseK: 55,
  lossRatio: 5,
  oilExponent: 0.8,
  windingExponent: 1.6,
  hotSpotFactor: 1.1,
  gradientK: 20.9,
};

describe('relative ageing rate (IEC 60076-7)', () => {
  it('doubles every 6 K for normal paper: V(98) = 1, V(104) = 2, V(110) = 4', () => {
    expect(relativeAgeingRate(98)).toBe(1);
    expect(relativeAgeingRate(104)).toBeCloseTo(2, 12);
    expect(relativeAgeingRate(110)).toBeCloseTo(4, 12);
  });

  it('is 1 at 110 °C for thermally upgraded paper and follows the Arrhenius form', () => {
    expect(relativeAgeingRate(110, 'upgraded')).toBeCloseTo(1, 12);
    expect(relativeAgeingRate(120, 'upgraded')).toBeCloseTo(Math.exp(15000 / 383 - 15000 / 393), 12);
  });
});

describe('hotSpotTemperature', () => {
  it('at rated load is ambient + top-oil rise + H·gr', () => {
    expect(hotSpotTemperature(20, 1, onan)).toBeCloseTo(20 + 55 + 1.1 * 20.9, 10);
  });

  it('at no load keeps only the no-load share of the oil rise', () => {
    expect(hotSpotTemperature(20, 0, onan)).toBeCloseTo(20 + 55 * (1 / 6) ** 0.8, 10);
  });

  it('at 1.3 p.u. follows the IEC 60076-7 steady-state formula', () => {
    const expected = 30 + 55 * ((1 + 5 * 1.69) / 6) ** 0.8 + 1.1 * 20.9 * 1.3 ** 1.6;
    expect(hotSpotTemperature(30, 1.3, onan)).toBeCloseTo(expected, 10);
  });

  it('rejects a negative load', () => {
    expect(() => hotSpotTemperature(20, -1, onan)).toThrow(
      expect.objectContaining({ code: 'NEGATIVE_VALUE' }),
    );
  });
});

describe('lossOfLife', () => {
  it('integrates V over the history and gives IEEE %LoL over 180,000 h', () => {
    const result = lossOfLife([
      { hours: 12, hotSpotC: 98 },
      { hours: 12, hotSpotC: 110 },
    ]);
    expect(result.lossOfLifeHours).toBeCloseTo(12 + 48, 10);
    expect(result.equivalentAgeingFactor).toBeCloseTo(2.5, 12);
    expect(result.percentLossOfLife).toBeCloseTo((60 * 100) / 180_000, 12);
  });
});

describe('transformerLosses', () => {
  it('adds no-load losses to load losses scaled by K²', () => {
    expect(transformerLosses(1000, 10_000, 0.5)).toEqual({ noLoadW: 1000, loadW: 2500, totalW: 3500 });
  });
});
