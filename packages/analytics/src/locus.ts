/**
 * V–I locus of transformer windings (ANALYTICS.md §6; Li Jiansheng et al., 2015): per phase the voltage
 * drop Δu = Rk·i + Lk·di/dt plotted against the current i traces an ellipse whose area is π·Im²·Xk.
 * The ellipse is fitted by the numerically stable direct least-squares method of Halíř and Flusser (1998,
 * after Fitzgibbon et al., 1999); deformation shows as a change against the unit's own reference.
 */
import { EigenvalueDecomposition, inverse, Matrix } from 'ml-matrix';
import {
  ANALYTICS_ERROR_CODES,
  AnalyticsInputError,
  assertFiniteSignal,
  assertSameLength,
} from './errors.ts';

/** Ellipse parameters as the locus table shows them. */
export interface LocusParameters {
  /** Semi-major axis, in the plotted units. */
  readonly a: number;
  /** Semi-minor axis. */
  readonly b: number;
  /** Tilt of the major axis from the x (current) axis, degrees in (−90, 90]. */
  readonly angle: number;
  /** Eccentricity √(1 − b²/a²). */
  readonly e: number;
  /** π·a·b. */
  readonly area: number;
}

/** A fitted ellipse with its centre. */
export interface EllipseFit extends LocusParameters {
  readonly centreX: number;
  readonly centreY: number;
}

const notAnEllipse = (why: string): never => {
  throw new AnalyticsInputError(
    ANALYTICS_ERROR_CODES.invalid,
    `the points do not describe an ellipse: ${why}`,
  );
};

/** Conic A x² + B xy + C y² + D x + E y + F = 0 through normalised points (Halíř–Flusser). */
function fitConic(x: Float64Array, y: Float64Array): number[] {
  const d1 = new Matrix(x.length, 3);
  const d2 = new Matrix(x.length, 3);
  for (let i = 0; i < x.length; i++) {
    d1.setRow(i, [x[i]! * x[i]!, x[i]! * y[i]!, y[i]! * y[i]!]);
    d2.setRow(i, [x[i]!, y[i]!, 1]);
  }
  const s1 = d1.transpose().mmul(d1);
  const s2 = d1.transpose().mmul(d2);
  const s3 = d2.transpose().mmul(d2);
  let s3Inverse: Matrix;
  try {
    s3Inverse = inverse(s3);
  } catch {
    return notAnEllipse('the points are collinear');
  }
  const t = s3Inverse.mmul(s2.transpose()).mul(-1);
  const m = s1.add(s2.mmul(t));
  const reduced = new Matrix([
    m.getRow(2).map((v) => v / 2),
    m.getRow(1).map((v) => -v),
    m.getRow(0).map((v) => v / 2),
  ]);
  const eigen = new EigenvalueDecomposition(reduced);
  const vectors = eigen.eigenvectorMatrix;
  for (let j = 0; j < 3; j++) {
    const v = vectors.getColumn(j);
    if (eigen.imaginaryEigenvalues[j] === 0 && 4 * v[0]! * v[2]! - v[1]! * v[1]! > 0) {
      const rest = t.mmul(Matrix.columnVector(v)).to1DArray();
      return [...v, ...rest];
    }
  }
  return notAnEllipse('no elliptic solution (collinear or too few distinct points)');
}

function standardise(values: ArrayLike<number>): { data: Float64Array; mean: number; scale: number } {
  let mean = 0;
  for (let i = 0; i < values.length; i++) mean += values[i]!;
  mean /= values.length;
  let sumSquares = 0;
  for (let i = 0; i < values.length; i++) sumSquares += (values[i]! - mean) ** 2;
  const scale = Math.sqrt(sumSquares / values.length);
  if (!(scale > 0)) notAnEllipse('one coordinate is constant');
  const data = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) data[i] = (values[i]! - mean) / scale;
  return { data, mean, scale };
}

/**
 * Least-squares ellipse through points (x, y): semi-axes a ≥ b, tilt of the major axis, eccentricity,
 * area and centre. Points are standardised for the fit and the conic mapped back. Throws
 * `INVALID_ARGUMENT` for fewer than 5 points or points no ellipse fits, and on non-finite input.
 */
