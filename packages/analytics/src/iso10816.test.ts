import { describe, expect, it } from 'vitest';
import { iso10816Band, iso10816Zone, iso10816ZoneStatus } from './iso10816.ts';

describe('iso10816Zone', () => {
  it.each([
    [1, 'rigid', [2.3, 4.5, 7.1]],
    [1, 'flexible', [3.5, 7.1, 11.0]],
    [2, 'rigid', [1.4, 2.8, 4.5]],
    [2, 'flexible', [2.3, 4.5, 7.1]],
  ] as const)('group %s %s: boundaries %j belong to the lower zone', (group, foundation, [ab, bc, cd]) => {
    expect(iso10816Zone(0, group, foundation)).toBe('A');
    expect(iso10816Zone(ab, group, foundation)).toBe('A');
    expect(iso10816Zone(ab + 0.01, group, foundation)).toBe('B');
    expect(iso10816Zone(bc, group, foundation)).toBe('B');
    expect(iso10816Zone(bc + 0.01, group, foundation)).toBe('C');
    expect(iso10816Zone(cd, group, foundation)).toBe('C');
    expect(iso10816Zone(cd + 0.01, group, foundation)).toBe('D');
  });

  it('puts 5 mm/s on a group 2 rigid machine in zone D (C/D is 4.5, not 7.1)', () => {
    expect(iso10816Zone(5, 2, 'rigid')).toBe('D');
  });

  it('maps zones to statuses and rejects negative velocity', () => {
    expect((['A', 'B', 'C', 'D'] as const).map(iso10816ZoneStatus)).toEqual([0, 0, 1, 2]);
    expect(() => iso10816Zone(-1, 1, 'rigid')).toThrow(expect.objectContaining({ code: 'NEGATIVE_VALUE' }));
  });
});

describe('iso10816Band', () => {
  it('is 10–1000 Hz from 600 rpm, 2–1000 Hz from 120 rpm, undefined below', () => {
    expect(iso10816Band(1500)).toEqual([10, 1000]);
    expect(iso10816Band(600)).toEqual([10, 1000]);
    expect(iso10816Band(300)).toEqual([2, 1000]);
    expect(() => iso10816Band(100)).toThrow(expect.objectContaining({ code: 'OUT_OF_RANGE' }));
  });
});
