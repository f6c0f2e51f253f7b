import { describe, expect, it } from 'vitest';
import {
  harmonicMarkers,
  MARKER_COUNTS,
  peakDifference,
  SECOND_PEAK_LEFT_OF_REF,
  sidebandMarkers,
} from './markers.ts';

describe('peakDifference', () => {
  it('is 2nd − ref and refuses a 2nd peak left of the ref with the spec message', () => {
    expect(peakDifference(25, 50)).toBe(25);
    expect(() => peakDifference(50, 25)).toThrow(SECOND_PEAK_LEFT_OF_REF);
    expect(() => peakDifference(50, 25)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('harmonicMarkers', () => {
  it('draws 1×…(n+1)× of a single ref peak (default count 3 gives 4 lines)', () => {
    const lines = harmonicMarkers(25, MARKER_COUNTS.defaultHarmonic, [0, 1000]);
    expect(lines.map((l) => l.frequencyHz)).toEqual([25, 50, 75, 100]);
  });

  it('draws ref + k·Diff with two peaks', () => {
    const lines = harmonicMarkers(100, 3, [0, 1000], peakDifference(100, 130));
    expect(lines.map((l) => l.frequencyHz)).toEqual([100, 130, 160, 190]);
    expect(lines.map((l) => l.order)).toEqual([0, 1, 2, 3]);
  });

  it('keeps only lines inside the data range', () => {
    expect(harmonicMarkers(300, 100, [0, 1000]).map((l) => l.frequencyHz)).toEqual([300, 600, 900]);
  });

  it('accepts counts 1 to 100 only, with the spec message', () => {
    expect(harmonicMarkers(1, 100, [0, 1000])).toHaveLength(101);
    expect(() => harmonicMarkers(25, 0, [0, 1000])).toThrow(
      'Please select a value between 1-100 to display.',
    );
    expect(() => harmonicMarkers(25, 101, [0, 1000])).toThrow(
      expect.objectContaining({ code: 'OUT_OF_RANGE' }),
    );
    expect(() => harmonicMarkers(25, 2.5, [0, 1000])).toThrow(
      expect.objectContaining({ code: 'OUT_OF_RANGE' }),
    );
  });
});

describe('sidebandMarkers', () => {
  it('draws the centre and count lines each side, ascending, inside the range', () => {
    const lines = sidebandMarkers(160, 20, 2, [0, 1000]);
    expect(lines.map((l) => [l.frequencyHz, l.order])).toEqual([
      [120, -2],
      [140, -1],
      [160, 0],
      [180, 1],
      [200, 2],
    ]);
    expect(sidebandMarkers(30, 20, 5, [0, 100]).map((l) => l.frequencyHz)).toEqual([10, 30, 50, 70, 90]);
  });

  it('rejects a zero spacing and an out-of-range count', () => {
    expect(() => sidebandMarkers(160, 0, 2, [0, 1000])).toThrow(
      expect.objectContaining({ code: 'OUT_OF_RANGE' }),
    );
    expect(() => sidebandMarkers(160, 5, 0, [0, 1000])).toThrow(/Sideband value out of range/);
  });
});
