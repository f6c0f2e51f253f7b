/**
 * Motor current signature analysis (ANALYTICS.md §4; Thomson and Fenger, IEEE Industry Applications
 * Magazine 2001; Blödt et al., ISIE 2004; NEMA MG-1; IEEE 519): slip and speed, fault sidebands of the
 * supply line in dB below the supply peak, current unbalance, THD, and the series behind the 'Current
 * Spectrum', 'Frequency Detail' and 'Pattern Recognition' charts (spec 02 §2.7, §3, §9).
 */
import {
  ANALYTICS_ERROR_CODES,
  AnalyticsInputError,
  assertFinite,
  assertFiniteSignal,
  assertIntegerInRange,
  assertNonNegative,
  assertPositive,
  assertSameLength,
} from './errors.ts';
import {
  amplitudeSpectrum,
  type Peak,
  peakNear,
  type Spectrum,
  spectrumFrequencies,
  toDb,
} from './spectrum.ts';
import { median, robustScale } from './stats.ts';
import type { LimitStatus, Limits } from './status.ts';
import type { WindowType } from './window.ts';

/** Synchronous speed, slip and rotor frequency of an induction motor. */
export interface MotorSpeed {
  /** ns = 120·fs/P. */
  readonly synchronousRpm: number;
  /** s = (ns − n)/ns. */
  readonly slip: number;
  /** fr = n/60. */
  readonly rotorHz: number;
  readonly rpm: number;
}

function assertPoles(poles: number): void {
  if (!(Number.isInteger(poles) && poles >= 2 && poles % 2 === 0)) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      `pole count ${poles} is impossible; a motor has an even number of poles ≥ 2`,
    );
  }
}

/** Synchronous speed, slip and rotor frequency from supply frequency, pole count and running speed. */
export function motorSpeed(supplyHz: number, poles: number, rpm: number): MotorSpeed {
  assertPositive(supplyHz, 'supply frequency (Hz)');
  assertPoles(poles);
  assertPositive(rpm, 'speed (rpm)');
  const synchronousRpm = (120 * supplyHz) / poles;
  return { synchronousRpm, slip: (synchronousRpm - rpm) / synchronousRpm, rotorHz: rpm / 60, rpm };
}

/** Slip from the spacing of the broken-bar sidebands: s = spacing / (2·fs), spacing = f_upper − f_supply. */
export function slipFromSidebandSpacing(spacingHz: number, supplyHz: number): number {
  assertNonNegative(spacingHz, 'sideband spacing (Hz)');
  assertPositive(supplyHz, 'supply frequency (Hz)');
  return spacingHz / (2 * supplyHz);
}

/** A pair of sidebands |centre − k·spacing| and centre + k·spacing. */
export interface SidebandPair {
  readonly order: number;
  readonly lowerHz: number;
  readonly upperHz: number;
}

/**
 * Sideband pairs around `centreHz` for k = 1…count. The fault families of ANALYTICS.md §4 are:
 * broken rotor bars spacing 2·s·fs; eccentricity spacing fr; stator inter-turn (simplified) spacing 2·fr;
 * bearing defects in the current spacing fv (the bearing's vibration frequency).
 */
export function sidebandPairs(centreHz: number, spacingHz: number, count = 1): SidebandPair[] {
  assertFinite(centreHz, 'centre frequency');
  assertNonNegative(spacingHz, 'spacing');
  assertIntegerInRange(count, 1, 100, 'sideband count');
  return Array.from({ length: count }, (_, i) => ({
    order: i + 1,
    lowerHz: Math.abs(centreHz - (i + 1) * spacingHz),
    upperHz: centreHz + (i + 1) * spacingHz,
  }));
}

/** Broken-rotor-bar sidebands fs(1 ± 2ks). */
export function rotorBarSidebands(supplyHz: number, slip: number, count = 1): SidebandPair[] {
  return sidebandPairs(supplyHz, 2 * slip * supplyHz, count);
}

/** Broken-rotor-bar severity classes by the sideband level in dB below the supply peak. */
export type RotorBarSeverity = 'healthy' | 'incipient' | 'moderate' | 'severe';

/**
 * Class boundaries in dB (ANALYTICS.md §4, public MCSA code; vendor note: valid at ≥ 75 % load):
 * ≤ −50 healthy, −50 to −45 incipient, −45 to −40 moderate, > −40 severe.
 */