export function fitEllipse(x: ArrayLike<number>, y: ArrayLike<number>): EllipseFit {
  assertFiniteSignal(x, 'x');
  assertFiniteSignal(y, 'y');
  assertSameLength(x, y, 'x and y');
  if (x.length < 5) notAnEllipse(`${x.length} points; at least 5 are needed`);
  const sx = standardise(x);
  const sy = standardise(y);
  const conic = fitConic(sx.data, sy.data);
  // A conic is defined up to a factor; make its quadratic part positive definite so the axes come out right.
  const sign = conic[0]! + conic[2]! < 0 ? -1 : 1;
  const [a1, b1, c1, d1, e1, f1] = conic.map((v) => sign * v) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [mx, my, kx, ky] = [sx.mean, sy.mean, sx.scale, sy.scale];
  const A = a1 / (kx * kx);
  const B = b1 / (kx * ky);
  const C = c1 / (ky * ky);
  const D = d1 / kx - 2 * A * mx - B * my;
  const E = e1 / ky - 2 * C * my - B * mx;
  const F = A * mx * mx + B * mx * my + C * my * my - (d1 * mx) / kx - (e1 * my) / ky + f1;
  const det = 4 * A * C - B * B;
  const centreX = (B * E - 2 * C * D) / det;
  const centreY = (B * D - 2 * A * E) / det;
  const constant =
    A * centreX * centreX + B * centreX * centreY + C * centreY * centreY + D * centreX + E * centreY + F;
  const mean = (A + C) / 2;
  const spread = Math.hypot((A - C) / 2, B / 2);
  const [small, large] = [mean - spread, mean + spread];
  const major = Math.sqrt(-constant / small);
  const minor = Math.sqrt(-constant / large);
  if (!(Number.isFinite(major) && Number.isFinite(minor)))
    notAnEllipse('the fitted conic is not a real ellipse');
  // The major axis lies along the eigenvector of the smaller eigenvalue of [[A, B/2], [B/2, C]].
  let angle = (Math.atan2(small - A, B / 2) * 180) / Math.PI;
  if (B === 0) angle = A <= C ? 0 : 90;
  if (angle <= -90) angle += 180;
  if (angle > 90) angle -= 180;
  return {
    a: major,
    b: minor,
    angle,
    e: Math.sqrt(1 - (minor * minor) / (major * major)),
    area: Math.PI * major * minor,
    centreX,
    centreY,
  };
}

/** Fitted locus of one phase and the leakage reactance it implies. */
export interface ViLocus extends EllipseFit {
  /** Xk = area / (π·Im²) in Ω, Im = √2·RMS of the current (sinusoidal current assumed). */
  readonly reactanceOhm: number;
}

/** The V–I locus of one phase: ellipse through (current A, voltage drop V) and the implied reactance. */
export function viLocus(current: ArrayLike<number>, voltageDrop: ArrayLike<number>): ViLocus {
  const fit = fitEllipse(current, voltageDrop);
  let sumSquares = 0;
  for (let i = 0; i < current.length; i++) sumSquares += (current[i]! - fit.centreX) ** 2;
  const peakSquared = (2 * sumSquares) / current.length;
  return { ...fit, reactanceOhm: fit.area / (Math.PI * peakSquared) };
}

/** Change of the locus parameters between two files. */
export interface LocusChange {
  /** Relative changes in % of the base: a, b, area. */
  readonly a: number;
  readonly b: number;
  readonly area: number;
  /** Change of the tilt in degrees (a relative change of an angle near 0 means nothing). */
  readonly angle: number;
  /** Change of the eccentricity in percentage points (100·Δe). */
  readonly e: number;
}

/** Change from `base` to `present` (see {@link LocusChange}). */
export function locusChange(present: LocusParameters, base: LocusParameters): LocusChange {
  const percent = (now: number, before: number) => (100 * (now - before)) / before;
  let angle = present.angle - base.angle;
  if (angle > 90) angle -= 180;
  if (angle <= -90) angle += 180;
  return {
    a: percent(present.a, base.a),
    b: percent(present.b, base.b),
    area: percent(present.area, base.area),
    angle,
    e: 100 * (present.e - base.e),
  };
}

