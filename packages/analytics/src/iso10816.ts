/**
 * ISO 10816-3 evaluation zones for machines of 15 kW to 50 MW measured on non-rotating parts
 * (ANALYTICS.md §3.1). Zone boundaries in mm/s RMS velocity; a value on a boundary belongs to the lower zone.
 */
import { ANALYTICS_ERROR_CODES, AnalyticsInputError, assertNonNegative, assertPositive } from './errors.ts';

/** Machine group: 1 = above 300 kW or shaft height ≥ 315 mm; 2 = 15–300 kW or shaft height 160–315 mm. */
export type Iso10816Group = 1 | 2;

/** Support flexibility of the machine set. */
export type Iso10816Foundation = 'rigid' | 'flexible';

/** A new machine; B unrestricted long-term; C unsatisfactory long-term; D may cause damage. */
export type Iso10816Zone = 'A' | 'B' | 'C' | 'D';

/** Zone boundaries A/B, B/C, C/D in mm/s RMS. Group 2 rigid C/D is 4.5 (not the 7.1 some sources quote). */
export const ISO_10816_3_BOUNDARIES = {
  1: { rigid: [2.3, 4.5, 7.1], flexible: [3.5, 7.1, 11.0] },
  2: { rigid: [1.4, 2.8, 4.5], flexible: [2.3, 4.5, 7.1] },
} as const satisfies Record<Iso10816Group, Record<Iso10816Foundation, readonly [number, number, number]>>;

/** The zone of a broadband velocity RMS (mm/s) for the group and foundation. Throws for a negative value. */
export function iso10816Zone(
  velocityRmsMmPerS: number,
  group: Iso10816Group,
  foundation: Iso10816Foundation,
): Iso10816Zone {
  assertNonNegative(velocityRmsMmPerS, 'velocity RMS (mm/s)');
  const limits = ISO_10816_3_BOUNDARIES[group]?.[foundation];
  if (limits === undefined) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      `ISO 10816-3 has no group ${group} with ${foundation} foundation; use group 1 or 2, rigid or flexible`,
    );
  }
  if (velocityRmsMmPerS <= limits[0]) return 'A';
  if (velocityRmsMmPerS <= limits[1]) return 'B';
  return velocityRmsMmPerS <= limits[2] ? 'C' : 'D';
}

/** Status of a zone: A and B normal (0), C warning (1), D alarm (2). */
export function iso10816ZoneStatus(zone: Iso10816Zone): 0 | 1 | 2 {
  return zone === 'D' ? 2 : zone === 'C' ? 1 : 0;
}

/**
 * Measurement band in Hz for a running speed: 10–1000 Hz at ≥ 600 rpm, 2–1000 Hz at 120–600 rpm.
 * Throws `OUT_OF_RANGE` below 120 rpm, where ISO 10816-3 does not apply.
 */
export function iso10816Band(rpm: number): [number, number] {
  assertPositive(rpm, 'speed (rpm)');
  if (rpm < 120) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.outOfRange,
      `speed ${rpm} rpm is below 120 rpm, outside the scope of ISO 10816-3`,
    );
  }
  return rpm >= 600 ? [10, 1000] : [2, 1000];
}
