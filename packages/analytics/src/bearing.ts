/**
 * Rolling-element bearing defect frequencies from geometry (ANALYTICS.md §2.1; Harris, "Rolling Bearing
 * Analysis"; MathWorks bearingFaultBands).
 */
import { ANALYTICS_ERROR_CODES, AnalyticsInputError, assertFinite, assertPositive } from './errors.ts';

/** Bearing geometry; diameters in any one length unit. */
export interface BearingGeometry {
  /** Number of rolling elements n (integer ≥ 1). */
  readonly rollingElements: number;
  /** Rolling-element diameter d. */
  readonly ballDiameter: number;
  /** Pitch diameter D (must exceed d). */
  readonly pitchDiameter: number;
  /** Contact angle β in degrees (default 0, 0 ≤ β < 90). */
  readonly contactAngleDeg?: number;
}

/** Defect frequencies in Hz for one shaft speed. */
export interface BearingDefectFrequencies {
  /** Shaft frequency fr = rpm / 60. */
  readonly shaftHz: number;
  /** Fundamental train (cage) frequency. */
  readonly ftf: number;
  /** Ball pass frequency, outer race. */
  readonly bpfo: number;
  /** Ball pass frequency, inner race. */
  readonly bpfi: number;
  /** Ball (roller) spin frequency; a defect striking both races shows at 2×BSF. */
  readonly bsf: number;
}

/**
 * BPFO = (n·fr/2)(1 − (d/D)cosβ), BPFI = (n·fr/2)(1 + (d/D)cosβ), FTF = (fr/2)(1 − (d/D)cosβ),
 * BSF = (D·fr/(2d))(1 − ((d/D)cosβ)²). Throws `IMPOSSIBLE_GEOMETRY` when the geometry cannot exist
 * (d ≥ D, non-integer or zero element count, β outside 0–90°) and `OUT_OF_RANGE` for a speed ≤ 0.
 */
export function bearingDefectFrequencies(
  geometry: BearingGeometry,
  shaftRpm: number,
): BearingDefectFrequencies {
  const { rollingElements: n, ballDiameter: d, pitchDiameter: pitch } = geometry;
  const beta = geometry.contactAngleDeg ?? 0;
  assertPositive(shaftRpm, 'shaft speed (rpm)');
  assertFinite(beta, 'contact angle');
  const impossible = (why: string): never => {
    throw new AnalyticsInputError(ANALYTICS_ERROR_CODES.geometry, `impossible bearing geometry: ${why}`);
  };
  if (!(Number.isInteger(n) && n >= 1)) impossible(`${n} rolling elements (need a whole number ≥ 1)`);
  if (!(Number.isFinite(d) && d > 0 && Number.isFinite(pitch) && pitch > 0)) {
    impossible(`diameters d = ${d}, D = ${pitch} (both must be above 0)`);
  }
  if (d >= pitch) impossible(`ball diameter ${d} is not smaller than pitch diameter ${pitch}`);
  if (beta < 0 || beta >= 90) impossible(`contact angle ${beta}° (need 0 ≤ β < 90)`);
  const fr = shaftRpm / 60;
  const ratio = (d / pitch) * Math.cos((beta * Math.PI) / 180);
  return {
    shaftHz: fr,
    ftf: (fr / 2) * (1 - ratio),
    bpfo: ((n * fr) / 2) * (1 - ratio),
    bpfi: ((n * fr) / 2) * (1 + ratio),
    bsf: ((pitch * fr) / (2 * d)) * (1 - ratio * ratio),
  };
}
