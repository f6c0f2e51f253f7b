/**
 * Learned baselines (issue 25 item 4): a monitored overall value learns its normal band from its own history, then
 * warns and alarms when it leaves that band. Fixed limits need an expert per machine and sit where the machine is
 * already damaged; a learned band notices the rise from the machine's own normal.
 *
 * Rule (docs/baselines.md):
 * - Learning: every value of the learning period counts. It ends when the period has lasted `learningDays` AND
 *   holds at least `learningCaptures` values, so a daily and a weekly operating cycle are inside the band and the
 *   robust statistics rest on enough values.
 * - Band: centre m = median of the learning values; spread σ = max(1.4826 · MAD, `minimumSpreadFraction` · |m|)
 *   (MAD: median absolute deviation, 1.4826 makes it σ for Gaussian data; the floor keeps a very steady or quiet
 *   machine from alarming on a few per cent of noise). A level in decibels (MCA sidebands) is already a ratio: its
 *   floor is the same share of the amplitude, 20 · log10(1 + fraction) dB (0.42 dB for 5 %).
 * - Limits: warning at m + `warningDeviations` · σ, alarm at m + `alarmDeviations` · σ (for a value that is bad when
 *   low, m − k · σ). With the defaults 6 and 12 and the 5 % floor, warning comes at 1.3 × the baseline level at the
 *   earliest and alarm at 1.6 ×.
 *
 * References: Hampel (1974), the median absolute deviation as a robust scale; Leys et al., "Detecting outliers: do not
 * use standard deviation around the mean, use absolute deviation around the median", J. Exp. Soc. Psychol. 49 (2013).
 */
import {
  ANALYTICS_ERROR_CODES,
  AnalyticsInputError,
  assertFiniteSignal,
  assertNonNegative,
} from './errors.ts';
import { median, robustScale } from './stats.ts';
import type { Limits } from './status.ts';

/** How a baseline is learned and how far a value may leave it. */
export interface BaselineRule {
  /** Shortest learning period in days. */
  readonly learningDays: number;
  /** Fewest values the learning period holds. */
  readonly learningCaptures: number;
  /** Warning at this many robust deviations from the centre. */
  readonly warningDeviations: number;
  /** Alarm at this many robust deviations from the centre (≥ warningDeviations). */
  readonly alarmDeviations: number;
  /** The spread is at least this share of |centre|. */
  readonly minimumSpreadFraction: number;
}

/** Defaults: 14 days and 50 values, warning at 6 and alarm at 12 robust deviations, spread ≥ 5 % of the level. */
export const DEFAULT_BASELINE_RULE: BaselineRule = {
  learningDays: 14,
  learningCaptures: 50,
  warningDeviations: 6,
  alarmDeviations: 12,
  minimumSpreadFraction: 0.05,
};

/** A learned normal band, in the value's own unit. */
export interface LearnedBaseline {
  /** Median of the learning values. */
  readonly centre: number;
  /** Robust spread after the floor: max(1.4826 · MAD, minimumSpreadFraction · |centre|). */
  readonly spread: number;
  readonly warning: number;
  readonly alarm: number;
  readonly direction: 'high' | 'low';
  /** Values the band was learned from. */
  readonly count: number;
}

/** Throws `INVALID_ARGUMENT` for a rule whose numbers cannot define a band. */
export function assertBaselineRule(rule: BaselineRule): void {
  assertNonNegative(rule.learningDays, 'learning days');
  if (!Number.isInteger(rule.learningCaptures) || rule.learningCaptures < 3) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      'learning captures must be an integer of at least 3',
    );
  }
  assertNonNegative(rule.minimumSpreadFraction, 'minimum spread fraction');
  if (!(rule.warningDeviations > 0) || !(rule.alarmDeviations >= rule.warningDeviations)) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      `deviations must satisfy 0 < warning (${rule.warningDeviations}) ≤ alarm (${rule.alarmDeviations})`,
    );
  }
}

/**
 * Whether a learning period that began at `startMs` and has collected `count` values is complete at `nowMs`:
 * at least `learningDays` long and at least `learningCaptures` values.
 */
export function baselineLearningComplete(
  startMs: number,
  nowMs: number,
  count: number,
  rule: BaselineRule,
): boolean {
  return nowMs - startMs >= rule.learningDays * 86_400_000 && count >= rule.learningCaptures;
}

/**
 * The normal band learned from `values` (the learning period's values, any order) under `rule`; `direction` says
 * whether the value is bad when high (vibration, current indicators) or low; `scale` 'decibel' for levels in dB. Throws
 * on fewer than 3 or non-finite values or an invalid rule.
 */
export function learnBaseline(
  values: ArrayLike<number>,
  direction: 'high' | 'low',
  rule: BaselineRule = DEFAULT_BASELINE_RULE,
  scale: 'linear' | 'decibel' = 'linear',
): LearnedBaseline {
  assertBaselineRule(rule);
  assertFiniteSignal(values, 'baseline values');
  if (values.length < 3) {
    throw new AnalyticsInputError(ANALYTICS_ERROR_CODES.invalid, 'a baseline needs at least 3 values');
  }
  const centre = median(values);
  const floor =
    scale === 'decibel'
      ? 20 * Math.log10(1 + rule.minimumSpreadFraction)
      : rule.minimumSpreadFraction * Math.abs(centre);
  const spread = Math.max(robustScale(values), floor);
  const sign = direction === 'low' ? -1 : 1;
  return {
    centre,
    spread,
    warning: centre + sign * rule.warningDeviations * spread,
    alarm: centre + sign * rule.alarmDeviations * spread,
    direction,
    count: values.length,
  };
}

/**
 * The baseline's band as limits for the status rules (valueStatus, updateAlarmState); null when the band has no
 * width (every learning value equal to 0), where no deviation can be judged.
 */
export function baselineLimits(baseline: LearnedBaseline): Limits | null {
  if (baseline.spread === 0) return null;
  return { warning: baseline.warning, alarm: baseline.alarm, direction: baseline.direction };
}
