/**
 * Hilbert envelope and envelope spectrum for bearing diagnostics (ANALYTICS.md §3.2; Randall and Antoni,
 * "Rolling element bearing diagnostics — a tutorial", MSSP 2011): band-pass around the excited resonance
 * (zero-phase Butterworth), analytic signal by FFT, envelope = |analytic|, mean removed, spectrum.
 */
import { assertFiniteSignal, assertSampleRate } from './errors.ts';
import { fftPlan, nextPowerOfTwo } from './fft.ts';
import { butterworth, sosFiltFilt } from './filter.ts';
import { amplitudeSpectrum, type Spectrum, type SpectrumScale } from './spectrum.ts';
import type { WindowType } from './window.ts';

/** Real and imaginary parts of an analytic signal x + j·H{x}. */
export interface AnalyticSignal {
  readonly re: Float64Array;
  readonly im: Float64Array;
}

/**
 * Analytic signal by the FFT method (scipy.signal.hilbert): FFT, keep DC and Nyquist, double the positive
 * frequencies, zero the negative ones, inverse FFT. A length that is not a power of two is zero-padded to
 * the next one and the result truncated back (identical to scipy for power-of-two lengths; near the ends
 * it then differs from scipy's N-point transform).
 */
export function analyticSignal(signal: ArrayLike<number>): AnalyticSignal {
  assertFiniteSignal(signal, 'signal');
  const n = signal.length;
  const size = nextPowerOfTwo(n);
  const plan = fftPlan(size);
  const input = plan.real;
  for (let i = 0; i < n; i++) input[i] = signal[i]!;
  input.fill(0, n);
  const spectrum = plan.complexA;
  plan.fft.realTransform(spectrum, input);
  for (let i = 2; i < size; i++) spectrum[i] = spectrum[i]! * 2;
  spectrum.fill(0, size + 2);
  const time = plan.complexB;
  plan.fft.inverseTransform(time, spectrum);
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    re[i] = time[2 * i]!;
    im[i] = time[2 * i + 1]!;
  }
  return { re, im };
}

/** Envelope |x + j·H{x}| of `signal` (same unit as the signal), see {@link analyticSignal}. */
export function hilbertEnvelope(signal: ArrayLike<number>): Float64Array {
  const { re, im } = analyticSignal(signal);
  for (let i = 0; i < re.length; i++) re[i] = Math.sqrt(re[i]! * re[i]! + im[i]! * im[i]!);
  return re;
}

/** Options of {@link envelopeSpectrum}. */
export interface EnvelopeOptions {
  /**
   * Band-pass edges in Hz around the excited resonance. Default [500, 5000] (ANALYTICS.md §3.2); when the
   * default is used and 5000 Hz is not below Nyquist, the upper edge becomes 0.45·fs.
   */
  bandHz?: readonly [number, number];
  /** Butterworth prototype order; the band-pass has twice as many poles (default 4). */
  filterOrder?: number;
  /** Use the squared envelope (unit²) instead of the envelope (default false). */
  squared?: boolean;
  /** Window of the final spectrum (default 'hann'). */
  window?: WindowType;
  /** Amplitude scale of the final spectrum (default 'peak'). */
  scale?: SpectrumScale;
}

/**
 * Envelope spectrum of `signal` sampled at `sampleRateHz`, in the signal's unit (or unit² when squared):
 * band-pass (zero-phase Butterworth), Hilbert envelope, mean removed, single-sided amplitude spectrum.
 * Throws on empty or non-finite input, a sample rate ≤ 0, an invalid band, or a signal too short to filter.
 */
export function envelopeSpectrum(
  signal: ArrayLike<number>,
  sampleRateHz: number,
  options: EnvelopeOptions = {},
): Spectrum {
  assertFiniteSignal(signal, 'signal');
  assertSampleRate(sampleRateHz);
  const band = options.bandHz ?? [500, Math.min(5000, 0.45 * sampleRateHz)];
  const filter = butterworth(options.filterOrder ?? 4, 'bandpass', band, sampleRateHz);
  const envelope = hilbertEnvelope(sosFiltFilt(filter, signal));
  if (options.squared === true)
    for (let i = 0; i < envelope.length; i++) envelope[i] = envelope[i]! * envelope[i]!;
  return amplitudeSpectrum(envelope, sampleRateHz, {
    window: options.window ?? 'hann',
    scale: options.scale ?? 'peak',
    removeMean: true,
  });
}
