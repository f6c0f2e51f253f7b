/**
 * Single-sided amplitude spectra and the tools used on them: dB, unit conversions (Hz, CPM, orders),
 * interpolated peak picking and band RMS. Scaling follows ANALYTICS.md §3.5: |X(k)|·2/Σw for 0 < k < N/2
 * and |X(k)|/Σw at DC and Nyquist, which is |X(k)|·2/N divided by the window's coherent gain.
 */
import {
  ANALYTICS_ERROR_CODES,
  AnalyticsInputError,
  assertFinite,
  assertFiniteSignal,
  assertPositive,
  assertSampleRate,
} from './errors.ts';
import { fftPlan, nextPowerOfTwo } from './fft.ts';
import { COSINE_SUM_COEFFICIENTS, spectralWindow, type WindowType } from './window.ts';

/** 'peak': a tone of amplitude A reads A; 'rms': it reads A/√2 (DC and Nyquist read their RMS, unchanged). */
export type SpectrumScale = 'peak' | 'rms';

/** A single-sided amplitude spectrum; bin k is at k·resolutionHz, in the unit of the input signal. */
export interface Spectrum {
  readonly amplitude: Float64Array;
  /** Bin spacing fs/N in Hz, N the FFT size after zero-padding. */
  readonly resolutionHz: number;
  readonly sampleRateHz: number;
  /** FFT size N (power of two). */
  readonly fftSize: number;
  /** Samples of the signal before zero-padding. */
  readonly sampleCount: number;
  readonly window: WindowType;
  readonly scale: SpectrumScale;
  /** Equivalent noise bandwidth in bins of this spectrum (window ENBW × N / sampleCount). */
  readonly noiseBandwidthBins: number;
}

/** Options of {@link amplitudeSpectrum}. */
export interface SpectrumOptions {
  /** Default 'hann'. */
  window?: WindowType;
  /** Default 'peak'. */
  scale?: SpectrumScale;
  /** Subtract the mean before windowing (default false). */
  removeMean?: boolean;
}

/** A spectral peak; frequency and amplitude are interpolated between bins. */
export interface Peak {
  readonly frequencyHz: number;
  readonly amplitude: number;
  /** The bin holding the local maximum. */
  readonly bin: number;
}

/**
 * Single-sided amplitude spectrum of a real signal sampled at `sampleRateHz` (ANALYTICS.md §3.5).
 * A signal whose length is not a power of two is windowed over its own length and zero-padded to the next
 * power of two (finer bins, same amplitudes). Throws on empty, single-sample or non-finite signals and a
 * sample rate ≤ 0.
 */
export function amplitudeSpectrum(
  signal: ArrayLike<number>,
  sampleRateHz: number,
  options: SpectrumOptions = {},
): Spectrum {
  assertFiniteSignal(signal, 'signal');
  assertSampleRate(sampleRateHz);
  if (signal.length < 2) {
    throw new AnalyticsInputError(ANALYTICS_ERROR_CODES.outOfRange, 'a spectrum needs at least 2 samples');
  }
  const window = spectralWindow(options.window ?? 'hann', signal.length);
  const scale = options.scale ?? 'peak';
  const sampleCount = signal.length;
  const fftSize = nextPowerOfTwo(sampleCount);
  const plan = fftPlan(fftSize);
  const input = plan.real;
  let mean = 0;
  if (options.removeMean === true) {
    for (let i = 0; i < sampleCount; i++) mean += signal[i]!;
    mean /= sampleCount;
  }
  const w = window.coefficients;
  for (let i = 0; i < sampleCount; i++) input[i] = (signal[i]! - mean) * w[i]!;
  input.fill(0, sampleCount);
  plan.fft.realTransform(plan.complexA, input);
  const half = fftSize / 2;
  const amplitude = new Float64Array(half + 1);
  const edge = 1 / (window.coherentGain * sampleCount);
  const inner = (scale === 'rms' ? Math.SQRT2 : 2) * edge;
  const x = plan.complexA;
  for (let k = 0; k <= half; k++) {
    const re = x[2 * k]!;
    const im = x[2 * k + 1]!;
    amplitude[k] = Math.sqrt(re * re + im * im) * (k === 0 || k === half ? edge : inner);
  }
  return {
    amplitude,
    resolutionHz: sampleRateHz / fftSize,
    sampleRateHz,
    fftSize,
    sampleCount,
    window: window.type,
    scale,
    noiseBandwidthBins: (window.noiseBandwidthBins * fftSize) / sampleCount,
  };
}

