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
  /** An integer harmonic (3×–10×) counts for looseness only at or above this share of 1× (default 0.2). */
  readonly harmonicShare: number;
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
  harmonicShare: 0.2,
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

/** How sure a verdict is: likely (alarm), possible (warning), unlikely (normal). */
export type VerdictCertainty = 'likely' | 'possible' | 'unlikely';

/** The certainty of a verdict in plain words a maintenance planner can act on. */
export const CERTAINTY_WORDS: Record<VerdictCertainty, string> = {
  likely: 'Likely: the whole signature is there; plan an inspection.',
  possible: 'Possible: part of the signature is there; watch the trend.',
  unlikely: 'Unlikely: no action needed.',
};

/**
 * The certainty of each status: the one vocabulary users read for a verdict, in the descriptions here and in a fault
 * event's evidence (packages/contracts event-diagnosis, 'likely' / 'possible', Thai too).
 */
const CERTAINTY_OF_STATUS: readonly VerdictCertainty[] = ['unlikely', 'possible', 'likely'];

/** What explains a bearing line that stands above background: a multiple of the running speed, or another line. */
export type LineExplanation = { readonly runningSpeedOrder: number } | { readonly line: string };

/**
 * The facts a score's description says, so it can be said in another language (the web's Thai Predicted Failures):
 * one kind per description the engine writes, with the numbers in it (frequencies in Hz, amplitudes in `unit`).
 */
export type FailureModeFacts =
  | {
      readonly kind: 'unbalance';
      readonly shaftHz: number;
      readonly amplitude: number;
      readonly unit: string;
      readonly dominant: boolean;
    }
  | {
      readonly kind: 'misalignment';
      readonly amplitude: number;
      readonly unit: string;
      readonly percentOf1x: number;
    }
  | {
      readonly kind: 'looseness';
      /** The significant harmonics and half-orders (1.5, 2, …). */
      readonly orders: number[];
      /** Orders above the floor that are a bearing defect's line, and which line. */
      readonly bearingLines: { readonly order: number; readonly line: string }[];
    }
  | {
      readonly kind: 'bearing';
      readonly defect: 'bpfo' | 'bpfi' | 'bsf';
      /** The defect frequency (BSF itself for the rolling element, whose family is 2×BSF). */
      readonly frequencyHz: number;
      readonly db: number;
      /** Whether the fundamental is significant. */
      readonly fundamental: boolean;
      readonly harmonics: number;
      readonly certainty: VerdictCertainty;
      /** Why the fundamental, standing above background, is not evidence. */
      readonly explainedBy: LineExplanation | null;
    }
  | { readonly kind: 'cage'; readonly frequencyHz: number; readonly db: number; readonly sidebands: number }
  | {
      readonly kind: 'gear';
      readonly gmfHz: number;
      readonly amplitude: number;
      readonly unit: string;
      readonly sidebands: number;
    };

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
  /** The facts `description` says, to say them in another language. */
  readonly facts?: FailureModeFacts;
  readonly recommendation: string;
  /** How sure the verdict is (follows the status: the rules allow an alarm only on the whole signature). */
  readonly certainty: VerdictCertainty;
  /** {@link CERTAINTY_WORDS} of `certainty`. */
  readonly certaintyWords: string;
  /** Bearing scores: the defect family scored (outer race, inner race, rolling element, cage). */
  readonly defect?: BearingDefectKey;
}

/** A bearing defect family: outer race (BPFO), inner race (BPFI), rolling element (BSF), cage (FTF). */
export type BearingDefectKey = 'bpfo' | 'bpfi' | 'bsf' | 'ftf';

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

function bearingWords(key: BearingDefectKey): string {
  const defect = BEARING_DEFECTS.find((d) => d.key === key)!;
  return `bearing ${defect.part} (${defect.label})`;
}

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
  facts: FailureModeFacts,
): FailureModeScore {
  return {
    mode,
    status,
    percent: percentOf(indicator, limits),
    indicator,
    description,
    facts,
    recommendation: FAILURE_MODE_RECOMMENDATIONS[mode],
    certainty: CERTAINTY_OF_STATUS[status]!,
    certaintyWords: CERTAINTY_WORDS[CERTAINTY_OF_STATUS[status]!],
  };
}

/** A line another fault explains: a reported bearing defect's frequency (its harmonics are checked too). */
interface ExplainingLine {
  readonly label: string;
  readonly frequencyHz: number;
}