export const ROTOR_BAR_LIMITS_DB = { incipient: -50, moderate: -45, severe: -40 } as const;

/** Severity and status of a broken-bar sideband level: healthy 0, incipient and moderate 1, severe 2. */
export function rotorBarSeverity(levelDb: number): { severity: RotorBarSeverity; status: LimitStatus } {
  assertFinite(levelDb, 'sideband level (dB)');
  if (levelDb > ROTOR_BAR_LIMITS_DB.severe) return { severity: 'severe', status: 2 };
  if (levelDb > ROTOR_BAR_LIMITS_DB.moderate) return { severity: 'moderate', status: 1 };
  if (levelDb > ROTOR_BAR_LIMITS_DB.incipient) return { severity: 'incipient', status: 1 };
  return { severity: 'healthy', status: 0 };
}

/**
 * The supply peak: the highest peak within ±toleranceHz of the nominal line frequency (default 50 Hz,
 * ±5 Hz). Throws `INVALID_ARGUMENT` when the spectrum holds no energy there.
 */
export function supplyPeak(spectrum: Spectrum, nominalHz = 50, toleranceHz = 5): Peak {
  const peak = peakNear(spectrum, nominalHz, toleranceHz);
  if (peak === null || peak.amplitude <= 0) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      `no supply peak found near ${nominalHz} Hz; check the sample rate and the nominal frequency`,
    );
  }
  return peak;
}

/** Level in dB relative to the supply peak: 20·log10(A / A_supply) (−200 dB where nothing is found). */
function relativeLevelDb(spectrum: Spectrum, supply: Peak, frequencyHz: number, toleranceHz: number): number {
  const peak = peakNear(spectrum, frequencyHz, toleranceHz);
  return peak === null ? -200 : toDb([peak.amplitude], supply.amplitude)[0]!;
}

/** Sideband levels of one pair, dB below the supply peak. */
export interface SidebandLevels extends SidebandPair {
  readonly lowerDb: number;
  readonly upperDb: number;
}

/**
 * Levels of sideband pairs in dB relative to the supply peak; each sideband is the highest bin within
 * ±toleranceHz (default two bins) of its frequency.
 */
export function sidebandLevels(
  spectrum: Spectrum,
  supply: Peak,
  pairs: readonly SidebandPair[],
  toleranceHz = 2 * spectrum.resolutionHz,
): SidebandLevels[] {
  return pairs.map((pair) => ({
    ...pair,
    lowerDb: relativeLevelDb(spectrum, supply, pair.lowerHz, toleranceHz),
    upperDb: relativeLevelDb(spectrum, supply, pair.upperHz, toleranceHz),
  }));
}

/** Result of {@link brokenRotorBarAnalysis}. */
export interface RotorBarResult {
  readonly lowerHz: number;
  readonly upperHz: number;
  readonly lowerDb: number;
  readonly upperDb: number;
  /** The higher of the two sidebands, dB below the supply peak. */
  readonly levelDb: number;
  readonly severity: RotorBarSeverity;
  readonly status: LimitStatus;
}

/**
 * Broken rotor bars (ANALYTICS.md §4): the sidebands fs(1 ± 2s) in dB below the supply peak and the
 * severity of the higher one. Tolerance in Hz around each sideband (default two bins).
 */
export function brokenRotorBarAnalysis(
  spectrum: Spectrum,
  supply: Peak,
  slip: number,
  toleranceHz?: number,
): RotorBarResult {
  assertFinite(slip, 'slip');
  const [levels] = sidebandLevels(spectrum, supply, rotorBarSidebands(supply.frequencyHz, slip), toleranceHz);
  const levelDb = Math.max(levels!.lowerDb, levels!.upperDb);
  return {
    lowerHz: levels!.lowerHz,
    upperHz: levels!.upperHz,
    lowerDb: levels!.lowerDb,
    upperDb: levels!.upperDb,
    levelDb,
    ...rotorBarSeverity(levelDb),
  };
}

/**
 * Rotor speed from the upper eccentricity sideband fs + fr: the highest peak with fr between
 * (1 − maxSlip)·fsync and fsync (fsync = 2·fs/P), excluding the last two bins below fsync so the supply
 * harmonic of 2-pole motors is not taken. Returns rpm, slip and the sideband level in dB.
 */