/** The frequency in Hz of every bin of `spectrum` (k·fs/N). */
export function spectrumFrequencies(spectrum: Spectrum): Float64Array {
  const f = new Float64Array(spectrum.amplitude.length);
  for (let k = 0; k < f.length; k++) f[k] = k * spectrum.resolutionHz;
  return f;
}

/**
 * Amplitudes in dB: 20·log10(a / reference). Zero amplitudes (log of 0) read `floorDb` (default −200 dB)
 * instead of −Infinity. Throws on a reference ≤ 0 or a negative amplitude.
 */
export function toDb(amplitudes: ArrayLike<number>, reference = 1, floorDb = -200): Float64Array {
  assertPositive(reference, 'dB reference');
  assertFiniteSignal(amplitudes, 'amplitudes');
  const db = new Float64Array(amplitudes.length);
  for (let i = 0; i < db.length; i++) {
    const a = amplitudes[i]!;
    if (a < 0) {
      throw new AnalyticsInputError(
        ANALYTICS_ERROR_CODES.negative,
        `amplitude[${i}] is ${a}; dB needs a ≥ 0`,
      );
    }
    db[i] = a === 0 ? floorDb : Math.max(floorDb, 20 * Math.log10(a / reference));
  }
  return db;
}

/** Hz → cycles per minute (× 60, ANALYTICS.md §3.5). */
export function hzToCpm(frequencyHz: number): number {
  return frequencyHz * 60;
}

/** Cycles per minute → Hz (÷ 60). */
export function cpmToHz(cpm: number): number {
  return cpm / 60;
}

/** Hz → orders of the shaft speed: f / fr, fr = rpm / 60 (ANALYTICS.md §3.5). Throws for rpm ≤ 0. */
export function hzToOrders(frequencyHz: number, shaftRpm: number): number {
  assertPositive(shaftRpm, 'shaft speed (rpm)');
  return (frequencyHz * 60) / shaftRpm;
}

/** Orders of the shaft speed → Hz: order · rpm / 60. Throws for rpm ≤ 0. */
export function ordersToHz(order: number, shaftRpm: number): number {
  assertPositive(shaftRpm, 'shaft speed (rpm)');
  return (order * shaftRpm) / 60;
}

/** Main-lobe kernel of a cosine-sum window for large N: a0·sinc(δ) + Σ a_k/2·(sinc(δ − k) + sinc(δ + k)). */
function windowKernel(coefficients: readonly number[], delta: number): number {
  const sinc = (x: number) => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x));
  let sum = coefficients[0]! * sinc(delta);
  for (let k = 1; k < coefficients.length; k++)
    sum += (coefficients[k]! / 2) * (sinc(delta - k) + sinc(delta + k));
  return sum;
}

/**
 * Offset (in bins, −0.5…0.5) and amplitude gain of a tone from the bins around a local maximum. Bins lie
 * `spacing` natural bins apart (sampleCount / fftSize, below 1 when zero-padded). The ratio of the higher
 * neighbour to the maximum equals K(spacing − u)/K(u) for the window's kernel K and the tone's offset u in
 * natural bins, solved by bisection (for Hann without padding this is Grandke's closed form
 * δ = (2r − 1)/(r + 1)); gain = K(0)/K(u).
 */
function interpolation(
  window: WindowType,
  spacing: number,
  left: number,
  centre: number,
  right: number,
): [number, number] {
  if (centre <= 0) return [0, 1];
  const coefficients = COSINE_SUM_COEFFICIENTS[window];
  const ratio = Math.max(left, right) / centre;
  const ratioAt = (u: number) => windowKernel(coefficients, spacing - u) / windowKernel(coefficients, u);
  let low = 0;
  let high = spacing / 2;
  if (ratio <= ratioAt(0)) high = 0;
  for (let i = 0; i < 40 && high > 0; i++) {
    const mid = (low + high) / 2;
    if (ratioAt(mid) < ratio) low = mid;
    else high = mid;
  }
  const offset = (low + high) / 2;
  const delta = offset / spacing;
  return [right >= left ? delta : -delta, windowKernel(coefficients, 0) / windowKernel(coefficients, offset)];
}

