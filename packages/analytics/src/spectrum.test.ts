import { describe, expect, it } from 'vitest';
import {
  amplitudeSpectrum,
  bandRms,
  cpmToHz,
  findPeaks,
  hzToCpm,
  hzToOrders,
  ordersToHz,
  peakNear,
  spectrumFrequencies,
  toDb,
} from './spectrum.ts';
import { expectAllClose, gaussianNoise, loadFixture, maxAbs, sine } from './test-helpers.ts';
import type { WindowType } from './window.ts';

interface SpectrumFixture {
  signal: number[];
  amplitude: Record<WindowType, number[]>;
  oddSignal: number[];
  oddHannPadded1024: number[];
}

const fixture = loadFixture<SpectrumFixture>('spectrum.json');

describe('amplitudeSpectrum against numpy', () => {
  it.each(['hann', 'flattop', 'rectangular'] as const)(
    '%s single-sided amplitude equals numpy |rfft(x·w)|·2/Σw (tolerance 1e-12 of the peak)',
    (window) => {
      const expected = fixture.amplitude[window];
      const spectrum = amplitudeSpectrum(fixture.signal, 1024, { window });
      expectAllClose(spectrum.amplitude, expected, 1e-12 * maxAbs(expected));
      expect(spectrum.resolutionHz).toBe(1);
    },
  );

  it('zero-pads a 1000-sample signal to 1024 bins like numpy rfft(x·w, n=1024), scaled by its own Σw', () => {
    const spectrum = amplitudeSpectrum(fixture.oddSignal, 1000);
    expect(spectrum.fftSize).toBe(1024);
    expect(spectrum.sampleCount).toBe(1000);
    expectAllClose(spectrum.amplitude, fixture.oddHannPadded1024, 1e-12 * maxAbs(fixture.oddHannPadded1024));
    expect(spectrum.resolutionHz).toBeCloseTo(1000 / 1024, 15);
  });
});

describe('amplitude scaling', () => {
  it('reads a tone on a bin at its amplitude (peak) and amplitude/√2 (rms), for every window (1e-12)', () => {
    const x = sine(1024, 1024, 100, 3);
    for (const window of ['hann', 'flattop', 'rectangular'] as const) {
      expect(amplitudeSpectrum(x, 1024, { window }).amplitude[100]).toBeCloseTo(3, 12);
      expect(amplitudeSpectrum(x, 1024, { window, scale: 'rms' }).amplitude[100]).toBeCloseTo(
        3 / Math.SQRT2,
        12,
      );
    }
  });

  it('keeps DC at its value and removes it on request', () => {
    const x = new Float64Array(256).fill(2.5);
    expect(amplitudeSpectrum(x, 256).amplitude[0]).toBeCloseTo(2.5, 12);
    expect(amplitudeSpectrum(x, 256, { removeMean: true }).amplitude[0]).toBeCloseTo(0, 12);
  });

  it('lists bin frequencies k·fs/N', () => {
    const f = spectrumFrequencies(amplitudeSpectrum(new Float64Array(8).fill(1), 80));
    expect(Array.from(f)).toEqual([0, 10, 20, 30, 40]);
  });
});

describe('peak interpolation', () => {
  const fs = 4096;
  it.each([0.1, 0.25, 0.37, 0.5])(
    'recovers a tone %s bins off the grid: Hann and rectangular to 0.002 bin and 0.05 %%, flat-top to 0.05 bin and 0.1 %%',
    (offset) => {
      const f0 = 200 + offset;
      const x = sine(4096, fs, f0, 2.5, 0.3);
      for (const [window, binTolerance, amplitudeTolerance] of [
        ['hann', 0.002, 0.0005],
        ['rectangular', 0.002, 0.0005],
        ['flattop', 0.05, 0.001],
      ] as const) {
        const [peak] = findPeaks(amplitudeSpectrum(x, fs, { window }), { maxPeaks: 1 });
        expect(Math.abs(peak!.frequencyHz - f0), window).toBeLessThanOrEqual(binTolerance);
        expect(Math.abs(peak!.amplitude / 2.5 - 1), window).toBeLessThanOrEqual(amplitudeTolerance);
      }
    },
  );

  it('accounts for zero-padding: a 3000-sample tone padded to 4096 bins is read to 0.002 Hz and 0.05 %', () => {
    for (const f0 of [200.1, 200.37, 200.5]) {
      const [peak] = findPeaks(amplitudeSpectrum(sine(3000, 3000, f0, 1.5), 3000), { maxPeaks: 1 });
      expect(Math.abs(peak!.frequencyHz - f0)).toBeLessThan(0.002);
      expect(Math.abs(peak!.amplitude / 1.5 - 1)).toBeLessThan(0.0005);
    }
  });

  it('finds several peaks, highest first, honouring the range and minimum separation', () => {
    const x = sine(8192, 8192, 50, 1);
    const y = sine(8192, 8192, 120.4, 4);
    const z = sine(8192, 8192, 123, 2);
    const signal = x.map((v, i) => v + y[i]! + z[i]!);
    const spectrum = amplitudeSpectrum(signal, 8192);
    const peaks = findPeaks(spectrum, { maxPeaks: 3 });
    expect(peaks.map((p) => Math.round(p.frequencyHz))).toEqual([120, 123, 50]);
    expect(
      findPeaks(spectrum, { maxPeaks: 3, minSeparationHz: 5, minAmplitude: 0.01 }).map((p) =>
        Math.round(p.frequencyHz),
      ),
    ).toEqual([120, 50]);
    expect(findPeaks(spectrum, { minHz: 100, maxHz: 121 }).map((p) => Math.round(p.frequencyHz))).toEqual([
      120,
    ]);
  });

  it('peakNear picks the highest bin in the tolerance and returns null outside the spectrum', () => {
    const spectrum = amplitudeSpectrum(sine(1024, 1024, 100.25, 1), 1024);
    expect(peakNear(spectrum, 99, 3)!.frequencyHz).toBeCloseTo(100.25, 2);
    expect(peakNear(spectrum, 900, 10)).toBeNull();
  });
});