export function estimateRotorSpeed(
  spectrum: Spectrum,
  supply: Peak,
  poles: number,
  maxSlip = 0.1,
): MotorSpeed & { readonly levelDb: number } {
  assertPoles(poles);
  assertPositive(maxSlip, 'maximum slip');
  const syncHz = (2 * supply.frequencyHz) / poles;
  const df = spectrum.resolutionHz;
  const from = Math.ceil((supply.frequencyHz + (1 - maxSlip) * syncHz) / df);
  const to = Math.floor((supply.frequencyHz + syncHz) / df) - 2;
  const a = spectrum.amplitude;
  if (from > to || to >= a.length) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.outOfRange,
      'the eccentricity sideband range lies outside the spectrum or is narrower than its resolution',
    );
  }
  let best = from;
  for (let k = from; k <= to; k++) if (a[k]! > a[best]!) best = k;
  const peak = peakNear(spectrum, best * df, 0)!;
  const rpm = (peak.frequencyHz - supply.frequencyHz) * 60;
  return {
    ...motorSpeed(supply.frequencyHz, poles, rpm),
    levelDb: toDb([peak.amplitude], supply.amplitude)[0]!,
  };
}

/** Current unbalance in percent, NEMA MG-1 form: 100·max|Ii − Iavg| / Iavg over the three phase RMS currents. */
export function currentUnbalance(phaseCurrents: readonly [number, number, number]): number {
  for (const [i, current] of phaseCurrents.entries()) assertNonNegative(current, `phase ${i + 1} current`);
  const average = (phaseCurrents[0] + phaseCurrents[1] + phaseCurrents[2]) / 3;
  if (average === 0) return 0;
  return (100 * Math.max(...phaseCurrents.map((current) => Math.abs(current - average)))) / average;
}

/**
 * Total harmonic distortion in percent, 100·√(Σ_{h=2..H} Ih²)/I1 (IEEE 519), reading each harmonic as the
 * highest bin within ±toleranceHz (default two bins) of h·f1; harmonics above Nyquist are skipped.
 */
export function totalHarmonicDistortion(
  spectrum: Spectrum,
  fundamental: Peak,
  maxHarmonic = 40,
  toleranceHz = 2 * spectrum.resolutionHz,
): number {
  assertIntegerInRange(maxHarmonic, 2, 1000, 'highest harmonic');
  if (fundamental.amplitude <= 0) return 0;
  const nyquist = spectrum.sampleRateHz / 2;
  let sum = 0;
  for (let h = 2; h <= maxHarmonic && h * fundamental.frequencyHz <= nyquist; h++) {
    const peak = peakNear(spectrum, h * fundamental.frequencyHz, toleranceHz);
    if (peak !== null) sum += peak.amplitude * peak.amplitude;
  }
  return (100 * Math.sqrt(sum)) / fundamental.amplitude;
}

/** The 'Current Spectrum' series of one phase: frequency (Hz) and level in dB relative to the supply peak. */
export interface CurrentSpectrumSeries {
  readonly frequencyHz: Float64Array;
  readonly levelDb: Float64Array;
  readonly supply: Peak;
  readonly spectrum: Spectrum;
}

/** Options of the current-spectrum functions. */
export interface CurrentSpectrumOptions {
  /** Nominal supply frequency (default 50 Hz). */
  nominalHz?: number;
  /** Default 'hann'. */
  window?: WindowType;
  /** Keep bins up to this frequency (default Nyquist). */
  maxHz?: number;
}

/** Amplitude spectrum of one phase current (A) in dB relative to its supply peak, for the spectrum charts. */
export function currentSpectrum(
  current: ArrayLike<number>,
  sampleRateHz: number,
  options: CurrentSpectrumOptions = {},
): CurrentSpectrumSeries {
  const spectrum = amplitudeSpectrum(current, sampleRateHz, {
    window: options.window ?? 'hann',
    removeMean: true,
  });
  const supply = supplyPeak(spectrum, options.nominalHz ?? 50);
  const bins = Math.min(
    spectrum.amplitude.length,
    Math.floor((options.maxHz ?? Number.POSITIVE_INFINITY) / spectrum.resolutionHz) + 1,
  );
  return {
    frequencyHz: spectrumFrequencies(spectrum).slice(0, bins),
    levelDb: toDb(spectrum.amplitude.subarray(0, bins), supply.amplitude),
    supply,
    spectrum,
  };
}