/** The interpolated peak around local-maximum bin `bin` of `spectrum`. */
export function interpolatePeak(spectrum: Spectrum, bin: number): Peak {
  const a = spectrum.amplitude;
  if (!(Number.isInteger(bin) && bin >= 0 && bin < a.length)) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.outOfRange,
      `bin ${bin} is outside 0…${a.length - 1}`,
    );
  }
  if (bin === 0 || bin === a.length - 1) {
    return { frequencyHz: bin * spectrum.resolutionHz, amplitude: a[bin]!, bin };
  }
  const spacing = spectrum.sampleCount / spectrum.fftSize;
  const [delta, gain] = interpolation(spectrum.window, spacing, a[bin - 1]!, a[bin]!, a[bin + 1]!);
  return { frequencyHz: (bin + delta) * spectrum.resolutionHz, amplitude: a[bin]! * gain, bin };
}

/** Options of {@link findPeaks}. */
export interface PeakOptions {
  /** At most this many peaks, the highest first (default 10). */
  maxPeaks?: number;
  /** Search range in Hz (default the whole spectrum, DC excluded). */
  minHz?: number;
  maxHz?: number;
  /** Ignore peaks below this amplitude (default 0). */
  minAmplitude?: number;
  /** Of two peaks closer than this (Hz), keep the higher (default 0: keep all local maxima). */
  minSeparationHz?: number;
}

/** Local maxima of `spectrum`, interpolated, highest first (see {@link PeakOptions}). */
export function findPeaks(spectrum: Spectrum, options: PeakOptions = {}): Peak[] {
  const a = spectrum.amplitude;
  const df = spectrum.resolutionHz;
  const first = Math.max(1, Math.ceil((options.minHz ?? 0) / df));
  const last = Math.min(a.length - 2, Math.floor((options.maxHz ?? Number.POSITIVE_INFINITY) / df));
  const minAmplitude = options.minAmplitude ?? 0;
  const candidates: number[] = [];
  for (let k = first; k <= last; k++) {
    const v = a[k]!;
    if (v > a[k - 1]! && v >= a[k + 1]! && v > 0 && v >= minAmplitude) candidates.push(k);
  }
  candidates.sort((i, j) => a[j]! - a[i]!);
  const separation = options.minSeparationHz ?? 0;
  const maxPeaks = options.maxPeaks ?? 10;
  const peaks: Peak[] = [];
  for (const k of candidates) {
    if (peaks.length >= maxPeaks) break;
    const peak = interpolatePeak(spectrum, k);
    if (peaks.every((p) => Math.abs(p.frequencyHz - peak.frequencyHz) >= separation)) peaks.push(peak);
  }
  return peaks;
}

/**
 * The highest bin within ±toleranceHz of `frequencyHz`, interpolated; null when that window lies outside
 * the spectrum (below DC or above Nyquist).
 */
export function peakNear(spectrum: Spectrum, frequencyHz: number, toleranceHz: number): Peak | null {
  assertFinite(frequencyHz, 'frequency');
  assertFinite(toleranceHz, 'tolerance');
  const a = spectrum.amplitude;
  const df = spectrum.resolutionHz;
  const from = Math.max(0, Math.ceil((frequencyHz - toleranceHz) / df));
  const to = Math.min(a.length - 1, Math.floor((frequencyHz + toleranceHz) / df));
  let best = -1;
  for (let k = from; k <= to; k++) if (best < 0 || a[k]! > a[best]!) best = k;
  if (best < 0) {
    const nearest = Math.round(frequencyHz / df);
    if (nearest < 0 || nearest >= a.length) return null;
    best = nearest;
  }
  return interpolatePeak(spectrum, best);
}

/**
 * RMS of the signal content between lowHz and highHz (inclusive bins): √(Σ power_k / ENBW), power_k the
 * mean square of bin k (A²/2 for a peak-scaled inner bin). Exact by Parseval for a rectangular window;
 * for tapered windows exact for tones and unbiased for broadband noise.
 */
export function bandRms(spectrum: Spectrum, lowHz: number, highHz: number): number {
  assertFinite(lowHz, 'band low edge');
  assertFinite(highHz, 'band high edge');
  if (highHz < lowHz) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      `band ${lowHz}–${highHz} Hz is reversed; the low edge must not exceed the high edge`,
    );
  }
  const a = spectrum.amplitude;
  const last = a.length - 1;
  const from = Math.max(0, Math.ceil(lowHz / spectrum.resolutionHz - 1e-9));
  const to = Math.min(last, Math.floor(highHz / spectrum.resolutionHz + 1e-9));
  const innerFactor = spectrum.scale === 'peak' ? 0.5 : 1;
  let power = 0;
  for (let k = from; k <= to; k++) {
    const v = a[k]!;
    power += v * v * (k === 0 || k === last ? 1 : innerFactor);
  }
  return Math.sqrt(power / spectrum.noiseBandwidthBins);
}
