/**
 * Fast Fourier transforms on power-of-two lengths, backed by fft.js (radix-4). Plans (twiddle tables and
 * scratch buffers) are cached per size, so repeated transforms of one size allocate only their result.
 * Complex data is interleaved: `[re0, im0, re1, im1, …]`. Conventions match numpy.fft: forward
 * X(k) = Σ x(n)·e^(−j2πkn/N), inverse scaled by 1/N.
 */
import FFT from 'fft.js';
import { ANALYTICS_ERROR_CODES, AnalyticsInputError, assertFiniteSignal } from './errors.ts';

/** A cached transform of one size with its scratch buffers (read-only for callers). */
export interface FftPlan {
  readonly size: number;
  readonly fft: FFT;
  /** Scratch complex buffer, 2·size values. */
  readonly complexA: Float64Array;
  /** Second scratch complex buffer, 2·size values. */
  readonly complexB: Float64Array;
  /** Scratch real buffer, size values. */
  readonly real: Float64Array;
}

const plans = new Map<number, FftPlan>();

/** True when `n` is an integer power of two (1, 2, 4, …). */
export function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;
}

/** Smallest power of two ≥ max(n, 2): the length a signal of `n` samples is zero-padded to. */
export function nextPowerOfTwo(n: number): number {
  let size = 2;
  while (size < n) size *= 2;
  return size;
}

function assertFftSize(size: number, what: string): void {
  if (!(isPowerOfTwo(size) && size >= 2)) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.notPowerOfTwo,
      `${what} has length ${size}; the FFT needs a power of two of at least 2 (zero-pad first, see nextPowerOfTwo)`,
    );
  }
}

/** The cached plan for `size` (a power of two ≥ 2), created on first use and reused afterwards. */
export function fftPlan(size: number): FftPlan {
  assertFftSize(size, 'FFT plan');
  let plan = plans.get(size);
  if (plan === undefined) {
    plan = {
      size,
      fft: new FFT(size),
      complexA: new Float64Array(2 * size),
      complexB: new Float64Array(2 * size),
      real: new Float64Array(size),
    };
    plans.set(size, plan);
  }
  return plan;
}

function outputBuffer(out: Float64Array | undefined, length: number): Float64Array {
  if (out === undefined) return new Float64Array(length);
  if (out.length !== length) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.lengthMismatch,
      `output buffer has length ${out.length}; expected ${length}`,
    );
  }
  return out;
}

/**
 * Real FFT (numpy.fft.rfft): bins 0…N/2 of a real signal of power-of-two length N, interleaved, so the
 * result has N + 2 values. Throws `NOT_POWER_OF_TWO`, `EMPTY_INPUT` or `NON_FINITE` on bad input.
 */
export function realFft(signal: ArrayLike<number>, out?: Float64Array): Float64Array {
  assertFiniteSignal(signal, 'signal');
  assertFftSize(signal.length, 'signal');
  const plan = fftPlan(signal.length);
  const result = outputBuffer(out, signal.length + 2);
  plan.fft.realTransform(plan.complexA, signal);
  result.set(plan.complexA.subarray(0, signal.length + 2));
  return result;
}

function complexTransform(
  interleaved: Float64Array,
  out: Float64Array | undefined,
  inverse: boolean,
): Float64Array {
  const what = inverse ? 'complex spectrum' : 'complex signal';
  assertFiniteSignal(interleaved, what);
  assertFftSize(interleaved.length / 2, what);
  const plan = fftPlan(interleaved.length / 2);
  const result = outputBuffer(out, interleaved.length);
  const input = interleaved === result ? interleaved.slice() : interleaved;
  if (inverse) plan.fft.inverseTransform(result, input);
  else plan.fft.transform(result, input);
  return result;
}

/** Complex FFT (numpy.fft.fft) of interleaved data of power-of-two length N (2N values). */
export function complexFft(interleaved: Float64Array, out?: Float64Array): Float64Array {
  return complexTransform(interleaved, out, false);
}

/** Inverse complex FFT (numpy.fft.ifft, scaled by 1/N) of interleaved data of power-of-two length N. */
export function inverseComplexFft(interleaved: Float64Array, out?: Float64Array): Float64Array {
  return complexTransform(interleaved, out, true);
}

/**
 * Inverse real FFT (numpy.fft.irfft with n = N): from the N/2 + 1 bins of a real signal (interleaved,
 * N + 2 values) back to N real samples. The imaginary parts of bins 0 and N/2 are ignored, as numpy does.
 */
export function inverseRealFft(halfSpectrum: Float64Array, out?: Float64Array): Float64Array {
  assertFiniteSignal(halfSpectrum, 'half spectrum');
  const size = halfSpectrum.length - 2;
  assertFftSize(size, 'half spectrum (N + 2 values)');
  const plan = fftPlan(size);
  const result = outputBuffer(out, size);
  const full = plan.complexA;
  full.set(halfSpectrum.subarray(0, size + 2));
  full[1] = 0;
  full[size + 1] = 0;
  for (let k = 1; k < size / 2; k++) {
    full[2 * (size - k)] = halfSpectrum[2 * k]!;
    full[2 * (size - k) + 1] = -halfSpectrum[2 * k + 1]!;
  }
  plan.fft.inverseTransform(plan.complexB, full);
  for (let i = 0; i < size; i++) result[i] = plan.complexB[2 * i]!;
  return result;
}
