/**
 * Phase-resolved partial discharge (PRPD) binning (ANALYTICS.md §6; IEC 60270 apparent charge): pulses
 * counted on a grid of phase of the power cycle (0–360°) × apparent charge (pC).
 */
import {
  ANALYTICS_ERROR_CODES,
  AnalyticsInputError,
  assertFiniteSignal,
  assertIntegerInRange,
  assertSameLength,
} from './errors.ts';

/** Options of {@link prpdHistogram}. */
export interface PrpdOptions {
  /** Phase bins over 0–360° (default 72, i.e. 5°). */
  phaseBins?: number;
  /** Charge bins (default 50). */
  chargeBins?: number;
  /** Charge range in pC (default the data's minimum to maximum). */
  chargeRange?: readonly [number, number];
}

/** Pulse counts on the phase × charge grid. */
export interface PrpdHistogram {
  /** counts[p·chargeBins + c] = pulses in phase bin p and charge bin c. */
  readonly counts: Uint32Array;
  readonly phaseBins: number;
  readonly chargeBins: number;
  /** Bin edges (phaseBins + 1 values, degrees; chargeBins + 1 values, pC). */
  readonly phaseEdgesDeg: Float64Array;
  readonly chargeEdgesPc: Float64Array;
  readonly maxCount: number;
  /** Pulses outside `chargeRange`, left out. */
  readonly outside: number;
}

const edges = (from: number, to: number, bins: number) =>
  Float64Array.from({ length: bins + 1 }, (_, i) => from + ((to - from) * i) / bins);

/**
 * Bins pulses by phase (degrees, wrapped into [0, 360)) and apparent charge (pC, may be negative for
 * bipolar records). A charge equal to the upper edge falls in the last bin. Throws on empty, mismatched
 * or non-finite input and on a reversed range.
 */
export function prpdHistogram(
  phaseDeg: ArrayLike<number>,
  chargePc: ArrayLike<number>,
  options: PrpdOptions = {},
): PrpdHistogram {
  assertFiniteSignal(phaseDeg, 'pulse phases');
  assertFiniteSignal(chargePc, 'pulse charges');
  assertSameLength(phaseDeg, chargePc, 'pulse phases and charges');
  const phaseBins = options.phaseBins ?? 72;
  const chargeBins = options.chargeBins ?? 50;
  assertIntegerInRange(phaseBins, 1, 3600, 'phase bins');
  assertIntegerInRange(chargeBins, 1, 10000, 'charge bins');
  let [low, high] = options.chargeRange ?? [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  if (options.chargeRange === undefined) {
    for (let i = 0; i < chargePc.length; i++) {
      low = Math.min(low, chargePc[i]!);
      high = Math.max(high, chargePc[i]!);
    }
    if (low === high) high = low + 1;
  }
  if (!(high > low)) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      `charge range ${low}–${high} pC is empty or reversed`,
    );
  }
  const counts = new Uint32Array(phaseBins * chargeBins);
  let outside = 0;
  let maxCount = 0;
  for (let i = 0; i < phaseDeg.length; i++) {
    const q = chargePc[i]!;
    if (q < low || q > high) {
      outside++;
      continue;
    }
    const phase = ((phaseDeg[i]! % 360) + 360) % 360;
    const p = Math.min(phaseBins - 1, Math.floor((phase / 360) * phaseBins));
    const c = Math.min(chargeBins - 1, Math.floor(((q - low) / (high - low)) * chargeBins));
    const cell = p * chargeBins + c;
    counts[cell] = counts[cell]! + 1;
    if (counts[cell]! > maxCount) maxCount = counts[cell]!;
  }
  return {
    counts,
    phaseBins,
    chargeBins,
    phaseEdgesDeg: edges(0, 360, phaseBins),
    chargeEdgesPc: edges(low, high, chargeBins),
    maxCount,
    outside,
  };
}

/** Non-empty cells as [phase centre °, charge centre pC, count] triples for a density scatter. */
export function prpdDensityPoints(histogram: PrpdHistogram): [number, number, number][] {
  const points: [number, number, number][] = [];
  const { phaseEdgesDeg: pe, chargeEdgesPc: ce, chargeBins } = histogram;
  histogram.counts.forEach((count, cell) => {
    if (count === 0) return;
    const p = Math.floor(cell / chargeBins);
    const c = cell % chargeBins;
    points.push([(pe[p]! + pe[p + 1]!) / 2, (ce[c]! + ce[c + 1]!) / 2, count]);
  });
  return points;
}
