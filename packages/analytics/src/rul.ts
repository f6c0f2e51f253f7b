/**
 * Remaining useful life of drive components (ANALYTICS.md §5; spec 02 §4 RUL classes): the 10 °C rule
 * for electrolytic capacitors and fans (life doubles per 10 °C cooler, Arrhenius approximation used in
 * Rubycon and Nippon Chemi-con life notes) and Miner's rule over a temperature history.
 */
import {
  ANALYTICS_ERROR_CODES,
  AnalyticsInputError,
  assertFinite,
  assertNonNegative,
  assertPositive,
} from './errors.ts';

/** Rated life L0 at temperature T0, and the temperature step that doubles life (default 10 °C). */
export interface LifeRating {
  /** L0, rated life at T0 (hours). */
  readonly ratedLifeHours: number;
  /** T0, the rated (maximum category) temperature, °C. */
  readonly ratedTemperatureC: number;
  /** Default 10 °C. */
  readonly doublingStepC?: number;
}

/**
 * Expected life in hours at temperature T: L = L0·2^((T0 − T)/step) (step 10 °C by default). Ripple
 * self-heating belongs in T (core temperature = ambient + ripple rise).
 */
export function componentLifeHours(temperatureC: number, rating: LifeRating): number {
  assertFinite(temperatureC, 'temperature (°C)');
  assertPositive(rating.ratedLifeHours, 'rated life L0 (h)');
  assertFinite(rating.ratedTemperatureC, 'rated temperature T0 (°C)');
  const step = rating.doublingStepC ?? 10;
  assertPositive(step, 'doubling step (°C)');
  return rating.ratedLifeHours * 2 ** ((rating.ratedTemperatureC - temperatureC) / step);
}

/** Hours spent at one temperature. */
export interface TemperatureInterval {
  readonly hours: number;
  readonly temperatureC: number;
}

/** Hours in a year (365 days) used for RUL in years. */
export const HOURS_PER_YEAR = 8760;

/** Remaining useful life from Miner's rule. */
export interface RemainingLife {
  /** D = initial damage + Σ Δt_i / L(T_i). */
  readonly damage: number;
  /** 100·(1 − D), not below 0. */
  readonly rulPercent: number;
  /** (1 − D)·L(T_now), not below 0; T_now = the last interval's temperature. */
  readonly remainingHours: number;
  readonly remainingYears: number;
  /** L_eq = Σt / Σ(t_i/L_i): the constant-temperature life with the same damage rate. */
  readonly equivalentLifeHours: number;
  /** The constant temperature with life L_eq. */
  readonly equivalentTemperatureC: number;
  /** RUL class of spec 02 §4 ({@link rulStatus}). */
  readonly status: 0 | 1 | 2;
}

/**
 * Miner accumulation over a temperature history (ANALYTICS.md §5). `initialDamage` (0–1) accounts for
 * use before monitoring began. Throws on an empty history, negative durations or a history of zero hours.
 */
export function remainingLife(
  history: readonly TemperatureInterval[],
  rating: LifeRating,
  initialDamage = 0,
): RemainingLife {
  if (history.length === 0) {
    throw new AnalyticsInputError(ANALYTICS_ERROR_CODES.empty, 'temperature history is empty');
  }
  assertNonNegative(initialDamage, 'initial damage');
  let hours = 0;
  let damage = 0;
  for (const interval of history) {
    assertNonNegative(interval.hours, 'interval duration (h)');
    hours += interval.hours;
    damage += interval.hours / componentLifeHours(interval.temperatureC, rating);
  }
  if (hours === 0) {
    throw new AnalyticsInputError(ANALYTICS_ERROR_CODES.invalid, 'temperature history spans zero hours');
  }
  const equivalentLifeHours = hours / damage;
  const step = rating.doublingStepC ?? 10;
  const total = initialDamage + damage;
  const left = Math.max(0, 1 - total);
  const remainingHours = left * componentLifeHours(history[history.length - 1]!.temperatureC, rating);
  const rulPercent = 100 * left;
  return {
    damage: total,
    rulPercent,
    remainingHours,
    remainingYears: remainingHours / HOURS_PER_YEAR,
    equivalentLifeHours,
    equivalentTemperatureC:
      rating.ratedTemperatureC - step * Math.log2(equivalentLifeHours / rating.ratedLifeHours),
    status: rulStatus(rulPercent, remainingHours / HOURS_PER_YEAR),
  };
}

