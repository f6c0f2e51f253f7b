import { describe, expect, it } from 'vitest';
import { bearingDefectFrequencies } from './bearing.ts';

const bearing6205 = { rollingElements: 9, ballDiameter: 7.94, pitchDiameter: 39.04 };

describe('bearingDefectFrequencies', () => {
  it('gives the ANALYTICS.md test vector for a 6205 at 1797 rpm (0.01 Hz)', () => {
    const f = bearingDefectFrequencies(bearing6205, 1797);
    expect(f.bpfo).toBeCloseTo(107.36, 2);
    expect(f.bpfi).toBeCloseTo(162.19, 2);
    expect(f.bsf).toBeCloseTo(70.58, 2);
    expect(f.ftf).toBeCloseTo(11.93, 2);
    expect(f.ftf).toBeCloseTo(f.bpfo / 9, 12);
    expect(f.bpfo + f.bpfi).toBeCloseTo(9 * f.shaftHz, 12);
  });

  it('lowers BPFO and raises BPFI as the contact angle grows', () => {
    const angled = bearingDefectFrequencies({ ...bearing6205, contactAngleDeg: 40 }, 1797);
    const straight = bearingDefectFrequencies(bearing6205, 1797);
    expect(angled.bpfo).toBeGreaterThan(straight.bpfo);
    expect(angled.bpfi).toBeLessThan(straight.bpfi);
  });

  it('rejects impossible geometry with IMPOSSIBLE_GEOMETRY', () => {
    const impossible = expect.objectContaining({ code: 'IMPOSSIBLE_GEOMETRY' });
    expect(() => bearingDefectFrequencies({ ...bearing6205, ballDiameter: 40 }, 1797)).toThrow(impossible);
    expect(() => bearingDefectFrequencies({ ...bearing6205, rollingElements: 8.5 }, 1797)).toThrow(
      impossible,
    );
    expect(() => bearingDefectFrequencies({ ...bearing6205, rollingElements: 0 }, 1797)).toThrow(impossible);
    expect(() => bearingDefectFrequencies({ ...bearing6205, pitchDiameter: -1 }, 1797)).toThrow(impossible);
    expect(() => bearingDefectFrequencies({ ...bearing6205, contactAngleDeg: 95 }, 1797)).toThrow(impossible);
    expect(() => bearingDefectFrequencies(bearing6205, 0)).toThrow(
      expect.objectContaining({ code: 'OUT_OF_RANGE' }),
    );
  });
});
