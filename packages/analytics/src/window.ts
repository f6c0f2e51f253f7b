/**
 * Spectral windows with their amplitude and energy corrections. Windows are periodic ("DFT-even"), the
 * form scipy.signal.get_window returns by default, so the coherent gain of Hann is exactly 0.5.
 */
import { ANALYTICS_ERROR_CODES, AnalyticsInputError, assertIntegerInRange } from './errors.ts';

/** Window names accepted by the spectrum functions. */
export const WINDOW_TYPES = ['hann', 'flattop', 'rectangular'] as const;

/** One of {@link WINDOW_TYPES}. */
export type WindowType = (typeof WINDOW_TYPES)[number];

/** A window of one length and the factors that undo its effect on a spectrum. */
export interface SpectralWindow {
  readonly type: WindowType;
  readonly coefficients: Float64Array;
  /** Σw / N: a tone's spectral peak is scaled by this (0.5 for Hann, ≈0.2156 for flat-top, 1 for rectangular). */
  readonly coherentGain: number;
  /** 1 / coherentGain: multiply a windowed amplitude by it to read the true tone amplitude. */
  readonly amplitudeCorrection: number;
  /** 1 / √(Σw²/N): multiply to read broadband (noise) RMS correctly. */
  readonly energyCorrection: number;
  /** Equivalent noise bandwidth in bins, N·Σw²/(Σw)² (1.5 for Hann, ≈3.77 for flat-top, 1 for rectangular). */
  readonly noiseBandwidthBins: number;
}

/**
 * Cosine-sum coefficients a_k of each window, w[n] = Σ (−1)^k·a_k·cos(2πkn/N). Flat-top: scipy's
 * (D'Antona and Ferrero, 2006), the same as MATLAB's flattopwin.
 */
export const COSINE_SUM_COEFFICIENTS: Record<WindowType, readonly number[]> = {
  rectangular: [1],
  hann: [0.5, 0.5],
  flattop: [0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368],
};

const MAX_CACHED_WINDOWS = 16;
const windows = new Map<string, SpectralWindow>();

function coefficientsOf(type: WindowType, length: number): Float64Array {
  const a = COSINE_SUM_COEFFICIENTS[type];
  const w = new Float64Array(length);
  const step = (2 * Math.PI) / length;
  for (let n = 0; n < length; n++) {
    let sum = 0;
    for (let k = 0; k < a.length; k++) sum += (k % 2 === 0 ? 1 : -1) * a[k]! * Math.cos(step * k * n);
    w[n] = sum;
  }
  return w;
}

/**
 * The periodic window of `type` and `length` samples with its corrections, cached (the 16 most recent
 * shapes). Throws `INVALID_ARGUMENT` for an unknown type and `OUT_OF_RANGE` for a length below 1.
 */
export function spectralWindow(type: WindowType, length: number): SpectralWindow {
  if (!WINDOW_TYPES.includes(type)) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      `window '${String(type)}' is unknown; use one of ${WINDOW_TYPES.join(', ')}`,
    );
  }
  assertIntegerInRange(length, 1, Number.MAX_SAFE_INTEGER, 'window length');
  const key = `${type}:${length}`;
  const cached = windows.get(key);
  if (cached !== undefined) return cached;
  const coefficients = coefficientsOf(type, length);
  let sum = 0;
  let sumSquares = 0;
  for (const c of coefficients) {
    sum += c;
    sumSquares += c * c;
  }
  const window: SpectralWindow = {
    type,
    coefficients,
    coherentGain: sum / length,
    amplitudeCorrection: length / sum,
    energyCorrection: Math.sqrt(length / sumSquares),
    noiseBandwidthBins: (length * sumSquares) / (sum * sum),
  };
  if (windows.size >= MAX_CACHED_WINDOWS) {
    const oldest = windows.keys().next().value;
    if (oldest !== undefined) windows.delete(oldest);
  }
  windows.set(key, window);
  return window;
}