function shaftModes(
  input: VibrationDiagnosisInput,
  limits: FailureModeLimits,
  unit: string,
  bearingLines: readonly ExplainingLine[] = [],
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
  // Integer harmonics of 1× are normal on every machine up to a point (20 % of 1×); half-orders are not.
  // An order that falls on the gear mesh (or its harmonics) is the gear's line, not looseness.
  const onMesh = (n: number) => {
    if (input.gear === undefined) return false;
    const k = Math.round((n * shaftHz) / input.gear.gmfHz);
    return k >= 1 && Math.abs(n * shaftHz - k * input.gear.gmfHz) <= tolerance(n * shaftHz);
  };
  // An order on a reported bearing defect's line or harmonic (BPFO ≈ 3.05 × 1× shows at 3×, 6×, 9×) is the
  // bearing's line: one line is never evidence of two faults.
  const onBearing = (n: number) =>
    bearingLines.find((line) =>
      [1, 2, 3, 4].some((k) => Math.abs(n * shaftHz - k * line.frequencyHz) <= tolerance(n * shaftHz)),
    );
  const above = (n: number) =>
    order(n) >= (Number.isInteger(n) ? Math.max(floor, limits.harmonicShare * a1) : floor);
  const explained = LOOSENESS_ORDERS.filter((n) => above(n) && !onMesh(n) && onBearing(n));
  const loose = LOOSENESS_ORDERS.filter((n) => above(n) && !onMesh(n) && !onBearing(n));
  const explainedWords = explained.length
    ? `; ${explained.map((n) => `${n}×`).join(', ')} ${explained.length === 1 ? 'is' : 'are'} the ${[
        ...new Set(explained.map((n) => onBearing(n)!.label)),
      ].join(' and ')} line${explained.length === 1 ? '' : 's'}, not looseness`
    : '';
  return [
    score(
      'unbalance',
      unbalanceStatus,
      a1,
      limits.amplitude,
      `Unbalance: 1× (${shaftHz.toFixed(2)} Hz) at ${fmt(a1)}${a1 >= a2 && a1 >= a3 ? ', dominant' : ', not dominant'}`,
      { kind: 'unbalance', shaftHz, amplitude: a1, unit, dominant: a1 >= a2 && a1 >= a3 },
    ),
    score(
      'misalignment',
      misalignmentStatus,
      a2,
      limits.amplitude,
      `Misalignment: 2× at ${fmt(a2)}, ${a1 > 0 ? Math.round((100 * a2) / a1) : 0}% of 1×`,
      { kind: 'misalignment', amplitude: a2, unit, percentOf1x: a1 > 0 ? Math.round((100 * a2) / a1) : 0 },
    ),
    score(
      'looseness',
      valueStatus(loose.length, limits.looseHarmonics),
      loose.length,
      limits.looseHarmonics,
      `Looseness: ${loose.length} significant harmonics or half-orders${loose.length > 0 ? ` (${loose.map((n) => `${n}×`).join(', ')})` : ''}${explainedWords}`,
      {
        kind: 'looseness',
        orders: loose,
        bearingLines: explained.map((order) => ({ order, line: onBearing(order)!.label })),
      },
    ),
  ];
}

/** One line of a defect family as the envelope shows it. */
interface EnvelopeLine {
  /** Amplitude of the highest bin inside the tolerance (0 when none). */
  readonly level: number;
  /** Frequency of that bin (interpolated), null when none. */
  readonly frequencyHz: number | null;
  /** The floor the line is compared with: the larger of the band's median and its own neighbourhood's median. */
  readonly floor: number;
  /** At or above significance × floor. */
  readonly above: boolean;
  /** Above, and its peak is not a multiple of the running speed. */
  readonly offShaft: boolean;
  /** Above, and not explained by another line (running speed, a stronger defect). */
  readonly significant: boolean;
  /** Why a line standing above the floor is not evidence, if so. */
  readonly explainedBy: LineExplanation | null;
}

/** Defect families of {@link BEARING_DEFECTS} in the envelope, see {@link bearingMode}. */
interface DefectEvidence {
  readonly key: (typeof BEARING_DEFECTS)[number]['key'];
  readonly lines: readonly EnvelopeLine[];
}