/** Check codes of the MCA 'Frequency Detail' rows (spec 02 §9). */
export const MCA_CHECK_CODES = {
  rotorCrack: 1,
  eccentricAirGap: 2,
  mechanicalFailure: 3,
  statorShortTurn: 4,
  speed: 8,
} as const;

/** A 'Frequency Detail' row: a fault frequency and its level. */
export interface FrequencyDetailRow {
  readonly checkCode: (typeof MCA_CHECK_CODES)[keyof typeof MCA_CHECK_CODES];
  readonly name: string;
  readonly frequencyHz: number;
  readonly levelDb: number;
}

/** Motor data the fault frequencies depend on. */
export interface MotorData {
  readonly poles: number;
  /** Running speed; estimated from the eccentricity sideband when absent. */
  readonly rpm?: number;
  /** A bearing vibration frequency (e.g. BPFO, Hz) for the bearing-current signature. */
  readonly bearingHz?: number;
}

function resolveSpeed(spectrum: Spectrum, supply: Peak, motor: MotorData): MotorSpeed {
  return motor.rpm === undefined
    ? estimateRotorSpeed(spectrum, supply, motor.poles)
    : motorSpeed(supply.frequencyHz, motor.poles, motor.rpm);
}

/**
 * 'Frequency Detail' rows: broken-bar sidebands fs(1 ± 2s) (code 1), eccentricity fs ± fr (2), bearing
 * |fs ± fv| (3, when `bearingHz` is given), stator fs ± 2fr (4) and the speed line fr (8), each with its
 * level in dB relative to the supply peak.
 */
export function frequencyDetail(spectrum: Spectrum, supply: Peak, motor: MotorData): FrequencyDetailRow[] {
  const speed = resolveSpeed(spectrum, supply, motor);
  const fs = supply.frequencyHz;
  const families: [FrequencyDetailRow['checkCode'], string, number][] = [
    [MCA_CHECK_CODES.rotorCrack, 'Rotor Crack', 2 * speed.slip * fs],
    [MCA_CHECK_CODES.eccentricAirGap, 'Eccentric Air Gap', speed.rotorHz],
    ...(motor.bearingHz === undefined
      ? []
      : [
          [MCA_CHECK_CODES.mechanicalFailure, 'Mechanical Failure', motor.bearingHz] as [
            FrequencyDetailRow['checkCode'],
            string,
            number,
          ],
        ]),
    [MCA_CHECK_CODES.statorShortTurn, 'Stator Short Turn', 2 * speed.rotorHz],
  ];
  const tolerance = 2 * spectrum.resolutionHz;
  const rows: FrequencyDetailRow[] = families.flatMap(([checkCode, name, spacing]) =>
    sidebandLevels(spectrum, supply, sidebandPairs(fs, spacing), tolerance).flatMap((pair) => [
      { checkCode, name, frequencyHz: pair.lowerHz, levelDb: pair.lowerDb },
      { checkCode, name, frequencyHz: pair.upperHz, levelDb: pair.upperDb },
    ]),
  );
  rows.push({
    checkCode: MCA_CHECK_CODES.speed,
    name: 'Speed',
    frequencyHz: speed.rotorHz,
    levelDb: relativeLevelDb(spectrum, supply, speed.rotorHz, tolerance),
  });
  return rows;
}

/** The six fault series of the 'Pattern Recognition' diagnostic chart, by their API names. */
export const DIAGNOSTIC_FAULT_SERIES = [
  'rotor_bar_crack',
  'bearing_failure',
  'eccentric_airgap',
  'ground_fault',
  'short_turn',
  'terminal_loose',
] as const;

/** One of {@link DIAGNOSTIC_FAULT_SERIES}. */
export type DiagnosticFault = (typeof DIAGNOSTIC_FAULT_SERIES)[number];

/** Feature values of one three-phase record; null where the feature cannot be computed (no bearing frequency). */
export type MotorCurrentFeatures = Record<DiagnosticFault, number | null>;

/** Units of the fault series. */
export const DIAGNOSTIC_UNITS: Record<DiagnosticFault | 'omr', string> = {
  omr: 'σ',
  rotor_bar_crack: 'dB',
  bearing_failure: 'dB',
  eccentric_airgap: 'dB',
  ground_fault: '%',
  short_turn: 'dB',
  terminal_loose: '%',
};

