/**
 * M4 downsampling (Jugel et al., "M4: A Visualization-Oriented Time Series Data Aggregation", PVLDB 7(10),
 * 2014): per pixel column keep the first, last, minimum and maximum point; a line chart drawn from them
 * is pixel-identical to one drawn from all points.
 */
import { ANALYTICS_ERROR_CODES, AnalyticsInputError, assertFinite, assertIntegerInRange } from './errors.ts';
import { assertSeries } from './lttb.ts';

/** First index in [from, to) whose x satisfies `test` (false then true along ascending x), else `to`. */
function firstIndexWhere(
  x: ArrayLike<number>,
  from: number,
  to: number,
  test: (v: number) => boolean,
): number {
  let low = from;
  let high = to;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (test(x[mid]!)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Appends the distinct indices of one column in ascending order; returns the new count. */
function writeColumn(
  out: Uint32Array,
  count: number,
  first: number,
  min: number,
  max: number,
  last: number,
): number {
  const low = Math.min(min, max);
  const high = Math.max(min, max);
  let next = count;
  out[next++] = first;
  if (low !== first) out[next++] = low;
  if (high !== low && high !== first) out[next++] = high;
  if (last !== high && last !== low && last !== first) out[next++] = last;
  return next;
}

/**
 * Indices kept by M4 for a chart `width` pixels wide over [xMin, xMax] (default the data's range),
 * ascending, at most 4 per column. Points outside the range are dropped. Throws on empty, mismatched
 * or non-finite input, x not ascending, a width below 1 or an empty range.
 */
export function m4Indices(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  width: number,
  xMin: number = x[0] ?? 0,
  xMax: number = x[x.length - 1] ?? 0,
): Uint32Array {
  assertSeries(x, y);
  assertIntegerInRange(width, 1, 2 ** 24, 'M4 width (pixels)');
  assertFinite(xMin, 'x range start');
  assertFinite(xMax, 'x range end');
  const n = x.length;
  if (!(xMax >= xMin)) {
    throw new AnalyticsInputError(ANALYTICS_ERROR_CODES.invalid, `x range ${xMin}–${xMax} is reversed`);
  }
  const out = new Uint32Array(Math.min(n, 4 * width));
  const scale = xMax > xMin ? width / (xMax - xMin) : 0;
  const columnOf = (v: number) => Math.min(width - 1, Math.floor((v - xMin) * scale));
  // x is ascending, so each column is a contiguous run: find its end by binary search, then scan only y.
  let i = firstIndexWhere(x, 0, n, (v) => v >= xMin);
  const stop = firstIndexWhere(x, i, n, (v) => v > xMax);
  let count = 0;
  while (i < stop) {
    const column = columnOf(x[i]!);
    const end = firstIndexWhere(x, i + 1, stop, (v) => columnOf(v) > column);
    let min = i;
    let max = i;
    let minValue = y[i]!;
    let maxValue = minValue;
    for (let k = i + 1; k < end; k++) {
      const value = y[k]!;
      if (value < minValue) {
        min = k;
        minValue = value;
      } else if (value > maxValue) {
        max = k;
        maxValue = value;
      }
    }
    count = writeColumn(out, count, i, min, max, end - 1);
    i = end;
  }
  return out.slice(0, count);
}
