/**
 * Vibration features and unit conversions (ANALYTICS.md §3.3, §3.4): overall time-domain features,
 * acceleration → velocity in the frequency domain with ISO band limits, and g conversion.
 */
import {
  ANALYTICS_ERROR_CODES,
  AnalyticsInputError,
  assertFinite,
  assertFiniteSignal,
  assertNonNegative,
  assertSampleRate,
} from './errors.ts';
import { inverseRealFft, nextPowerOfTwo, realFft } from './fft.ts';
import type { Spectrum } from './spectrum.ts';

/**
 * Standard gravity g₀ = 9.80665 m/s² (ISO 80000-3, CGPM 1901). The original client divided by 9.81;
 * this package uses the exact standard value everywhere.
 */
export const STANDARD_GRAVITY = 9.80665;

/** Default velocity band in Hz for machines ≥ 600 rpm (ISO 10816-3). */
export const ISO_VELOCITY_BAND_HZ = [10, 1000] as const;

/** Acceleration m/s² → g (÷ 9.80665). */
export function metersPerSecondSquaredToG(acceleration: number): number {
  return acceleration / STANDARD_GRAVITY;
}

/** Acceleration g → m/s² (× 9.80665). */
export function gToMetersPerSecondSquared(acceleration: number): number {
  return acceleration * STANDARD_GRAVITY;
}

/** Time-domain features of a waveform, all in the signal's unit except the dimensionless ratios. */
export interface OverallFeatures {
  readonly mean: number;
  /** √mean(x²), mean included. */
  readonly rms: number;
  /** max|x|. */
  readonly peak: number;
  /** max(x) − min(x). */
  readonly peakToPeak: number;
  /** Population standard deviation σ (divides by N). */
  readonly standardDeviation: number;
  /** peak / RMS. */
  readonly crestFactor: number;
  /** Pearson kurtosis E[(x−μ)⁴]/σ⁴ with population moments: 3 for a Gaussian (not the excess kurtosis). */
  readonly kurtosis: number;
  /** E[(x−μ)³]/σ³, population moments. */
  readonly skewness: number;
  /** RMS / mean|x|. */
  readonly shapeFactor: number;
  /** peak / mean|x|. */
  readonly impulseFactor: number;
  /** peak / (mean √|x|)². */
  readonly clearanceFactor: number;
}

const ratio = (numerator: number, denominator: number): number =>
  denominator === 0 ? 0 : numerator / denominator;

/**
 * Overall features of a waveform (ANALYTICS.md §3.3). Kurtosis is Pearson's (3 for Gaussian noise), as
 * scipy.stats.kurtosis(x, fisher=False, bias=True). Ratios whose denominator is zero (a constant or
 * all-zero signal) are reported as 0. Throws on empty or non-finite input.
 */
export function overallFeatures(signal: ArrayLike<number>): OverallFeatures {
  assertFiniteSignal(signal, 'signal');
  const n = signal.length;
  let sum = 0;
  let sumSquares = 0;
  let sumAbs = 0;
  let sumSqrtAbs = 0;
  let max = Number.NEGATIVE_INFINITY;
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const x = signal[i]!;
    const abs = Math.abs(x);
    sum += x;
    sumSquares += x * x;
    sumAbs += abs;
    sumSqrtAbs += Math.sqrt(abs);
    if (x > max) max = x;
    if (x < min) min = x;
  }
  const mean = sum / n;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (let i = 0; i < n; i++) {
    const d = signal[i]! - mean;
    const d2 = d * d;
    m2 += d2;
    m3 += d2 * d;
    m4 += d2 * d2;
  }
  m2 /= n;
  m3 /= n;
  m4 /= n;
  const rms = Math.sqrt(sumSquares / n);
  const peak = Math.max(Math.abs(max), Math.abs(min));
  const meanAbs = sumAbs / n;
  const meanSqrtAbs = sumSqrtAbs / n;
  return {
    mean,
    rms,
    peak,
    peakToPeak: max - min,
    standardDeviation: Math.sqrt(m2),
    crestFactor: ratio(peak, rms),
    kurtosis: ratio(m4, m2 * m2),
    skewness: ratio(m3, m2 ** 1.5),
    shapeFactor: ratio(rms, meanAbs),
    impulseFactor: ratio(peak, meanAbs),
    clearanceFactor: ratio(peak, meanSqrtAbs * meanSqrtAbs),
  };
}

function velocityBand(bandHz: readonly [number, number], nyquistHz: number): [number, number] {
  const [low, high] = bandHz;
  assertNonNegative(low, 'band low edge');
  assertFinite(high, 'band high edge');
  if (!(high > low)) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      `band ${low}–${high} Hz: the high edge must be above the low edge`,
    );
  }
  return [low, Math.min(high, nyquistHz)];
}

/**
 * Acceleration (m/s²) → velocity (mm/s) in the frequency domain (ANALYTICS.md §3.4): mean removed,
 * V(f) = A(f)/(j2πf) for band low ≤ f ≤ high (default 10–1000 Hz, the upper edge capped at Nyquist), zero
 * elsewhere and at DC, inverse FFT, × 1000. A length that is not a power of two is zero-padded for the
 * transform and the result truncated back to the input length.
 */
export function accelerationToVelocity(
  acceleration: ArrayLike<number>,
  sampleRateHz: number,
  bandHz: readonly [number, number] = ISO_VELOCITY_BAND_HZ,
): Float64Array {
  assertFiniteSignal(acceleration, 'acceleration');
  assertSampleRate(sampleRateHz);
  const [low, high] = velocityBand(bandHz, sampleRateHz / 2);
  const n = acceleration.length;
  const size = nextPowerOfTwo(n);
  let mean = 0;
  for (let i = 0; i < n; i++) mean += acceleration[i]!;
  mean /= n;
  const input = new Float64Array(size);
  for (let i = 0; i < n; i++) input[i] = acceleration[i]! - mean;
  const spectrum = realFft(input);
  const df = sampleRateHz / size;
  const half = size / 2;
  for (let k = 0; k <= half; k++) {
    const f = k * df;
    if (k === 0 || k === half || f < low || f > high) {
      spectrum[2 * k] = 0;
      spectrum[2 * k + 1] = 0;
    } else {
      const scale = 1000 / (2 * Math.PI * f);
      const re = spectrum[2 * k]!;
      spectrum[2 * k] = spectrum[2 * k + 1]! * scale;
      spectrum[2 * k + 1] = -re * scale;
    }
  }
  return inverseRealFft(spectrum).slice(0, n);
}

/**
 * Velocity spectrum (mm/s) from an acceleration spectrum (m/s²): amplitude·1000/(2πf) inside the band
 * (default 10–1000 Hz, capped at Nyquist), 0 outside. Scale, window and resolution are kept.
 */
export function velocitySpectrum(
  accelerationSpectrum: Spectrum,
  bandHz: readonly [number, number] = ISO_VELOCITY_BAND_HZ,
): Spectrum {
  const [low, high] = velocityBand(bandHz, accelerationSpectrum.sampleRateHz / 2);
  const a = accelerationSpectrum.amplitude;
  const amplitude = new Float64Array(a.length);
  for (let k = 1; k < a.length; k++) {
    const f = k * accelerationSpectrum.resolutionHz;
    if (f >= low && f <= high) amplitude[k] = (a[k]! * 1000) / (2 * Math.PI * f);
  }
  return { ...accelerationSpectrum, amplitude };
}
