/**
 * M4 downsampling (Jugel et al., "M4: A Visualization-Oriented Time Series Data Aggregation", PVLDB 7(10),
 * 2014): per pixel column keep the first, last, minimum and maximum point; a line chart drawn from them
 * is pixel-identical to one drawn from all points.
 */
import { ANALYTICS_ERROR_CODES, AnalyticsInputError, assertFinite, assertIntegerInRange } from './errors.ts';
import { assertSeries } from './lttb.ts';

/**
 * Indices kept by M4 for a chart `width` pixels wide over [xMin, xMax] (default the data's range),
 * ascending, at most 4 per column. Points outside the range are dropped. Throws on mismatched or
 * non-finite input, x not ascending, a width below 1 or an empty range.
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
  if (n === 0) return new Uint32Array(0);
  if (!(xMax >= xMin)) {
    throw new AnalyticsInputError(ANALYTICS_ERROR_CODES.invalid, `x range ${xMin}–${xMax} is reversed`);
  }
  const out = new Uint32Array(Math.min(n, 4 * width));
  let count = 0;
  const scale = xMax > xMin ? width / (xMax - xMin) : 0;
  let column = -1;
  let first = 0;
  let last = 0;
  let min = 0;
  let max = 0;
  const flush = () => {
    const group = [first, min, max, last].sort((p, q) => p - q);
    for (let k = 0; k < 4; k++) if (k === 0 || group[k] !== group[k - 1]) out[count++] = group[k]!;
  };
  for (let i = 0; i < n; i++) {
    const xi = x[i]!;
    if (xi < xMin || xi > xMax) continue;
    const c = Math.min(width - 1, Math.floor((xi - xMin) * scale));
    if (c !== column) {
      if (column >= 0) flush();
      column = c;
      first = i;
      min = i;
      max = i;
    } else {
      if (y[i]! < y[min]!) min = i;
      if (y[i]! > y[max]!) max = i;
    }
    last = i;
  }
  if (column >= 0) flush();
  return out.slice(0, count);
}