/** Locus fault names of spec 02 §9. */
export const LOCUS_FAULT_NAMES = [
  'N/A',
  'Normal',
  'Winding Short Circuit',
  'Axial Displacement',
  'Radial Displacement',
  'Disk Space Variation',
  'Core Deformation',
  'Inter disk',
  'Leakage fault',
  'Forced buckling',
  'Disk to ground',
] as const;

/** One of {@link LOCUS_FAULT_NAMES}. */
export type LocusFaultName = (typeof LOCUS_FAULT_NAMES)[number];

/** A diagnosis rule: matches when the change of `metric` against the reference lies in [min, max]. */
export interface LocusRule {
  readonly fault: LocusFaultName;
  readonly metric: keyof LocusChange;
  readonly min?: number;
  readonly max?: number;
}

/** Thresholds and rules of {@link compareLocus}. */
export interface LocusCriteria {
  /** |Δa|, |Δb| or |Δarea| in % at or above which the status is warning (default 2, the IEC 60076-5 reactance criterion). */
  readonly warningPercent: number;
  /** … alarm (default 5). */
  readonly alarmPercent: number;
  /** |Δangle| in degrees at or above which the status is at least warning (default 2). */
  readonly angleDeg: number;
  /** Rules tried in order for an abnormal present file; the first match names the fault. */
  readonly rules: readonly LocusRule[];
}

/**
 * Default criteria. The spec names the faults but gives no rules; these defaults [U] read the area as the
 * leakage reactance: a sharp drop suggests shorted turns, a sharp rise radial deformation (buckling), a
 * moderate rise axial displacement, a moderate drop disk-space variation, a tilt change alone a resistive
 * (leakage) change. Replace them with rules validated on your fleet.
 */
export const DEFAULT_LOCUS_CRITERIA: LocusCriteria = {
  warningPercent: 2,
  alarmPercent: 5,
  angleDeg: 2,
  rules: [
    { fault: 'Winding Short Circuit', metric: 'area', max: -5 },
    { fault: 'Radial Displacement', metric: 'area', min: 5 },
    { fault: 'Axial Displacement', metric: 'area', min: 2 },
    { fault: 'Disk Space Variation', metric: 'area', max: -2 },
    { fault: 'Leakage fault', metric: 'angle', min: 2 },
    { fault: 'Leakage fault', metric: 'angle', max: -2 },
  ],
};

/** Result of {@link compareLocus}: the locus process table row of one phase. */
export interface LocusComparison {
  readonly rocPresentLast: LocusChange | null;
  readonly rocPresentReference: LocusChange | null;
  /** 0 normal, 1 warning, 2 alarm, judged against the reference (or the last file without one). */
  readonly status: 0 | 1 | 2;
  readonly faultDiagnosis: LocusFaultName;
}

/**
 * Compares the present locus with the reference and the last file. With neither, the diagnosis is 'N/A'
 * and the status 0. A normal result is 'Normal'; an abnormal one takes the first matching rule's fault,
 * or 'N/A' when no rule matches.
 */
export function compareLocus(
  present: LocusParameters,
  reference: LocusParameters | null,
  last: LocusParameters | null,
  criteria: LocusCriteria = DEFAULT_LOCUS_CRITERIA,
): LocusComparison {
  const rocPresentReference = reference === null ? null : locusChange(present, reference);
  const rocPresentLast = last === null ? null : locusChange(present, last);
  const basis = rocPresentReference ?? rocPresentLast;
  if (basis === null) return { rocPresentLast, rocPresentReference, status: 0, faultDiagnosis: 'N/A' };
  const size = Math.max(Math.abs(basis.a), Math.abs(basis.b), Math.abs(basis.area));
  let status: 0 | 1 | 2 = size >= criteria.alarmPercent ? 2 : size >= criteria.warningPercent ? 1 : 0;
  if (status === 0 && Math.abs(basis.angle) >= criteria.angleDeg) status = 1;
  const rule = criteria.rules.find(
    (r) =>
      (r.min === undefined || basis[r.metric] >= r.min) && (r.max === undefined || basis[r.metric] <= r.max),
  );
  return {
    rocPresentLast,
    rocPresentReference,
    status,
    faultDiagnosis: status === 0 ? 'Normal' : (rule?.fault ?? 'N/A'),
  };
}