describe('bandRms', () => {
  it('equals the time-domain RMS for a rectangular window by Parseval (1e-12)', () => {
    const x = gaussianNoise(2048, 3);
    const spectrum = amplitudeSpectrum(x, 2048, { window: 'rectangular' });
    const rms = Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
    expect(bandRms(spectrum, 0, 1024)).toBeCloseTo(rms, 12);
  });

  it('gives A/√2 for a Hann-windowed tone off the grid (0.1 %) and ignores a tone outside the band', () => {
    const signal = sine(4096, 4096, 300.3, 2).map((v, i) => v + 5 * Math.sin((2 * Math.PI * 900 * i) / 4096));
    const spectrum = amplitudeSpectrum(signal, 4096);
    expect(bandRms(spectrum, 290, 310) / Math.SQRT2).toBeCloseTo(1, 2);
    expect(Math.abs(bandRms(spectrum, 290, 310) - Math.SQRT2)).toBeLessThan(0.001 * Math.SQRT2);
  });

  it('estimates broadband noise RMS with a Hann window within 3 %', () => {
    const x = gaussianNoise(8192, 4, 0.7);
    const spectrum = amplitudeSpectrum(x, 8192);
    expect(Math.abs(bandRms(spectrum, 0, 4096) / 0.7 - 1)).toBeLessThan(0.03);
  });

  it('rejects a reversed band', () => {
    const spectrum = amplitudeSpectrum(sine(64, 64, 4), 64);
    expect(() => bandRms(spectrum, 10, 5)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('units and dB', () => {
  it('converts Hz, CPM and orders', () => {
    expect(hzToCpm(25)).toBe(1500);
    expect(cpmToHz(1500)).toBe(25);
    expect(hzToOrders(107.36, 1797)).toBeCloseTo(3.5846, 4);
    expect(ordersToHz(2, 1500)).toBe(50);
    expect(() => hzToOrders(10, 0)).toThrow(expect.objectContaining({ code: 'OUT_OF_RANGE' }));
  });

  it('computes 20·log10(a/ref) with a floor for zero', () => {
    expect(Array.from(toDb([10, 1, 0.001, 0], 1))).toEqual([20, 0, -60, -200]);
    expect(toDb([0.5], 0.5)[0]).toBe(0);
    expect(() => toDb([-1])).toThrow(expect.objectContaining({ code: 'NEGATIVE_VALUE' }));
    expect(() => toDb([1], 0)).toThrow(expect.objectContaining({ code: 'OUT_OF_RANGE' }));
  });
});

describe('bad input', () => {
  it('rejects a zero sample rate, empty and non-finite signals', () => {
    expect(() => amplitudeSpectrum([1, 2, 3, 4], 0)).toThrow(
      expect.objectContaining({ code: 'INVALID_SAMPLE_RATE' }),
    );
    expect(() => amplitudeSpectrum([], 100)).toThrow(expect.objectContaining({ code: 'EMPTY_INPUT' }));
    expect(() => amplitudeSpectrum([1], 100)).toThrow(expect.objectContaining({ code: 'OUT_OF_RANGE' }));
    expect(() => amplitudeSpectrum([0, Number.NaN], 100)).toThrow(
      expect.objectContaining({ code: 'NON_FINITE' }),
    );
  });
});
