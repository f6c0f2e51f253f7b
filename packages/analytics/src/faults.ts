/**
 * Fault-frequency matching and vibration failure-mode scores for the 'Predicted Failures' panel
 * (spec 03 §2.13, ANALYTICS.md §2.3, §3.2). The scoring rules are this package's documented defaults,
 * built on the classic spectrum signatures (ISO 13373-3 annex tables; Randall, "Vibration-based Condition
 * Monitoring", 2011): unbalance = dominant 1×; misalignment = 2× ≥ half of 1×; looseness = many
 * harmonics and half-orders; bearing = defect frequencies in the envelope spectrum above background;
 * gear = GMF with sidebands at the shaft speeds. Every limit is configurable.
 */
import type { BearingDefectFrequencies } from './bearing.ts';
import { assertFinite, assertIntegerInRange, assertPositive } from './errors.ts';
import type { GearMeshFrequencies } from './gear.ts';
import { type Peak, peakNear, type Spectrum } from './spectrum.ts';
import { median } from './stats.ts';
import { type LimitStatus, type Limits, valueStatus } from './status.ts';

/** How sure a match is: fundamental and a harmonic; fundamental only; harmonics only; nothing. */
export type FaultConfidence = 'high' | 'moderate' | 'low' | 'none';

/** Peaks found at a fault frequency and its harmonics. */
export interface FaultFrequencyMatch {
  readonly expectedHz: number;
  readonly fundamental: Peak | null;
  readonly harmonics: readonly { readonly order: number; readonly peak: Peak }[];
  readonly confidence: FaultConfidence;
}

/** Options of {@link matchFaultFrequency}. */
export interface MatchOptions {
  /** Relative tolerance: a peak within ±tolerance·m·f of the m-th harmonic matches (default 0.05). */
  tolerance?: number;
  /** Highest harmonic order searched, 2 to 4 by default (default 4). */
  harmonics?: number;
}

const confidenceOf = (fundamental: boolean, harmonics: number): FaultConfidence =>
  fundamental ? (harmonics > 0 ? 'high' : 'moderate') : harmonics > 0 ? 'low' : 'none';

/**
 * Matches picked peaks against a fault frequency and its harmonics (ANALYTICS.md §2.3): within
 * ±tolerance of each expected frequency the highest peak matches. Confidence is high with the fundamental
 * and at least one harmonic, moderate with the fundamental only, low with harmonics only.
 */
export function matchFaultFrequency(
  peaks: readonly Peak[],
  expectedHz: number,
  options: MatchOptions = {},
): FaultFrequencyMatch {
  assertPositive(expectedHz, 'fault frequency (Hz)');
  const tolerance = options.tolerance ?? 0.05;
  assertPositive(tolerance, 'tolerance');
  const maxOrder = options.harmonics ?? 4;
  assertIntegerInRange(maxOrder, 1, 100, 'harmonic count');
  const found = (order: number): Peak | null => {
    const target = order * expectedHz;
    let best: Peak | null = null;
    for (const peak of peaks) {
      const close = Math.abs(peak.frequencyHz - target) <= tolerance * target;
      if (close && (best === null || peak.amplitude > best.amplitude)) best = peak;
    }
    return best;
  };
  const fundamental = found(1);
  const harmonics: { order: number; peak: Peak }[] = [];
  for (let order = 2; order <= maxOrder; order++) {
    const peak = found(order);
    if (peak !== null) harmonics.push({ order, peak });
  }
  return {
    expectedHz,
    fundamental,
    harmonics,
    confidence: confidenceOf(fundamental !== null, harmonics.length),
  };
}

/** Failure modes scored by {@link diagnoseFailureModes}. */
export const FAILURE_MODES = ['unbalance', 'misalignment', 'looseness', 'bearing', 'gear'] as const;

/** One of {@link FAILURE_MODES}. */
export type FailureMode = (typeof FAILURE_MODES)[number];

