import { describe, expect, it } from 'vitest';
import { butterworth, sosFilter, sosFiltFilt, sosPadLength, sosResponse } from './filter.ts';
import { expectAllClose, loadFixture, maxAbs } from './test-helpers.ts';

interface FilterFixture {
  sampleRateHz: number;
  signal: number[];
  frequencies: number[];
  filters: Record<
    'bandpass' | 'lowpass' | 'highpass',
    { filtfilt: number[]; forward: number[]; magnitude: number[] }
  >;
}

const fixture = loadFixture<FilterFixture>('filter.json');
const fs = fixture.sampleRateHz;
const designs = {
  bandpass: butterworth(4, 'bandpass', [500, 5000], fs),
  lowpass: butterworth(3, 'lowpass', 1000, fs),
  highpass: butterworth(5, 'highpass', 1000, fs),
};

describe.each(Object.keys(designs) as (keyof typeof designs)[])('Butterworth %s against scipy', (name) => {
  const filter = designs[name];
  const expected = fixture.filters[name];

  it('has the magnitude response of scipy.signal.butter (sosfreqz, 1e-9)', () => {
    const magnitude = fixture.frequencies.map((f) => Math.hypot(...sosResponse(filter, f, fs)));
    expectAllClose(magnitude, expected.magnitude, 1e-9);
  });

  it('filters forward like scipy.signal.sosfilt (1e-9 of the peak)', () => {
    expectAllClose(sosFilter(filter, fixture.signal), expected.forward, 1e-9 * maxAbs(expected.forward));
  });

  it('filters zero-phase like scipy.signal.sosfiltfilt, padding and initial state included (1e-9 of the peak)', () => {
    expectAllClose(sosFiltFilt(filter, fixture.signal), expected.filtfilt, 1e-9 * maxAbs(expected.filtfilt));
  });
});

describe('Butterworth design', () => {
  it('is −3 dB at the cut-off and unity in the pass band', () => {
    const low = butterworth(4, 'lowpass', 1000, 10000);
    expect(Math.hypot(...sosResponse(low, 1000, 10000))).toBeCloseTo(Math.SQRT1_2, 10);
    expect(Math.hypot(...sosResponse(low, 0, 10000))).toBeCloseTo(1, 12);
  });

  it('pads like scipy: 3·(2·sections + 1), one less for a first-order section', () => {
    expect(sosPadLength(designs.bandpass)).toBe(27);
    expect(sosPadLength(designs.lowpass)).toBe(12);
  });

  it('rejects impossible cut-offs, orders and short signals', () => {
    expect(() => butterworth(4, 'bandpass', [5000, 500], fs)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => butterworth(4, 'lowpass', fs / 2, fs)).toThrow(
      expect.objectContaining({ code: 'OUT_OF_RANGE' }),
    );
    expect(() => butterworth(0, 'lowpass', 100, fs)).toThrow(
      expect.objectContaining({ code: 'OUT_OF_RANGE' }),
    );
    expect(() => butterworth(2, 'lowpass', 100, 0)).toThrow(
      expect.objectContaining({ code: 'INVALID_SAMPLE_RATE' }),
    );
    expect(() => sosFiltFilt(designs.bandpass, new Float64Array(27))).toThrow(
      expect.objectContaining({ code: 'OUT_OF_RANGE' }),
    );
  });
});
