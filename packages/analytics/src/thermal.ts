/**
 * Transformer thermal model, insulation ageing and losses (ANALYTICS.md §6; IEC 60076-7:2018 §7 steady
 * state and §6.3 ageing; IEEE C57.91-2011 §7 loss of life).
 */
import { assertFinite, assertNonNegative, assertPositive } from './errors.ts';

/** Thermal characteristics of IEC 60076-7 (rated values, °C and dimensionless). */
export interface ThermalCharacteristics {
  /** Δθor, top-oil temperature rise at rated load (K). */
  readonly topOilRiseK: number;
  /** R, ratio of load losses at rated current to no-load losses. */
  readonly lossRatio: number;
  /** x, oil exponent. */
  readonly oilExponent: number;
  /** y, winding exponent. */
  readonly windingExponent: number;
  /** H, hot-spot factor. */
  readonly hotSpotFactor: number;
  /** gr, average winding to average oil gradient at rated current (K). */
  readonly gradientK: number;
}

/**
 * Steady-state hot-spot temperature (IEC 60076-7 eq. for steady state):
 * θh = θa + Δθor·[(1 + R·K²)/(1 + R)]^x + H·gr·K^y, K the load factor (p.u. of rated current), °C.
 */
export function hotSpotTemperature(ambientC: number, loadFactor: number, c: ThermalCharacteristics): number {
  assertFinite(ambientC, 'ambient temperature (°C)');
  assertNonNegative(loadFactor, 'load factor K');
  assertNonNegative(c.topOilRiseK, 'top-oil rise');
  assertNonNegative(c.lossRatio, 'loss ratio R');
  assertNonNegative(c.gradientK, 'winding gradient');
  assertPositive(c.hotSpotFactor, 'hot-spot factor H');
  assertFinite(c.oilExponent, 'oil exponent x');
  assertFinite(c.windingExponent, 'winding exponent y');
  const k2 = loadFactor * loadFactor;
  return (
    ambientC +
    c.topOilRiseK * ((1 + c.lossRatio * k2) / (1 + c.lossRatio)) ** c.oilExponent +
    c.hotSpotFactor * c.gradientK * loadFactor ** c.windingExponent
  );
}

/** Insulation paper: 'normal' (Kraft, 98 °C reference) or 'upgraded' (thermally upgraded, 110 °C). */
export type PaperType = 'normal' | 'upgraded';

/**
 * Relative ageing rate V (IEC 60076-7 §6.3): normal paper V = 2^((θh − 98)/6); thermally upgraded paper
 * V = exp(15000/383 − 15000/(θh + 273)). V = 1 at 98 °C (normal) or 110 °C (upgraded).
 */
export function relativeAgeingRate(hotSpotC: number, paper: PaperType = 'normal'): number {
  assertFinite(hotSpotC, 'hot-spot temperature (°C)');
  return paper === 'normal' ? 2 ** ((hotSpotC - 98) / 6) : Math.exp(15000 / 383 - 15000 / (hotSpotC + 273));
}

/** An interval of constant hot-spot temperature. */
export interface HotSpotInterval {
  readonly hours: number;
  readonly hotSpotC: number;
}

/** Loss of life over a history. */
export interface LossOfLife {
  /** L = Σ V·Δt, hours of life consumed at the reference rate. */
  readonly lossOfLifeHours: number;
  /** F_EQA = L / Σ Δt, the equivalent ageing factor. */
  readonly equivalentAgeingFactor: number;
  /** IEEE C57.91 %LoL = F_EQA·t·100 / 180 000 h (normal insulation life). */
  readonly percentLossOfLife: number;
}

/** IEEE C57.91 normal insulation life used for %LoL, hours. */
export const NORMAL_INSULATION_LIFE_HOURS = 180_000;

/** Loss of life over intervals of constant hot-spot temperature: L = ∫V dt as Σ V(θh,i)·Δti. */
export function lossOfLife(history: readonly HotSpotInterval[], paper: PaperType = 'normal'): LossOfLife {
  let hours = 0;
  let consumed = 0;
  for (const interval of history) {
    assertNonNegative(interval.hours, 'interval duration (h)');
    hours += interval.hours;
    consumed += relativeAgeingRate(interval.hotSpotC, paper) * interval.hours;
  }
  return {
    lossOfLifeHours: consumed,
    equivalentAgeingFactor: hours === 0 ? 0 : consumed / hours,
    percentLossOfLife: (100 * consumed) / NORMAL_INSULATION_LIFE_HOURS,
  };
}

/** Losses in W at a load factor. */
export interface TransformerLosses {
  readonly noLoadW: number;
  /** P_k·K² (load losses scale with the square of the load current). */
  readonly loadW: number;
  readonly totalW: number;
}

/** Transformer losses at load factor K: no-load P0 plus load losses P_k·K² (rated values in W). */
export function transformerLosses(
  noLoadLossW: number,
  ratedLoadLossW: number,
  loadFactor: number,
): TransformerLosses {
  assertNonNegative(noLoadLossW, 'no-load loss (W)');
  assertNonNegative(ratedLoadLossW, 'rated load loss (W)');
  assertNonNegative(loadFactor, 'load factor K');
  const loadW = ratedLoadLossW * loadFactor * loadFactor;
  return { noLoadW: noLoadLossW, loadW, totalW: noLoadLossW + loadW };
}
