/** Small robust statistics shared by the diagnostics. */
import { assertFiniteSignal } from './errors.ts';

/** Median of `values` (mean of the two middle values for an even count). Throws on empty or non-finite input. */
export function median(values: ArrayLike<number>): number {
  assertFiniteSignal(values, 'values');
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Consistency factor that turns a median absolute deviation into σ for Gaussian data (1/Φ⁻¹(3/4)). */
export const MAD_TO_SIGMA = 1.482602218505602;

/** Robust σ: 1.4826 · median(|x − median(x)|). */
export function robustScale(values: ArrayLike<number>): number {
  const centre = median(values);
  const deviations = new Float64Array(values.length);
  for (let i = 0; i < deviations.length; i++) deviations[i] = Math.abs(values[i]! - centre);
  return MAD_TO_SIGMA * median(deviations);
}
