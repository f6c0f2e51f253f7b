import { describe, expect, it } from 'vitest';
import { amplitudeSpectrum } from './spectrum.ts';
import { expectAllClose, loadFixture, maxAbs, sine } from './test-helpers.ts';
import {
  accelerationToVelocity,
  gToMetersPerSecondSquared,
  metersPerSecondSquaredToG,
  type OverallFeatures,
  overallFeatures,
  STANDARD_GRAVITY,
  velocitySpectrum,
} from './vibration.ts';

type FeatureCase = { signal: number[] } & Omit<OverallFeatures, 'mean' | 'standardDeviation'>;
const features = loadFixture<{ cases: Record<string, FeatureCase> }>('features.json');
const integration = loadFixture<{
  sampleRateHz: number;
  acceleration: number[];
  velocity: number[];
  oddAcceleration: number[];
  oddVelocity: number[];
}>('integration.json');

describe('overallFeatures against numpy/scipy.stats', () => {
  it.each(Object.keys(features.cases))(
    '%s signal: every feature to 1e-10 relative (absolute below 1)',
    (name) => {
      const { signal, ...expected } = features.cases[name]!;
      const actual = overallFeatures(signal);
      for (const [key, value] of Object.entries(expected)) {
        expect(Math.abs(actual[key as keyof OverallFeatures] - value), key).toBeLessThanOrEqual(
          1e-10 * Math.max(1, Math.abs(value)),
        );
      }
    },
  );

  it('uses the Pearson convention: kurtosis 1.5 for a sine, crest factor √2', () => {
    const f = overallFeatures(sine(1000, 1000, 10, 4));
    expect(f.kurtosis).toBeCloseTo(1.5, 10);
    expect(f.crestFactor).toBeCloseTo(Math.SQRT2, 10);
    expect(f.peakToPeak).toBeCloseTo(8, 10);
  });

  it('reports undefined ratios of an all-zero signal as 0 and rejects NaN', () => {
    const f = overallFeatures(new Float64Array(10));
    expect([f.rms, f.crestFactor, f.kurtosis, f.shapeFactor]).toEqual([0, 0, 0, 0]);
    expect(() => overallFeatures([1, Number.NaN])).toThrow(expect.objectContaining({ code: 'NON_FINITE' }));
  });
});

describe('accelerationToVelocity', () => {
  it('equals the numpy frequency-domain integration, band 10–1000 Hz (1e-9 of the peak)', () => {
    const v = accelerationToVelocity(integration.acceleration, integration.sampleRateHz, [10, 1000]);
    expectAllClose(v, integration.velocity, 1e-9 * maxAbs(integration.velocity));
  });

  it('zero-pads a 3000-sample record like numpy rfft(n=4096) and truncates back (1e-9 of the peak)', () => {
    const v = accelerationToVelocity(integration.oddAcceleration, integration.sampleRateHz);
    expectAllClose(v, integration.oddVelocity, 1e-9 * maxAbs(integration.oddVelocity));
  });

  it('integrates a 50 Hz sine of 10 m/s² to 10/(2π·50)·1000 mm/s and removes tones outside the band', () => {
    const fs = 8192;
    const acceleration = sine(8192, fs, 50, 10).map(
      (v, i) => v + 3 * Math.sin((2 * Math.PI * 2000 * i) / fs),
    );
    const v = accelerationToVelocity(acceleration, fs);
    const expected = sine(8192, fs, 50, (10 / (2 * Math.PI * 50)) * 1000, -Math.PI / 2);
    expectAllClose(v, expected, 1e-6 * maxAbs(expected));
  });

  it('divides an acceleration spectrum by 2πf inside the band', () => {
    const fs = 4096;
    const spectrum = amplitudeSpectrum(sine(4096, fs, 100, 5), fs);
    const v = velocitySpectrum(spectrum, [10, 1000]);
    expect(v.amplitude[100]).toBeCloseTo((5 * 1000) / (2 * Math.PI * 100), 9);
    expect(v.amplitude[5]).toBe(0);
    expect(v.amplitude[1500]).toBe(0);
  });

  it('rejects a reversed band and a zero sample rate', () => {
    expect(() => accelerationToVelocity([1, 2, 3], 1000, [100, 10])).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => accelerationToVelocity([1, 2, 3], 0)).toThrow(
      expect.objectContaining({ code: 'INVALID_SAMPLE_RATE' }),
    );
  });
});

describe('g conversion', () => {
  it('uses standard gravity 9.80665 m/s²', () => {
    expect(STANDARD_GRAVITY).toBe(9.80665);
    expect(metersPerSecondSquaredToG(9.80665)).toBe(1);
    expect(gToMetersPerSecondSquared(2)).toBeCloseTo(19.6133, 12);
  });
});
