/**
 * Largest-Triangle-Three-Buckets downsampling (Steinarsson, "Downsampling Time Series for Visual
 * Representation", 2013; flot-downsample): keeps the first and last points and, from each of the T − 2
 * buckets between, the point forming the largest triangle with the previous pick and the next bucket's
 * average. O(N), exactly T points.
 */
import {
  ANALYTICS_ERROR_CODES,
  AnalyticsInputError,
  assertFiniteSignal,
  assertIntegerInRange,
  assertSameLength,
} from './errors.ts';

/** Throws unless x and y are non-empty, equally long, finite, and x does not decrease. */
export function assertSeries(x: ArrayLike<number>, y: ArrayLike<number>): void {
  assertSameLength(x, y, 'x and y');
  if (x.length === 0) throw new AnalyticsInputError(ANALYTICS_ERROR_CODES.empty, 'the series is empty');
  // One pass for both checks (v·0 is NaN only for NaN or ±Infinity); assertFiniteSignal then names the culprit.
  let probe = 0;
  let previous = Number.NEGATIVE_INFINITY;
  let ascending = true;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    probe += xi * 0 + y[i]! * 0;
    if (xi < previous) ascending = false;
    previous = xi;
  }
  if (probe !== 0) {
    assertFiniteSignal(x, 'x');
    assertFiniteSignal(y, 'y');
  }
  if (!ascending) {
    const at = Array.prototype.findIndex.call(x, (v: number, i: number) => i > 0 && v < x[i - 1]!);
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      `x decreases at index ${at}; sort the series by x first`,
    );
  }
}

/**
 * Indices of the points LTTB keeps, ascending. When `threshold` ≥ the number of points every index is
 * returned. Throws for a threshold below 3, empty, mismatched or non-finite input or x not ascending.
 */
export function lttbIndices(x: ArrayLike<number>, y: ArrayLike<number>, threshold: number): Uint32Array {
  assertSeries(x, y);
  assertIntegerInRange(threshold, 3, 2 ** 31, 'LTTB threshold');
  const n = x.length;
  if (threshold >= n) return Uint32Array.from({ length: n }, (_, i) => i);
  const picked = new Uint32Array(threshold);
  const every = (n - 2) / (threshold - 2);
  let a = 0;
  for (let bucket = 0; bucket < threshold - 2; bucket++) {
    const nextStart = Math.floor((bucket + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * every) + 1, n);
    let avgX = 0;
    let avgY = 0;
    for (let i = nextStart; i < nextEnd; i++) {
      avgX += x[i]!;
      avgY += y[i]!;
    }
    avgX /= nextEnd - nextStart;
    avgY /= nextEnd - nextStart;
    const from = Math.floor(bucket * every) + 1;
    const to = Math.floor((bucket + 1) * every) + 1;
    const ax = x[a]!;
    const ay = y[a]!;
    let best = from;
    let bestArea = -1;
    for (let i = from; i < to; i++) {
      const area = Math.abs((ax - avgX) * (y[i]! - ay) - (ax - x[i]!) * (avgY - ay));
      if (area > bestArea) {
        bestArea = area;
        best = i;
      }
    }
    picked[bucket + 1] = best;
    a = best;
  }
  picked[threshold - 1] = n - 1;
  return picked;
}

/** The points at `indices` as a new pair of arrays (to draw what lttbIndices or m4Indices kept). */
export function selectPoints(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  indices: ArrayLike<number>,
): { x: Float64Array; y: Float64Array } {
  const sx = new Float64Array(indices.length);
  const sy = new Float64Array(indices.length);
  for (let i = 0; i < indices.length; i++) {
    sx[i] = x[indices[i]!]!;
    sy[i] = y[indices[i]!]!;
  }
  return { x: sx, y: sy };
}
