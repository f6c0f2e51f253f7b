import { describe, expect, it } from 'vitest';
import { chartMarks, withFile } from './current-spectrum.tsx';

describe('chartMarks', () => {
  const items = [
    { name: 'Eccentricity fs−fr', frequencyHz: 25.5 },
    { name: "Bearing DE fs−BPFO (on another family's line)", frequencyHz: 25.59 },
    { name: "Bearing NDE fs−BPFO (on another family's line)", frequencyHz: 25.59 },
    { name: 'Rotor bar fs(1−2s)', frequencyHz: 48 },
    { name: 'Supply fs', frequencyHz: 50 },
    { name: 'Bearing DE fs+BPFI', frequencyHz: 270.41 },
  ];

  it('draws one line per frequency, the DE and NDE bearing lines of one designation as one, short labels', () => {
    expect(chartMarks(items, null).map((mark) => mark.label)).toContain('Bearing DE/NDE fs−BPFO');
    expect(chartMarks(items, null)).toHaveLength(5);
  });

  it('puts rotor bar, eccentricity and supply before the bearings, and leaves out lines above the range', () => {
    expect(chartMarks(items, 250)).toEqual([
      { label: 'Rotor bar fs(1−2s)', frequencyHz: 48 },
      { label: 'Eccentricity fs−fr', frequencyHz: 25.5 },
      { label: 'Supply fs', frequencyHz: 50 },
      { label: 'Bearing DE/NDE fs−BPFO', frequencyHz: 25.59 },
    ]);
  });
});

describe('withFile', () => {
  it('keeps at most five captures, a sixth dropping the oldest chosen', () => {
    const five = ['a', 'b', 'c', 'd', 'e'];
    expect(withFile(five, [...five, 'f'])).toEqual(['b', 'c', 'd', 'e', 'f']);
  });
});
