import { describe, expect, it } from 'vitest';
import { analyticSignal, envelopeSpectrum, hilbertEnvelope } from './envelope.ts';
import { findPeaks } from './spectrum.ts';
import { expectAllClose, gaussianNoise, loadFixture, maxAbs } from './test-helpers.ts';

interface EnvelopeFixture {
  sampleRateHz: number;
  noise: number[];
  hilbertRe: number[];
  hilbertIm: number[];
  am: number[];
  envelopeSpectrum: number[];
}

const fixture = loadFixture<EnvelopeFixture>('envelope.json');

describe('analyticSignal', () => {
  it('equals scipy.signal.hilbert on 4096 random samples (1e-12 of the peak)', () => {
    const { re, im } = analyticSignal(fixture.noise);
    expectAllClose(re, fixture.hilbertRe, 1e-12 * maxAbs(fixture.hilbertRe));
    expectAllClose(im, fixture.hilbertIm, 1e-12 * maxAbs(fixture.hilbertIm));
  });

  it('turns a cosine into a sine in quadrature and its envelope into its amplitude', () => {
    const n = 1024;
    const x = Float64Array.from({ length: n }, (_, i) => 2 * Math.cos((2 * Math.PI * 16 * i) / n));
    const { im } = analyticSignal(x);
    expect(im[n / 64]).toBeCloseTo(2 * Math.sin((2 * Math.PI * 16 * (n / 64)) / n), 10);
    const envelope = hilbertEnvelope(x);
    expect(Math.min(...envelope)).toBeCloseTo(2, 10);
    expect(Math.max(...envelope)).toBeCloseTo(2, 10);
  });

  it('zero-pads a non-power-of-two signal and returns its own length', () => {
    expect(hilbertEnvelope(gaussianNoise(1000, 1)).length).toBe(1000);
  });
});

describe('envelopeSpectrum', () => {
  it('equals the scipy pipeline: sosfiltfilt band-pass, |hilbert|, mean removed, Hann spectrum (1e-9 of the peak)', () => {
    const spectrum = envelopeSpectrum(fixture.am, fixture.sampleRateHz);
    expectAllClose(spectrum.amplitude, fixture.envelopeSpectrum, 1e-9 * maxAbs(fixture.envelopeSpectrum));
  });

  it('shows the 97 Hz modulation of a 3 kHz carrier as its highest line', () => {
    const [peak] = findPeaks(envelopeSpectrum(fixture.am, fixture.sampleRateHz), { maxPeaks: 1 });
    expect(peak!.frequencyHz).toBeCloseTo(97, 0);
    expect(peak!.amplitude).toBeCloseTo(0.6, 1);
  });

  it('lowers the default upper band edge to 0.45·fs for slow sample rates and rejects impossible bands', () => {
    expect(envelopeSpectrum(gaussianNoise(2048, 2), 8000).fftSize).toBe(2048);
    expect(() => envelopeSpectrum(gaussianNoise(2048, 2), 8000, { bandHz: [500, 5000] })).toThrow(
      expect.objectContaining({ code: 'OUT_OF_RANGE' }),
    );
    expect(() => envelopeSpectrum([], 8000)).toThrow(expect.objectContaining({ code: 'EMPTY_INPUT' }));
  });
});
