import { describe, expect, it } from 'vitest';
import { loadFixture } from './test-helpers.ts';
import { spectralWindow } from './window.ts';

interface WindowFixture {
  windows16: Record<'hann' | 'flattop' | 'boxcar', number[]>;
  enbw4096: Record<'hann' | 'flattop' | 'boxcar', number>;
}

const fixture = loadFixture<WindowFixture>('spectrum.json');

describe('spectralWindow', () => {
  it.each([
    ['hann', 'hann'],
    ['flattop', 'flattop'],
    ['rectangular', 'boxcar'],
  ] as const)('%s equals scipy.signal.get_window (periodic) to 1e-12', (type, scipyName) => {
    const w = spectralWindow(type, 16).coefficients;
    fixture.windows16[scipyName].forEach((value, i) => {
      expect(w[i]).toBeCloseTo(value, 12);
    });
  });

  it('gives the textbook coherent gains and noise bandwidths', () => {
    const hann = spectralWindow('hann', 4096);
    expect(hann.coherentGain).toBeCloseTo(0.5, 12);
    expect(hann.amplitudeCorrection).toBeCloseTo(2, 12);
    expect(hann.noiseBandwidthBins).toBeCloseTo(fixture.enbw4096.hann, 10);
    expect(hann.noiseBandwidthBins).toBeCloseTo(1.5, 10);
    const flattop = spectralWindow('flattop', 4096);
    expect(flattop.coherentGain).toBeCloseTo(0.21557895, 8);
    expect(flattop.noiseBandwidthBins).toBeCloseTo(fixture.enbw4096.flattop, 10);
    const rectangular = spectralWindow('rectangular', 4096);
    expect(rectangular.coherentGain).toBe(1);
    expect(rectangular.noiseBandwidthBins).toBe(1);
    expect(rectangular.energyCorrection).toBe(1);
  });

  it('rejects unknown window names and zero length', () => {
    expect(() => spectralWindow('blackman' as 'hann', 8)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => spectralWindow('hann', 0)).toThrow(expect.objectContaining({ code: 'OUT_OF_RANGE' }));
  });
});
