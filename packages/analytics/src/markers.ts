/**
 * Marker lines of the spectrum tools (spec 02 §4–§5, spec 03 §4.3): the first click sets the ref peak, the
 * second the 2nd peak (never left of the ref), Diff is their distance; Harmonic and Sideband draw series
 * from them. Counts run from 1 to 100; lines outside the data's frequency range are left out.
 */
import { ANALYTICS_ERROR_CODES, AnalyticsInputError, assertFinite, assertPositive } from './errors.ts';

/** Allowed counts of harmonic and sideband lines, and the spec's defaults. */
export const MARKER_COUNTS = { min: 1, max: 100, defaultHarmonic: 3, defaultSideband: 5 } as const;

/** A marker line. `order` is k of ref + k·spacing (0 = the ref itself; negative = lower sideband). */
export interface MarkerLine {
  readonly frequencyHz: number;
  readonly order: number;
}

/** Frequency range of the plotted data, inclusive, in Hz. */
export type FrequencyRange = readonly [number, number];

/** Message the spec shows when the 2nd peak lies left of the ref peak. */
export const SECOND_PEAK_LEFT_OF_REF = "Couldn't select 2nd less than ref peak";

/** Diff = 2nd peak − ref peak in Hz. Throws `INVALID_ARGUMENT` with the spec's text when 2nd < ref. */
export function peakDifference(refHz: number, secondHz: number): number {
  assertFinite(refHz, 'ref peak');
  assertFinite(secondHz, '2nd peak');
  if (secondHz < refHz) throw new AnalyticsInputError(ANALYTICS_ERROR_CODES.invalid, SECOND_PEAK_LEFT_OF_REF);
  return secondHz - refHz;
}

function assertCount(count: number, kind: 'Harmonic' | 'Sideband'): void {
  if (!(Number.isInteger(count) && count >= MARKER_COUNTS.min && count <= MARKER_COUNTS.max)) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.outOfRange,
      `${kind} value out of range: ${count}. Please select a value between 1-100 to display.`,
    );
  }
}

function lines(refHz: number, spacingHz: number, orders: number[], range: FrequencyRange): MarkerLine[] {
  assertFinite(refHz, 'ref peak');
  assertPositive(spacingHz, 'marker spacing (Hz)');
  const [low, high] = range;
  assertFinite(low, 'range start');
  assertFinite(high, 'range end');
  return orders
    .map((order) => ({ frequencyHz: refHz + order * spacingHz, order }))
    .filter((line) => line.frequencyHz >= low && line.frequencyHz <= high);
}

/**
 * Harmonic lines ref + k·spacing for k = 0…count (so count 3 gives the ref and three more lines).
 * With one picked point the spacing is the ref itself (1×, 2×, …); with two it is the Diff.
 */
export function harmonicMarkers(
  refHz: number,
  count: number,
  range: FrequencyRange,
  spacingHz: number = refHz,
): MarkerLine[] {
  assertCount(count, 'Harmonic');
  return lines(
    refHz,
    spacingHz,
    Array.from({ length: count + 1 }, (_, k) => k),
    range,
  );
}

/** Sideband lines centre ± k·spacing for k = 1…count plus the centre (order 0), ascending in frequency. */
export function sidebandMarkers(
  centreHz: number,
  spacingHz: number,
  count: number,
  range: FrequencyRange,
): MarkerLine[] {
  assertCount(count, 'Sideband');
  return lines(
    centreHz,
    spacingHz,
    Array.from({ length: 2 * count + 1 }, (_, i) => i - count),
    range,
  );
}
