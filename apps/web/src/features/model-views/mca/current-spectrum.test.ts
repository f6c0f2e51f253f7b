import { describe, expect, it } from 'vitest';
import { chartMarks, timeDomainSeries, withFile } from './current-spectrum.tsx';

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

describe('timeDomainSeries', () => {
  const capture = {
    fileName: 'M1_20261127T010000Z',
    alias: '2026-11-27 08:00',
    sampleRateHz: 1000,
    unit: 'A',
    data: [
      { ts: 0, Ia: 1, Ib: -0.5, Ic: -0.5 },
      { ts: 0.001, Ia: 0.9, Ib: -0.2, Ic: -0.7 },
    ],
  };

  it('draws Ia, Ib and Ic against seconds for All phases, in the phase colours', () => {
    const all = timeDomainSeries(capture, 'all');
    expect(all?.map((one) => [one.name, one.color])).toEqual([
      ['Ia', '#D9263B'],
      ['Ib', '#F9A825'],
      ['Ic', '#1565C0'],
    ]);
    expect(all?.[1]?.points).toEqual([
      [0, -0.5],
      [0.001, -0.2],
    ]);
  });

  it('draws only the chosen phase (issue 27.1: the Phase selector did nothing on the time domain)', () => {
    const ib = timeDomainSeries(capture, 'IB');
    expect(ib).toHaveLength(1);
    expect(ib?.[0]?.name).toBe('Ib');
    expect(ib?.[0]?.points).toEqual([
      [0, -0.5],
      [0.001, -0.2],
    ]);
    expect(timeDomainSeries(undefined, 'IA')).toBeUndefined();
  });
});
