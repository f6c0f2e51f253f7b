import type { ModelSettings } from '@sdp/contracts';

export type CorrelationRow = ModelSettings['q_setting_in'][number];

/** Spec 02 §4: a correlation row pairs at most two tags. */
export const MAX_CORRELATION_TAGS = 2;

/** The tags a row keeps after a choice: the latest two, so choosing a third drops the oldest. */
export function keepLatestTags(tags: readonly string[]): string[] {
  return tags.slice(-MAX_CORRELATION_TAGS);
}

/**
 * The name of a pair's anomaly score, built from both tags (`top_oil_temperature_load_factor`); empty until two
 * are chosen. The server monitors the score under this name.
 */
export function correlationScoreName(tagA: string, tagB: string): string {
  return tagA && tagB ? `${tagA}_${tagB}` : '';
}

/** A row after its tag choice changed: the kept tags, tag A and B in the order chosen, and the score name. */
export function withCorrelationTags(row: CorrelationRow, tags: readonly string[]): CorrelationRow {
  const kept = keepLatestTags(tags);
  const [tagA = '', tagB = ''] = kept;
  return { ...row, tagCode: kept, tagA, tagB, score: correlationScoreName(tagA, tagB) };
}

/** A new correlation row: no tags yet, and warning and alarm left for the user to fill in. */
export function newCorrelationRow(): CorrelationRow {
  return { tagCode: [], tagA: '', tagB: '', score: '', warning: Number.NaN, alarm: Number.NaN };
}
