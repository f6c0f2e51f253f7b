/**
 * Correlation ('Anomaly') scores for a pair of tags (spec 02 §2.6, §3 q_setting). Method: during a
 * healthy period tag B is learned as a linear function of tag A by robust regression (Huber
 * M-estimator, k = 1.345, solved by iteratively reweighted least squares, residual scale by the MAD;
 * Huber 1981, Holland and Welsch 1977). The score of a new pair is the absolute residual in robust σ
 * units, |b − (intercept + slope·a)| / σ, so 3 means "three standard deviations off the learned relation"
 * whatever the tags' units. Scores are classified by the row's warning and alarm limits.
 */
import {
  ANALYTICS_ERROR_CODES,
  AnalyticsInputError,
  assertFinite,
  assertFiniteSignal,
  assertSameLength,
} from './errors.ts';
import { robustScale } from './stats.ts';
import { type LimitStatus, type Limits, valueStatus } from './status.ts';

/** The learned relation b ≈ intercept + slope·a and the robust σ of its residuals. */
export interface CorrelationBaseline {
  readonly slope: number;
  readonly intercept: number;
  /** Robust σ of the residuals (1.4826·MAD), floored so a perfect fit does not divide by zero. */
  readonly residualScale: number;
  readonly sampleCount: number;
}

const HUBER_K = 1.345;

function weightedLine(a: ArrayLike<number>, b: ArrayLike<number>, w: Float64Array): [number, number] {
  let sw = 0;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < w.length; i++) {
    sw += w[i]!;
    sa += w[i]! * a[i]!;
    sb += w[i]! * b[i]!;
  }
  const ma = sa / sw;
  const mb = sb / sw;
  let saa = 0;
  let sab = 0;
  for (let i = 0; i < w.length; i++) {
    const da = a[i]! - ma;
    saa += w[i]! * da * da;
    sab += w[i]! * da * (b[i]! - mb);
  }
  const slope = saa === 0 ? 0 : sab / saa;
  return [slope, mb - slope * ma];
}

/**
 * Learns the baseline from paired samples of tag A (`a`) and tag B (`b`) taken in a healthy period.
 * Throws on fewer than 3 pairs, mismatched lengths, non-finite values or a constant tag A.
 */
export function learnCorrelationBaseline(a: ArrayLike<number>, b: ArrayLike<number>): CorrelationBaseline {
  assertFiniteSignal(a, 'tag A');
  assertFiniteSignal(b, 'tag B');
  assertSameLength(a, b, 'tag A and tag B');
  if (a.length < 3) {
    throw new AnalyticsInputError(ANALYTICS_ERROR_CODES.invalid, `${a.length} pairs; at least 3 are needed`);
  }
  let min = a[0]!;
  let max = a[0]!;
  for (let i = 1; i < a.length; i++) {
    min = Math.min(min, a[i]!);
    max = Math.max(max, a[i]!);
  }
  if (min === max) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      'tag A is constant; no relation can be learned',
    );
  }
  const weights = new Float64Array(a.length).fill(1);
  const residuals = new Float64Array(a.length);
  let [slope, intercept] = weightedLine(a, b, weights);
  let scale = 0;
  for (let iteration = 0; iteration < 50; iteration++) {
    for (let i = 0; i < a.length; i++) residuals[i] = b[i]! - intercept - slope * a[i]!;
    scale = robustScale(residuals);
    if (scale === 0) break;
    for (let i = 0; i < a.length; i++) {
      const r = Math.abs(residuals[i]!);
      weights[i] = r <= HUBER_K * scale ? 1 : (HUBER_K * scale) / r;
    }
    const [nextSlope, nextIntercept] = weightedLine(a, b, weights);
    const converged =
      Math.abs(nextSlope - slope) <= 1e-10 * (1 + Math.abs(slope)) &&
      Math.abs(nextIntercept - intercept) <= 1e-10 * (1 + Math.abs(intercept));
    [slope, intercept] = [nextSlope, nextIntercept];
    if (converged) break;
  }
  for (let i = 0; i < a.length; i++) residuals[i] = b[i]! - intercept - slope * a[i]!;
  let spread = 0;
  for (let i = 0; i < b.length; i++) spread = Math.max(spread, Math.abs(b[i]!));
  const residualScale = Math.max(robustScale(residuals), 1e-9 * Math.max(1, spread));
  return { slope, intercept, residualScale, sampleCount: a.length };
}

/** Score of one pair: |b − (intercept + slope·a)| / residualScale (robust σ units). */
export function correlationScore(baseline: CorrelationBaseline, a: number, b: number): number {
  assertFinite(a, 'tag A value');
  assertFinite(b, 'tag B value');
  return Math.abs(b - baseline.intercept - baseline.slope * a) / baseline.residualScale;
}

/** Default limits of the score in robust σ units [U: configurable per q_setting row]. */
export const DEFAULT_CORRELATION_LIMITS: Limits = { warning: 3, alarm: 5 };

/** Score and status of a pair against the baseline: ≥ alarm 2, ≥ warning 1, else 0. */
export function correlationStatus(
  baseline: CorrelationBaseline,
  a: number,
  b: number,
  limits: Limits = DEFAULT_CORRELATION_LIMITS,
): { score: number; status: LimitStatus } {
  const score = correlationScore(baseline, a, b);
  return { score, status: valueStatus(score, limits) };
}