const dbOf = (level: number, floor: number): number =>
  floor > 0 && level > 0 ? 20 * Math.log10(level / floor) : 0;

/**
 * Scores of each bearing defect (BPFO, BPFI, BSF, FTF, in that order) from the envelope spectrum of the
 * acceleration, at the running speed `bearing.shaftHz` (Randall and Antoni, MSSP 2011, §2–3; ISO 13373-3 annex tables):
 * - Every line (defect frequency f and its harmonics 2–4 within ±tolerance) is compared with the larger of the
 *   band's median and the median of its own neighbourhood (f ± max(30 %, 10 bins)), so the envelope's
 *   low-frequency skirt does not make lines below 1× stand out.
 * - A line whose peak sits on a multiple of the running speed (within max(1.5 bins, 0.5 %), and nearer to it
 *   than to the defect line) is shaft-rate modulation, normal on every machine: not evidence. A line already
 *   counted for a stronger defect (a bearing whose BPFI is 2×BPFO) is not evidence of a second fault.
 * - BPFO, BPFI, 2×BSF (a rolling-element defect strikes both races once per spin, so its impacts repeat at
 *   2×BSF; the family is 2×, 4×, 6×, 8× BSF): alarm only with the fundamental and at least one harmonic (high confidence); the
 *   fundamental alone reaches warning at most; harmonics without the fundamental are not a defect (an impact
 *   train at f always shows f in the envelope).
 * - FTF (cage) lies below 1×, where a healthy machine's shaft-rate modulation and the cage's own slow rotation
 *   live. A cage defect is reported only when FTF modulates a rolling-element or race line: sidebands
 *   carrier ± FTF around a significant BSF, 2×BSF, BPFO or BPFI line. One sideband: warning at most; two or
 *   more with a significant FTF line: alarm allowed. FTF alone, however high, is reported as normal.
 */
