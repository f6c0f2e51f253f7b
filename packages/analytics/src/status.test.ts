import { describe, expect, it } from 'vitest';
import {
  gaugeDisplay,
  groupStatus,
  isOffline,
  normalizeStatusCode,
  STATUS,
  sensorStatus,
  valueStatus,
} from './status.ts';

describe('valueStatus', () => {
  it('is 2 at or above alarm, 1 at or above warning, else 0', () => {
    const limits = { warning: 4, alarm: 7 };
    expect([3.99, 4, 6.99, 7, 100].map((v) => valueStatus(v, limits))).toEqual([0, 1, 1, 2, 2]);
  });

  it('mirrors for low limits: 2 at or below alarm, 1 at or below warning', () => {
    const limits = { warning: 20, alarm: 10, direction: 'low' } as const;
    expect([25, 20, 15, 10, 0].map((v) => valueStatus(v, limits))).toEqual([0, 1, 1, 2, 2]);
  });

  it('rejects NaN and limits in the wrong order', () => {
    expect(() => valueStatus(Number.NaN, { warning: 1, alarm: 2 })).toThrow(
      expect.objectContaining({ code: 'NON_FINITE' }),
    );
    expect(() => valueStatus(1, { warning: 5, alarm: 2 })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => valueStatus(1, { warning: 2, alarm: 5, direction: 'low' })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});

describe('groupStatus', () => {
  it('is the maximum of the members', () => {
    expect(groupStatus([0, 1, 2, -1])).toBe(2);
    expect(groupStatus([0, -1, -2])).toBe(0);
    expect(groupStatus([-2, -1])).toBe(-1);
    expect(groupStatus([-2])).toBe(-2);
  });

  it('is offline for an empty group', () => {
    expect(groupStatus([])).toBe(STATUS.offline);
  });
});

describe('normalizeStatusCode', () => {
  it('maps legacy 3 and missing values to offline and rejects unknown codes', () => {
    expect([3, null, undefined, 2, -2].map(normalizeStatusCode)).toEqual([-1, -1, -1, 2, -2]);
    expect(() => normalizeStatusCode(7)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('offline by gap', () => {
  it('is offline only when the gap exceeds the expected interval or nothing arrived', () => {
    expect(isOffline(1000, 61_000, 60_000)).toBe(false);
    expect(isOffline(1000, 61_001, 60_000)).toBe(true);
    expect(isOffline(null, 0, 60_000)).toBe(true);
  });

  it('combines disabled, offline and value status for a sensor', () => {
    const base = {
      enabled: true,
      value: 5,
      limits: { warning: 4, alarm: 7 },
      lastSampleMs: 0,
      nowMs: 1000,
      expectedIntervalMs: 5000,
    };
    expect(sensorStatus(base)).toBe(1);
    expect(sensorStatus({ ...base, enabled: false })).toBe(-2);
    expect(sensorStatus({ ...base, nowMs: 10_000 })).toBe(-1);
    expect(sensorStatus({ ...base, value: null })).toBe(-1);
  });
});

describe('gaugeDisplay', () => {
  const limits = { warning: 50, alarm: 100 };
  it('scales to 1.2 × alarm and caps values above it', () => {
    expect(gaugeDisplay(80, limits)).toEqual({ scaleMax: 120, displayValue: 80, capped: false, colour: 1 });
    expect(gaugeDisplay(500, limits)).toEqual({ scaleMax: 120, displayValue: 120, capped: true, colour: 2 });
  });

  it('colours on strictly above: at the alarm value it is still amber', () => {
    expect(gaugeDisplay(100, limits).colour).toBe(1);
    expect(gaugeDisplay(50, limits).colour).toBe(0);
  });

  it('shows a dash (null) for a negative status', () => {
    expect(gaugeDisplay(80, limits, STATUS.offline).displayValue).toBeNull();
  });
});