/** Limits and thresholds of the failure-mode scores. */
export interface FailureModeLimits {
  /** 1×, 2× and GMF amplitude in the velocity spectrum's unit; default 2.8 / 4.5 (mm/s RMS, ISO 10816-3 group 2 rigid B/C and C/D). */
  readonly amplitude: Limits;
  /** Count of significant harmonics and half-orders of the shaft speed (default 3 / 5). */
  readonly looseHarmonics: Limits;
  /** Envelope-spectrum peak at a bearing defect frequency above the background median, dB (default 14 / 20). */
  readonly bearingDb: Limits;
  /** Count of significant sidebands around the GMF (default 2 / 4). */
  readonly gearSidebands: Limits;
  /** Relative frequency tolerance of every match (default 0.05). */
  readonly tolerance: number;
  /**
   * A peak is significant at or above this multiple of the background median (default 5, i.e. 14 dB: the
   * highest noise bin within ±5 % of a frequency typically stands 8–11 dB above the median).
   */
  readonly significance: number;
}

/** The defaults of {@link FailureModeLimits}. */
export const DEFAULT_FAILURE_MODE_LIMITS: FailureModeLimits = {
  amplitude: { warning: 2.8, alarm: 4.5 },
  looseHarmonics: { warning: 3, alarm: 5 },
  bearingDb: { warning: 14, alarm: 20 },
  gearSidebands: { warning: 2, alarm: 4 },
  tolerance: 0.05,
  significance: 5,
};

/** Inputs of {@link diagnoseFailureModes}. */
export interface VibrationDiagnosisInput {
  /** Velocity spectrum (see velocitySpectrum), unit `unit`. */
  readonly velocity: Spectrum;
  /** Shaft frequency in Hz (rpm / 60). */
  readonly shaftHz: number;
  /** Envelope spectrum of the acceleration; bearings are scored only when it and `bearing` are given. */
  readonly envelope?: Spectrum;
  readonly bearing?: BearingDefectFrequencies;
  /** Gears are scored only when given. */
  readonly gear?: GearMeshFrequencies;
  readonly limits?: Partial<FailureModeLimits>;
  /** Unit written in descriptions (default 'mm/s'). */
  readonly unit?: string;
}

/** A failure mode's score, as the Predicted Failures panel shows it. */
export interface FailureModeScore {
  readonly mode: FailureMode;
  /** 0 normal, 1 warning, 2 alarm. */
  readonly status: LimitStatus;
  /** The indicator as a share of its alarm limit, 0–100 (rounded). */
  readonly percent: number;
  /** The value compared with the limits (amplitude, count or dB; see the mode). */
  readonly indicator: number;
  readonly description: string;
  readonly recommendation: string;
}

/** Default recommendation per failure mode. */
export const FAILURE_MODE_RECOMMENDATIONS: Record<FailureMode, string> = {
  unbalance: 'Check the rotor for build-up, wear or missing parts and balance it.',
  misalignment: 'Check shaft alignment, coupling condition and soft foot.',
  looseness: 'Check hold-down bolts, base, bearing housing fits and cracks in the frame.',
  bearing: 'Check lubrication, plan the bearing replacement and trend the envelope more often.',
  gear: 'Inspect the gear teeth for wear, pitting or a cracked tooth; check backlash and lubrication.',
};

const LOOSENESS_ORDERS = [1.5, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 7, 8, 9, 10] as const;
const BEARING_DEFECTS = [
  { key: 'bpfo', label: 'BPFO', part: 'outer race' },
  { key: 'bpfi', label: 'BPFI', part: 'inner race' },
  { key: 'bsf', label: 'BSF', part: 'rolling element' },
  { key: 'ftf', label: 'FTF', part: 'cage' },
] as const;

function percentOf(indicator: number, limits: Limits): number {
  return Math.round(Math.min(100, Math.max(0, (100 * indicator) / limits.alarm)));
}

const cap = (status: LimitStatus, max: LimitStatus): LimitStatus => (status > max ? max : status);

/** Median of the non-zero amplitudes between two frequencies: the noise floor a peak is compared with. */
function background(spectrum: Spectrum, fromHz: number, toHz: number): number {
  const a = spectrum.amplitude;
  const from = Math.max(1, Math.floor(fromHz / spectrum.resolutionHz));
  const to = Math.min(a.length - 1, Math.ceil(toHz / spectrum.resolutionHz));
  const values: number[] = [];
  for (let k = from; k <= to; k++) if (a[k]! > 0) values.push(a[k]!);
  return values.length === 0 ? 0 : median(values);
}