export function diagnoseBearing(
  envelope: Spectrum,
  bearing: BearingDefectFrequencies,
  limitsIn: Partial<FailureModeLimits> = {},
): FailureModeScore[] {
  const limits: FailureModeLimits = { ...DEFAULT_FAILURE_MODE_LIMITS, ...limitsIn };
  const shaftHz = bearing.shaftHz;
  const highest = Math.max(bearing.bpfo, bearing.bpfi, 2 * bearing.bsf);
  const globalFloor = background(envelope, 0.5 * bearing.ftf, 5 * highest);
  const df = envelope.resolutionHz;
  const claimed = new Map<number, string>();
  const shaftLine = (peakHz: number, targetHz: number): boolean => {
    const order = Math.round(peakHz / shaftHz);
    if (order < 1) return false;
    const distance = Math.abs(peakHz - order * shaftHz);
    return distance <= Math.max(1.5 * df, 0.005 * order * shaftHz) && distance < Math.abs(peakHz - targetHz);
  };
  const line = (f: number, toleranceHz: number): EnvelopeLine => {
    const peak = peakNear(envelope, f, toleranceHz);
    const level = peak?.amplitude ?? 0;
    const width = Math.max(0.3 * f, 10 * df);
    const floor = Math.max(globalFloor, background(envelope, f - width, f + width));
    const above = floor > 0 && level >= limits.significance * floor;
    let explainedBy: LineExplanation | null = null;
    const onShaft = above && peak !== null && shaftLine(peak.frequencyHz, f);
    if (above && peak !== null) {
      const bin = Math.round(peak.frequencyHz / df);
      if (onShaft) {
        explainedBy = { runningSpeedOrder: Math.round(peak.frequencyHz / shaftHz) };
      } else if (claimed.has(bin)) explainedBy = { line: claimed.get(bin)! };
    }
    return {
      level,
      frequencyHz: peak?.frequencyHz ?? null,
      floor,
      above,
      offShaft: above && !onShaft,
      significant: above && explainedBy === null,
      explainedBy,
    };
  };
  // A rolling-element defect strikes both races once per spin: its impact train repeats at 2×BSF.
  const base = (key: DefectEvidence['key']) => (key === 'bsf' ? 2 * bearing.bsf : bearing[key]);
  const family = (key: DefectEvidence['key']): DefectEvidence => {
    const f = base(key);
    return {
      key,
      lines: [1, 2, 3, 4].map((m) => line(m * f, Math.min(limits.tolerance * m * f, 0.4 * f))),
    };
  };
  const claim = (evidence: DefectEvidence, label: string) => {
    evidence.lines.forEach((l, i) => {
      if (l.significant && l.frequencyHz !== null)
        claimed.set(Math.round(l.frequencyHz / df), `${i === 0 ? '' : `${i + 1}×`}${label}`);
    });
  };
  // Race and rolling-element families first, strongest fundamental first, each claiming its lines.
  const races = (['bpfo', 'bpfi', 'bsf'] as const)
    .map((key) => ({ key, strength: family(key).lines[0]!.level / Math.max(globalFloor, 1e-300) }))
    .sort((a, b) => b.strength - a.strength)
    .map(({ key }) => {
      const evidence = family(key);
      claim(evidence, BEARING_DEFECTS.find((d) => d.key === key)!.label);
      return evidence;
    });
  const candidates = new Map<DefectEvidence['key'], FailureModeScore>();
  for (const evidence of races) {
    const defect = BEARING_DEFECTS.find((d) => d.key === evidence.key)!;
    const f = bearing[defect.key];
    const named =
      defect.key === 'bsf'
        ? `BSF ${f.toFixed(1)} Hz, 2×BSF ${(2 * f).toFixed(1)} Hz`
        : `${defect.label} ${f.toFixed(1)} Hz`;
    const significant = evidence.lines.map((l) => l.significant);
    const harmonics = significant.slice(1).filter(Boolean).length;
    const confidence = confidenceOf(significant[0]!, harmonics);
    const best = significant[0]
      ? evidence.lines[0]!
      : evidence.lines.slice(1).reduce((a, b) => (dbOf(b.level, b.floor) > dbOf(a.level, a.floor) ? b : a));
    const db = dbOf(best.level, best.floor);
    // A repetitive impact train always shows its fundamental: harmonics without it are not a defect.
    const status =
      confidence === 'none' || confidence === 'low'
        ? 0
        : cap(valueStatus(db, limits.bearingDb), confidence === 'high' ? 2 : 1);
    const explainedBy = evidence.lines[0]!.explainedBy;
    const explained =
      explainedBy === null
        ? null
        : 'runningSpeedOrder' in explainedBy
          ? `${explainedBy.runningSpeedOrder}× running speed`
          : explainedBy.line;
    candidates.set(defect.key, {
      ...score(
        'bearing',
        status,
        db,
        limits.bearingDb,
        `Bearing ${defect.part} defect (${named}): ${db.toFixed(1)} dB above background, ${significant[0] ? '' : 'no fundamental, '}${harmonics} harmonic(s) (${CERTAINTY_OF_STATUS[status]})${explained ? `; the ${defect.label} line is ${explained}` : ''}`,
        {
          kind: 'bearing',
          // The race and rolling-element families: the cage is scored below.
          defect: defect.key as 'bpfo' | 'bpfi' | 'bsf',
          frequencyHz: f,
          db,
          fundamental: significant[0]!,
          harmonics,
          certainty: CERTAINTY_OF_STATUS[status]!,
          explainedBy,
        },
      ),
      defect: defect.key,
    });
  }
  // Cage: FTF must modulate a significant race or rolling-element line.
  const cage = family('ftf');
  const ftf = bearing.ftf;
  const carriers = [bearing.bsf, 2 * bearing.bsf, bearing.bpfo, bearing.bpfi].filter(
    (carrier) => line(carrier, Math.min(limits.tolerance * carrier, 0.4 * ftf)).offShaft,
  );
  let sidebands = 0;
  for (const carrier of carriers)
    for (const side of [carrier - ftf, carrier + ftf])
      if (line(side, Math.min(limits.tolerance * side, 0.25 * ftf)).significant) sidebands++;
  const fundamental = cage.lines[0]!;
  const cageDb = dbOf(fundamental.level, fundamental.floor);
  const cageStatus: LimitStatus =
    sidebands === 0
      ? 0
      : cap(valueStatus(cageDb, limits.bearingDb), sidebands >= 2 && fundamental.significant ? 2 : 1);
  const cageWhy =
    sidebands === 0
      ? 'no sidebands ±FTF around BSF, BPFO or BPFI: not separated from shaft-rate modulation, normal'
      : `${sidebands} sideband(s) ±FTF around the rolling-element or race lines`;
  candidates.set('ftf', {
    ...score(
      'bearing',
      cageStatus,
      cageDb,
      limits.bearingDb,
      `Bearing cage defect (FTF ${ftf.toFixed(1)} Hz): ${cageDb.toFixed(1)} dB above background, ${cageWhy}`,
      { kind: 'cage', frequencyHz: ftf, db: cageDb, sidebands },
    ),
    defect: 'ftf',
  });
  return BEARING_DEFECTS.map((defect) => candidates.get(defect.key)!);
}