/**
 * Default warning and alarm of each series [U: configurable starting points]: sideband levels in dB below
 * the supply (rotor bars from ROTOR_BAR_LIMITS_DB), residual and unbalance current in %, omr in robust σ.
 */
export const DEFAULT_DIAGNOSTIC_LIMITS: Record<DiagnosticFault | 'omr', Limits> = {
  omr: { warning: 3, alarm: 5 },
  rotor_bar_crack: { warning: ROTOR_BAR_LIMITS_DB.incipient, alarm: ROTOR_BAR_LIMITS_DB.severe },
  bearing_failure: { warning: -50, alarm: -40 },
  eccentric_airgap: { warning: -40, alarm: -30 },
  ground_fault: { warning: 5, alarm: 10 },
  short_turn: { warning: -40, alarm: -30 },
  terminal_loose: { warning: 5, alarm: 10 },
};

/** Three phase currents (A) sampled together. */
export interface ThreePhaseCurrents {
  readonly ia: ArrayLike<number>;
  readonly ib: ArrayLike<number>;
  readonly ic: ArrayLike<number>;
}

function rms(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]! * values[i]!;
  return Math.sqrt(sum / values.length);
}

/** Sideband levels of one phase (dB below its supply peak), the higher of each lower/upper pair. */
export interface PhaseSidebandLevels {
  readonly rotor_bar_crack: number;
  readonly eccentric_airgap: number;
  readonly short_turn: number;
  /** |fs ± fv| of the given bearing frequency; null without one. */
  readonly bearing_failure: number | null;
}

/**
 * The sideband levels of one phase's current spectrum: rotor bars fs(1 ± 2s), eccentricity fs ± fr, stator
 * fs ± 2fr and, when `bearingHz` is given, bearing |fs ± fv|. `motorCurrentFeatures` takes the worst phase of
 * these; the MCA Frequency Detail shows each phase.
 */
export function phaseSidebandLevels(
  spectrum: Spectrum,
  supply: Peak,
  speed: Pick<MotorSpeed, 'slip' | 'rotorHz'>,
  bearingHz?: number,
): PhaseSidebandLevels {
  const fs = supply.frequencyHz;
  const level = (spacing: number) => {
    const [pair] = sidebandLevels(spectrum, supply, sidebandPairs(fs, spacing));
    return Math.max(pair!.lowerDb, pair!.upperDb);
  };
  return {
    rotor_bar_crack: level(2 * speed.slip * fs),
    eccentric_airgap: level(speed.rotorHz),
    short_turn: level(2 * speed.rotorHz),
    bearing_failure: bearingHz === undefined ? null : level(bearingHz),
  };
}

/**
 * Fault features of one three-phase record: per phase the worst (highest) sideband level in dB below the
 * supply for rotor bars fs(1 ± 2s), bearing |fs ± fv|, eccentricity fs ± fr and stator fs ± 2fr, then the
 * worst phase; ground fault = RMS of the residual current ia + ib + ic as % of the mean phase RMS;
 * terminal looseness = NEMA current unbalance (%) of the phase RMS values.
 */
export function motorCurrentFeatures(
  currents: ThreePhaseCurrents,
  sampleRateHz: number,
  motor: MotorData,
  options: CurrentSpectrumOptions = {},
): MotorCurrentFeatures {
  const { ia, ib, ic } = currents;
  assertFiniteSignal(ia, 'phase A current');
  assertSameLength(ia, ib, 'phase A and B currents');
  assertSameLength(ia, ic, 'phase A and C currents');
  const worst = { rotor_bar_crack: -200, bearing_failure: -200, eccentric_airgap: -200, short_turn: -200 };
  for (const phase of [ia, ib, ic]) {
    const { spectrum, supply } = currentSpectrum(phase, sampleRateHz, options);
    const levels = phaseSidebandLevels(
      spectrum,
      supply,
      resolveSpeed(spectrum, supply, motor),
      motor.bearingHz,
    );
    worst.rotor_bar_crack = Math.max(worst.rotor_bar_crack, levels.rotor_bar_crack);
    worst.eccentric_airgap = Math.max(worst.eccentric_airgap, levels.eccentric_airgap);
    worst.short_turn = Math.max(worst.short_turn, levels.short_turn);
    if (levels.bearing_failure !== null)
      worst.bearing_failure = Math.max(worst.bearing_failure, levels.bearing_failure);
  }
  const residual = new Float64Array(ia.length);
  for (let i = 0; i < residual.length; i++) residual[i] = ia[i]! + ib[i]! + ic[i]!;
  const phaseRms: [number, number, number] = [rms(ia), rms(ib), rms(ic)];
  const meanRms = (phaseRms[0] + phaseRms[1] + phaseRms[2]) / 3;
  return {
    rotor_bar_crack: worst.rotor_bar_crack,
    bearing_failure: motor.bearingHz === undefined ? null : worst.bearing_failure,
    eccentric_airgap: worst.eccentric_airgap,
    ground_fault: meanRms === 0 ? 0 : (100 * rms(residual)) / meanRms,
    short_turn: worst.short_turn,
    terminal_loose: currentUnbalance(phaseRms),
  };
}