const amplitudeAt = (spectrum: Spectrum, frequencyHz: number, toleranceHz: number): number =>
  peakNear(spectrum, frequencyHz, toleranceHz)?.amplitude ?? 0;

function score(
  mode: FailureMode,
  status: LimitStatus,
  indicator: number,
  limits: Limits,
  description: string,
): FailureModeScore {
  return {
    mode,
    status,
    percent: percentOf(indicator, limits),
    indicator,
    description,
    recommendation: FAILURE_MODE_RECOMMENDATIONS[mode],
  };
}

function shaftModes(
  input: VibrationDiagnosisInput,
  limits: FailureModeLimits,
  unit: string,
): FailureModeScore[] {
  const { velocity, shaftHz } = input;
  const tolerance = (f: number) => Math.min(limits.tolerance * f, 0.2 * shaftHz);
  const order = (n: number) => amplitudeAt(velocity, n * shaftHz, tolerance(n * shaftHz));
  const [a1, a2, a3] = [order(1), order(2), order(3)];
  const fmt = (v: number) => `${v.toFixed(2)} ${unit}`;
  const unbalanceStatus = a1 >= a2 && a1 >= a3 ? valueStatus(a1, limits.amplitude) : 0;
  const misalignmentStatus = a2 >= 0.5 * a1 ? valueStatus(a2, limits.amplitude) : 0;
  const floor = Math.max(
    limits.significance * background(velocity, 0.5 * shaftHz, 10.5 * shaftHz),
    0.1 * limits.amplitude.warning,
  );
  const loose = LOOSENESS_ORDERS.filter((n) => order(n) >= floor);
  return [
    score(
      'unbalance',
      unbalanceStatus,
      a1,
      limits.amplitude,
      `Unbalance: 1× (${shaftHz.toFixed(2)} Hz) at ${fmt(a1)}${a1 >= a2 && a1 >= a3 ? ', dominant' : ', not dominant'}`,
    ),
    score(
      'misalignment',
      misalignmentStatus,
      a2,
      limits.amplitude,
      `Misalignment: 2× at ${fmt(a2)}, ${a1 > 0 ? Math.round((100 * a2) / a1) : 0}% of 1×`,
    ),
    score(
      'looseness',
      valueStatus(loose.length, limits.looseHarmonics),
      loose.length,
      limits.looseHarmonics,
      `Looseness: ${loose.length} significant harmonics or half-orders${loose.length > 0 ? ` (${loose.map((n) => `${n}×`).join(', ')})` : ''}`,
    ),
  ];
}

function bearingMode(
  envelope: Spectrum,
  bearing: BearingDefectFrequencies,
  limits: FailureModeLimits,
): FailureModeScore {
  const highest = Math.max(bearing.bpfo, bearing.bpfi, 2 * bearing.bsf);
  const floor = background(envelope, 0.5 * bearing.ftf, 5 * highest);
  let worst: FailureModeScore | null = null;
  for (const defect of BEARING_DEFECTS) {
    const f = bearing[defect.key];
    const levels = [1, 2, 3, 4].map((m) =>
      amplitudeAt(envelope, m * f, Math.min(limits.tolerance * m * f, 0.4 * f)),
    );
    const significant = levels.map((level) => floor > 0 && level >= limits.significance * floor);
    const harmonics = significant.slice(1).filter(Boolean).length;
    const confidence = confidenceOf(significant[0]!, harmonics);
    const best = significant[0] ? levels[0]! : Math.max(...levels.slice(1));
    const db = floor > 0 && best > 0 ? 20 * Math.log10(best / floor) : 0;
    const status =
      confidence === 'none' ? 0 : cap(valueStatus(db, limits.bearingDb), confidence === 'high' ? 2 : 1);
    const candidate = score(
      'bearing',
      status,
      db,
      limits.bearingDb,
      `Bearing ${defect.part} defect (${defect.label} ${f.toFixed(1)} Hz): ${db.toFixed(1)} dB above background, ${confidence} confidence, ${harmonics} harmonic(s)`,
    );
    if (
      worst === null ||
      candidate.status > worst.status ||
      (candidate.status === worst.status && db > worst.indicator)
    ) {
      worst = candidate;
    }
  }
  return worst!;
}