/** The worst of {@link diagnoseBearing}'s scores: highest status, then highest indicator. */
function bearingMode(scores: readonly FailureModeScore[]): FailureModeScore {
  return scores.reduce((worst, candidate) =>
    candidate.status > worst.status ||
    (candidate.status === worst.status && candidate.indicator > worst.indicator)
      ? candidate
      : worst,
  );
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
      if (k !== 0 && f > 0 && amplitudeAt(velocity, f, tolerance) >= Math.max(floor, 0.1 * mesh))
        sidebands.add(f.toFixed(3));
    }
  }
  const count = sidebands.size;
  const present = mesh >= floor;
  // A loaded healthy gear has a strong mesh line: its amplitude alone is at most a warning; an alarm needs the
  // sidebands of a worn, eccentric or cracked gear.
  const status = present
    ? (Math.max(
        cap(valueStatus(mesh, limits.amplitude), count >= limits.gearSidebands.warning ? 2 : 1),
        valueStatus(count, limits.gearSidebands),
      ) as LimitStatus)
    : 0;
  const result = score(
    'gear',
    status,
    count,
    limits.gearSidebands,
    `Gear: GMF ${gmf.toFixed(1)} Hz at ${mesh.toFixed(2)} ${unit} with ${count} significant sideband(s)`,
    { kind: 'gear', gmfHz: gmf, amplitude: mesh, unit, sidebands: count },
  );
  return { ...result, percent: Math.max(result.percent, percentOf(mesh, limits.amplitude)) };
}

/**
 * Scores unbalance, misalignment and looseness from the velocity spectrum, bearing defects from the
 * envelope spectrum (when `envelope` and `bearing` are given) and gears (when `gear` is given).
 * - unbalance: indicator 1× amplitude; raised only when 1× is at least 2× and 3×.
 * - misalignment: indicator 2× amplitude; raised only when 2× ≥ 0.5 · 1×.
 * - looseness: indicator the count of half-orders and harmonics (1.5× … 10×) above the floor
 *   max(significance × background median, 0.1 × amplitude warning); an integer harmonic must also reach
 *   harmonicShare × 1× (harmonics are normal up to a point), and an order on the gear mesh is the gear's, an
 *   order on a reported bearing defect's line or its harmonics (within the same tolerance) the bearing's.
 * - bearing: see bearingMode; the worst defect is reported.
 * - gear: status from the GMF amplitude (at most warning alone) and the count of sidebands GMF ± k·f_in/out
 *   (k ≤ 3) above the floor and above a tenth of the GMF, only when the GMF itself stands above the floor.
 * Every score carries its certainty in plain words (CERTAINTY_WORDS).
 */
export function diagnoseFailureModes(input: VibrationDiagnosisInput): FailureModeScore[] {
  assertPositive(input.shaftHz, 'shaft frequency (Hz)');
  const limits: FailureModeLimits = { ...DEFAULT_FAILURE_MODE_LIMITS, ...input.limits };
  assertPositive(limits.tolerance, 'tolerance');
  assertFinite(limits.significance, 'significance');
  const unit = input.unit ?? 'mm/s';
  const bearingScores =
    input.envelope !== undefined && input.bearing !== undefined
      ? diagnoseBearing(input.envelope, input.bearing, limits)
      : [];
  const { bearing } = input;
  // Reported race and rolling-element defects explain their lines in the velocity spectrum too (the cage's FTF
  // lies below 1×, outside the looseness orders).
  const explaining = bearing
    ? bearingScores.flatMap((s) =>
        s.status > 0 && s.defect !== undefined && s.defect !== 'ftf'
          ? [
              {
                label: bearingWords(s.defect),
                frequencyHz: s.defect === 'bsf' ? 2 * bearing.bsf : bearing[s.defect],
              },
            ]
          : [],
      )
    : [];
  const scores = shaftModes(input, limits, unit, explaining);
  if (bearingScores.length) scores.push(bearingMode(bearingScores));
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
