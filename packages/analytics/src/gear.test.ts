import { describe, expect, it } from 'vitest';
import { gearMeshFrequencies } from './gear.ts';

describe('gearMeshFrequencies', () => {
  it('gives the ANALYTICS.md test vector: Zin 8, Zout 42, input 20 Hz', () => {
    const g = gearMeshFrequencies(8, 42, 20);
    expect(g.outputHz).toBeCloseTo(3.8095, 4);
    expect(g.gmfHz).toBe(160);
    expect(g.gmfHz).toBeCloseTo(42 * g.outputHz, 10);
    expect(g.assemblyPhases).toBe(2);
    expect(g.apfHz).toBe(80);
    expect(g.htfHz).toBeCloseTo((160 * 2) / (8 * 42), 12);
  });

  it('rejects impossible tooth counts and a stopped shaft', () => {
    expect(() => gearMeshFrequencies(0, 42, 20)).toThrow(
      expect.objectContaining({ code: 'IMPOSSIBLE_GEOMETRY' }),
    );
    expect(() => gearMeshFrequencies(8, 4.2, 20)).toThrow(
      expect.objectContaining({ code: 'IMPOSSIBLE_GEOMETRY' }),
    );
    expect(() => gearMeshFrequencies(8, 42, 0)).toThrow(expect.objectContaining({ code: 'OUT_OF_RANGE' }));
  });
});