/** Remaining time below which a part is at least a warning (time to order it and plan the stop), in days. */
export const RUL_WARNING_DAYS = 90;
/** Remaining time below which a part is an alarm, in days. */
export const RUL_ALARM_DAYS = 30;
const DAYS_PER_YEAR = 365.25;

/**
 * RUL class (spec 02 §4): 0 above 20 %, 1 from 10 to 20 %, 2 below 10 %; and, when the remaining time is given, at
 * least 1 below {@link RUL_WARNING_DAYS} days and 2 below {@link RUL_ALARM_DAYS} days (issue 26 item 8: a capacitor
 * at 22.7 % with 38 days left read 'Normal Condition'). The worse of the two classes counts.
 */
export function rulStatus(rulPercent: number, remainingYears?: number): 0 | 1 | 2 {
  assertFinite(rulPercent, 'RUL (%)');
  const byPercent = rulPercent > 20 ? 0 : rulPercent >= 10 ? 1 : 2;
  // An unbounded remaining time (a part that no longer ages) leaves the percent class alone.
  if (remainingYears === undefined || !Number.isFinite(remainingYears)) return byPercent;
  const days = remainingYears * DAYS_PER_YEAR;
  const byTime = days < RUL_ALARM_DAYS ? 2 : days < RUL_WARNING_DAYS ? 1 : 0;
  return Math.max(byPercent, byTime) as 0 | 1 | 2;
}

/** RUL in years as shown (spec 02 §4): '> 15' above 15 years, else one decimal. */
export function formatRulYears(years: number): string {
  assertFinite(years, 'RUL (years)');
  return years > 15 ? '> 15' : years.toFixed(1);
}

/** RUL in percent as shown: one decimal. */
export function formatRulPercent(percent: number): string {
  assertFinite(percent, 'RUL (%)');
  return percent.toFixed(1);
}

/**
 * Life used before monitoring began (Miner's initial damage, 0–1): days in service × hours run a day over the
 * expected life in hours (`expectedLifeHours`, the part's life at its past operating temperature). Every input
 * in hours or days; throws on a non-positive expected life.
 */
export function initialLifeUsed(
  daysInService: number,
  hoursPerDay: number,
  expectedLifeHours: number,
): number {
  assertNonNegative(daysInService, 'initial usage duration (days)');
  assertNonNegative(hoursPerDay, 'average rate (h/day)');
  assertPositive(expectedLifeHours, 'expected life (h)');
  return (daysInService * hoursPerDay) / expectedLifeHours;
}

/** One point of a {@link remainingLifeTrace}: after the interval ending at index `index` of the samples. */
export interface RemainingLifePoint {
  readonly index: number;
  /** D so far, initial damage included. */
  readonly damage: number;
  readonly rulPercent: number;
  readonly remainingYears: number;
}

/**
 * Miner's rule accumulated along a temperature series (ANALYTICS.md §5) in one pass: sample i−1's temperature
 * holds until sample i, counted at `hoursPerDay`/24 of the wall-clock time (a part that runs 12 h a day ages
 * half as fast). Gives, after each sample from the second on, D, RUL % = 100(1 − D) and remaining years
 * (1 − D)·L(T_{i−1})/8760, equal to {@link remainingLife} over the same prefix. Times in epoch ms.
 */
export function remainingLifeTrace(
  samples: readonly { readonly t: number; readonly value: number }[],
  rating: LifeRating,
  initialDamage = 0,
  hoursPerDay = 24,
): RemainingLifePoint[] {
  assertNonNegative(initialDamage, 'initial damage');
  assertNonNegative(hoursPerDay, 'average rate (h/day)');
  const out: RemainingLifePoint[] = [];
  let damage = initialDamage;
  for (let i = 1; i < samples.length; i++) {
    const before = samples[i - 1]!;
    const now = samples[i]!;
    const hours = ((now.t - before.t) / 3_600_000) * (hoursPerDay / 24);
    assertNonNegative(hours, 'interval duration (h)');
    const life = componentLifeHours(before.value, rating);
    damage += hours / life;
    const left = Math.max(0, 1 - damage);
    out.push({
      index: i,
      damage,
      rulPercent: 100 * left,
      remainingYears: (left * life) / HOURS_PER_YEAR,
    });
  }
  return out;
}