function gearMode(
  velocity: Spectrum,
  gear: GearMeshFrequencies,
  limits: FailureModeLimits,
  unit: string,
): FailureModeScore {
  const gmf = gear.gmfHz;
  const slowest = Math.min(gear.inputHz, gear.outputHz);
  const floor = Math.max(
    limits.significance * background(velocity, 0.5 * gmf, 1.5 * gmf),
    0.1 * limits.amplitude.warning,
  );
  const mesh = amplitudeAt(velocity, gmf, Math.min(limits.tolerance * gmf, 0.4 * slowest));
  const sidebands = new Set<string>();
  for (const spacing of [gear.inputHz, gear.outputHz]) {
    const tolerance = Math.min(limits.tolerance * gmf, 0.25 * spacing);
    for (let k = -3; k <= 3; k++) {
      const f = gmf + k * spacing;
      if (k !== 0 && f > 0 && amplitudeAt(velocity, f, tolerance) >= floor) sidebands.add(f.toFixed(3));
    }
  }
  const count = sidebands.size;
  const present = mesh >= floor;
  const status = present
    ? (Math.max(valueStatus(mesh, limits.amplitude), valueStatus(count, limits.gearSidebands)) as LimitStatus)
    : 0;
  const result = score(
    'gear',
    status,
    count,
    limits.gearSidebands,
    `Gear: GMF ${gmf.toFixed(1)} Hz at ${mesh.toFixed(2)} ${unit} with ${count} significant sideband(s)`,
  );
  return { ...result, percent: Math.max(result.percent, percentOf(mesh, limits.amplitude)) };
}

/**
 * Scores unbalance, misalignment and looseness from the velocity spectrum, bearing defects from the
 * envelope spectrum (when `envelope` and `bearing` are given) and gears (when `gear` is given).
 * - unbalance: indicator 1× amplitude; raised only when 1× is at least 2× and 3×.
 * - misalignment: indicator 2× amplitude; raised only when 2× ≥ 0.5 · 1×.
 * - looseness: indicator the count of harmonics/half-orders (1.5× … 10×) above the floor
 *   max(significance × background median, 0.1 × amplitude warning).
 * - bearing: for BPFO, BPFI, BSF, FTF and harmonics 2–4, the level above the envelope background in dB;
 *   alarm only with the fundamental and a harmonic (high confidence), otherwise at most warning; the worst
 *   defect is reported.
 * - gear: status from the GMF amplitude and the count of sidebands GMF ± k·f_in/out (k ≤ 3) above the
 *   floor, only when the GMF itself stands above the floor.
 */
export function diagnoseFailureModes(input: VibrationDiagnosisInput): FailureModeScore[] {
  assertPositive(input.shaftHz, 'shaft frequency (Hz)');
  const limits: FailureModeLimits = { ...DEFAULT_FAILURE_MODE_LIMITS, ...input.limits };
  assertPositive(limits.tolerance, 'tolerance');
  assertFinite(limits.significance, 'significance');
  const unit = input.unit ?? 'mm/s';
  const scores = shaftModes(input, limits, unit);
  if (input.envelope !== undefined && input.bearing !== undefined) {
    scores.push(bearingMode(input.envelope, input.bearing, limits));
  }
  if (input.gear !== undefined) scores.push(gearMode(input.velocity, input.gear, limits, unit));
  return scores;
}

/** The Predicted Failures row of a sensor: alarms and warnings (highest percent first). */
export interface PredictedFailures {
  readonly alarms: readonly FailureModeScore[];
  readonly warnings: readonly FailureModeScore[];
  /** False shows the green 'No Failure Detected' chip. */
  readonly isAbnormal: boolean;
}

/** Splits scores into the alarm and warning chips of the Predicted Failures panel. */
export function predictedFailures(scores: readonly FailureModeScore[]): PredictedFailures {
  const byPercent = (a: FailureModeScore, b: FailureModeScore) => b.percent - a.percent;
  const alarms = scores.filter((s) => s.status === 2).sort(byPercent);
  const warnings = scores.filter((s) => s.status === 1).sort(byPercent);
  return { alarms, warnings, isAbnormal: alarms.length + warnings.length > 0 };
}