/** Robust centre and scale of each feature over healthy records: the baseline of the model residual. */
export type DiagnosticBaseline = Record<
  DiagnosticFault,
  { readonly centre: number; readonly scale: number } | null
>;

/**
 * Learns the baseline of the overall model residual from records of a healthy period: per feature the
 * median and the robust σ (1.4826·MAD, floored at 1 % of |median| or 1e-6 so a constant feature does not
 * divide by zero). A feature that is null in every record gets a null baseline. Throws on no records.
 */
export function learnDiagnosticBaseline(records: readonly MotorCurrentFeatures[]): DiagnosticBaseline {
  if (records.length === 0) {
    throw new AnalyticsInputError(ANALYTICS_ERROR_CODES.empty, 'no healthy records to learn a baseline from');
  }
  const entries = DIAGNOSTIC_FAULT_SERIES.map((fault) => {
    const values = records.map((r) => r[fault]).filter((v): v is number => v !== null);
    if (values.length === 0) return [fault, null] as const;
    const centre = median(values);
    return [fault, { centre, scale: Math.max(robustScale(values), 0.01 * Math.abs(centre), 1e-6) }] as const;
  });
  return Object.fromEntries(entries) as DiagnosticBaseline;
}

/**
 * Overall model residual (omr) of a record: √(mean of z²) over the features that have a value and a
 * baseline, z = (x − centre)/scale. 0 for a record at the baseline; in robust σ units.
 */
export function overallModelResidual(record: MotorCurrentFeatures, baseline: DiagnosticBaseline): number {
  let sum = 0;
  let count = 0;
  for (const fault of DIAGNOSTIC_FAULT_SERIES) {
    const value = record[fault];
    const base = baseline[fault];
    if (value === null || base === null) continue;
    const z = (value - base.centre) / base.scale;
    sum += z * z;
    count++;
  }
  return count === 0 ? 0 : Math.sqrt(sum / count);
}

/** A chart series of the 'Pattern Recognition' diagnostic (spec 02 §3 Diagnostic result). */
export interface DiagnosticSeries {
  readonly values: (number | null)[];
  readonly unit: string;
  readonly warning: number;
  readonly alarm: number;
}

/**
 * The Overall Model Residual chart and the six fault series for records in time order (the caller pairs
 * them with its timestamps), each with its unit, warning and alarm (defaults {@link DEFAULT_DIAGNOSTIC_LIMITS}).
 */
export function diagnosticSeries(
  records: readonly MotorCurrentFeatures[],
  baseline: DiagnosticBaseline,
  limits: Partial<Record<DiagnosticFault | 'omr', Limits>> = {},
): Record<DiagnosticFault | 'omr', DiagnosticSeries> {
  const series = (name: DiagnosticFault | 'omr', values: (number | null)[]): DiagnosticSeries => {
    const { warning, alarm } = limits[name] ?? DEFAULT_DIAGNOSTIC_LIMITS[name];
    return { values, unit: DIAGNOSTIC_UNITS[name], warning, alarm };
  };
  const faults = DIAGNOSTIC_FAULT_SERIES.map(
    (fault) =>
      [
        fault,
        series(
          fault,
          records.map((r) => r[fault]),
        ),
      ] as const,
  );
  return {
    omr: series(
      'omr',
      records.map((r) => overallModelResidual(r, baseline)),
    ),
    ...(Object.fromEntries(faults) as Record<DiagnosticFault, DiagnosticSeries>),
  };
}
