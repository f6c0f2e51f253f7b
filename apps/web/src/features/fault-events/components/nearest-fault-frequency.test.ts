import { describe, expect, it } from 'vitest';
import { nearestFaultFrequency } from './nearest-fault-frequency.ts';

const cursors = [
  { label: '1X', hz: 24.6 },
  { label: '3X', hz: 73.8 },
  { label: 'BPFO', hz: 88.2 },
  { label: '2xBPFO', hz: 176.4 },
];

describe('the nearest fault frequency of a spectrum peak', () => {
  it('names the closest fault frequency within ±3 %', () => {
    expect(nearestFaultFrequency(89.1, cursors)?.label).toBe('BPFO'); // 1.0 % off
    expect(nearestFaultFrequency(175, cursors)?.label).toBe('2xBPFO');
  });

  it('names none for a peak far from every fault frequency (a 3,071 Hz peak is not 3X at 74 Hz)', () => {
    expect(nearestFaultFrequency(3071, cursors)).toBeNull();
    expect(nearestFaultFrequency(80, cursors)).toBeNull(); // 8 % above 3X, 9 % below BPFO
  });

  it('takes the tolerance it is given', () => {
    expect(nearestFaultFrequency(80, cursors, 10)?.label).toBe('3X');
  });
});
