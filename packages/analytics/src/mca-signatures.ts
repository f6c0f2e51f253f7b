/**
 * MCA signatures beyond the rotor-bar and air-gap families of mcsa.ts: bearing defects seen in the stator
 * current (ANALYTICS.md §4, Blödt et al., ISIE 2004: a bearing defect at vibration frequency fv modulates the
 * air gap and shows at |fs ± m·fv|), load (torque) oscillation, and the list of fault frequencies the
 * 'Current Spectrum' marks for a capture. The load-oscillation formula is this project's definition; it is
 * written out in docs/analytics-mca.md.
 */
import type { BearingDefectFrequencies } from './bearing.ts';
import { assertFinite, assertIntegerInRange, assertPositive } from './errors.ts';
import { type Peak, peakNear, type Spectrum, toDb } from './spectrum.ts';

/** The bearing defect lines read in the current: outer race, inner race, ball (2×BSF, both races struck). */
export const BEARING_CURRENT_DEFECTS = [
  { key: 'bpfo', label: 'BPFO', factor: 1 },
  { key: 'bpfi', label: 'BPFI', factor: 1 },
  { key: 'bsf', label: '2×BSF', factor: 2 },
] as const;

/** One bearing line in the current spectrum: |fs − m·fv| and fs + m·fv. */
export interface BearingCurrentLine {
  readonly defect: (typeof BEARING_CURRENT_DEFECTS)[number]['label'];
  /** The defect's vibration frequency fv (Hz). */
  readonly vibrationHz: number;
  readonly order: number;
  readonly lowerHz: number;
  readonly upperHz: number;
}

/**
 * Bearing lines in the stator current |fs ± m·fv| for m = 1…orders, fv ∈ {BPFO, BPFI, 2×BSF} of one bearing
 * (ANALYTICS.md §4). Hz in, Hz out.
 */
export function bearingCurrentLines(
  supplyHz: number,
  bearing: BearingDefectFrequencies,
  orders = 1,
): BearingCurrentLine[] {
  assertPositive(supplyHz, 'supply frequency (Hz)');
  assertIntegerInRange(orders, 1, 10, 'bearing line orders');
  return BEARING_CURRENT_DEFECTS.flatMap((defect) => {
    const fv = defect.factor * bearing[defect.key];
    return Array.from({ length: orders }, (_, i) => ({
      defect: defect.label,
      vibrationHz: fv,
      order: i + 1,
      lowerHz: Math.abs(supplyHz - (i + 1) * fv),
      upperHz: supplyHz + (i + 1) * fv,
    }));
  });
}

/** The worst bearing line of a current spectrum. */
export interface BearingCurrentSignature {
  /** Level of the highest line in dB below the supply peak (−200 when every line lies outside the spectrum). */
  readonly levelDb: number;
  /** Index of the bearing (in the order given) holding it, −1 when none. */
  readonly bearing: number;
  readonly defect: BearingCurrentLine['defect'] | null;
  readonly frequencyHz: number | null;
}

/**
 * Lines of the other current families a bearing line must stay clear of: supply harmonics h·fs (h ≤ 40),
 * rotor-bar sidebands fs(1 ± 2s), eccentricity fs ± fr and stator fs ± 2fr.
 */
export function otherFamilyLines(supplyHz: number, speed: { rotorHz: number; slip: number }): number[] {
  const fs = supplyHz;
  const fr = speed.rotorHz;
  const harmonics = Array.from({ length: 40 }, (_, h) => (h + 1) * fs);
  return [
    ...harmonics,
    fs * (1 - 2 * speed.slip),
    fs * (1 + 2 * speed.slip),
    fs - fr,
    fs + fr,
    fs - 2 * fr,
    fs + 2 * fr,
  ].map(Math.abs);
}

/**
 * Bearing signature of one phase current: the highest of the lines |fs ± fv| (m = 1) of every bearing given,
 * each read as the highest bin within ±toleranceHz (default two bins) of its frequency, in dB relative to the
 * supply peak: 20·log10(A_line / A_fs). A line within four natural bins of a line of another family
 * (`exclude`, e.g. {@link otherFamilyLines}) is not read: at the capture's resolution it cannot be told apart
 * (a 6316 at 1470 rpm puts fs − BPFO at 25.6 Hz, beside the eccentricity line fs − fr at 25.5 Hz).
 */
export function bearingCurrentSignature(
  spectrum: Spectrum,
  supply: Peak,
  bearings: readonly BearingDefectFrequencies[],
  exclude: readonly number[] = [],
  toleranceHz = 2 * spectrum.resolutionHz,
): BearingCurrentSignature {
  let worst: BearingCurrentSignature = { levelDb: -200, bearing: -1, defect: null, frequencyHz: null };
  const nyquist = spectrum.sampleRateHz / 2;
  const guard = (4 * spectrum.sampleRateHz) / spectrum.sampleCount;
  for (const [index, bearing] of bearings.entries()) {
    for (const line of bearingCurrentLines(supply.frequencyHz, bearing)) {
      for (const f of [line.lowerHz, line.upperHz]) {
        if (f > nyquist || exclude.some((other) => Math.abs(other - f) <= guard)) continue;
        const peak = peakNear(spectrum, f, toleranceHz);
        if (peak === null || peak.amplitude <= 0) continue;
        const levelDb = toDb([peak.amplitude], supply.amplitude)[0]!;
        if (levelDb > worst.levelDb) worst = { levelDb, bearing: index, defect: line.defect, frequencyHz: f };
      }
    }
  }
  return worst;
}

/** Options of {@link loadOscillation}. */
export interface LoadOscillationOptions {
  /** Lowest modulation frequency (Hz) of the band; raised to 8 natural bins when those are wider. Default 1 Hz. */
  readonly lowHz?: number;
  /** Highest modulation frequency as a fraction of the rotor frequency fr. Default 0.8. */
  readonly highFraction?: number;
  /** Rotor-bar sideband orders k (spacing 2·k·s·fs) cut out of the band. Default 1 (the order the broken-bar indicator reads). */
  readonly rotorBarOrders?: number;
}

/** Result of {@link loadOscillation}. */
export interface LoadOscillation {
  /** 20·log10(√2·R_band / A_fs), dB relative to the supply peak. */
  readonly levelDb: number;
  /** Modulation band, Hz away from the supply: [low, high]. */
  readonly bandHz: readonly [number, number];
  /** Frequency of the strongest modulation line (Hz away from the supply) inside the band, null when empty. */
  readonly dominantHz: number | null;
}

/**
 * Load (torque) oscillation from one phase current spectrum. A load torque pulsating at fL modulates the
 * current and puts sidebands at fs ± fL (Blödt et al.). The index is the RMS R of every bin whose distance
 * from the supply |f − fs| lies in [f_low, highFraction·fr] on both sides, over the supply RMS, in dB:
 *
 *   L = 20·log10( √(Σ_band P_k / ENBW) / (A_fs/√2) ),  P_k = A_k²/2 (peak-scaled bins),
 *
 * which reads 20·log10(a/A_fs) for one sideband of amplitude a, the scale of the other MCA sideband levels.
 * Bins within three natural bins of the rotor-bar sidebands fs(1 ± 2ks), k = 1…rotorBarOrders (default 1), are left out:
 * those belong to the broken-bar indicator. f_low = max(lowHz, 8 natural bins) keeps the supply's own window
 * leakage (Hann: below −60 dB at 8 bins) out; highFraction·fr keeps the eccentricity lines fs ± fr out.
 */
export function loadOscillation(
  spectrum: Spectrum,
  supply: Peak,
  speed: { readonly rotorHz: number; readonly slip: number },
  options: LoadOscillationOptions = {},
): LoadOscillation {
  assertPositive(speed.rotorHz, 'rotor frequency (Hz)');
  assertFinite(speed.slip, 'slip');
  const naturalBin = spectrum.sampleRateHz / spectrum.sampleCount;
  const low = Math.max(options.lowHz ?? 1, 8 * naturalBin);
  const high = (options.highFraction ?? 0.8) * speed.rotorHz;
  const orders = options.rotorBarOrders ?? 1;
  const fs = supply.frequencyHz;
  const excluded = Array.from({ length: orders }, (_, k) => 2 * (k + 1) * Math.abs(speed.slip) * fs);
  const a = spectrum.amplitude;
  const df = spectrum.resolutionHz;
  const last = a.length - 1;
  let power = 0;
  let dominant = -1;
  let dominantOffset: number | null = null;
  for (let k = 1; k < last; k++) {
    const offset = Math.abs(k * df - fs);
    if (offset < low || offset > high) continue;
    if (excluded.some((f) => Math.abs(offset - f) <= 3 * naturalBin)) continue;
    const v = a[k]!;
    power += (v * v) / 2;
    if (v > dominant) {
      dominant = v;
      dominantOffset = offset;
    }
  }
  const rms = Math.sqrt(power / spectrum.noiseBandwidthBins);
  const levelDb = high <= low || rms === 0 ? -200 : toDb([rms * Math.SQRT2], supply.amplitude)[0]!;
  return { levelDb, bandHz: [low, high], dominantHz: high <= low ? null : dominantOffset };
}

/** A fault frequency the 'Current Spectrum' marks on a capture. */
export interface McaFaultFrequency {
  /** Family: supply, rotor bar, eccentricity, bearing DE/NDE and the bearing line. */
  readonly name: string;
  readonly frequencyHz: number;
}

/** Motor quantities the fault frequencies depend on. */
export interface McaFaultFrequencyInput {
  readonly supplyHz: number;
  readonly slip: number;
  readonly rotorHz: number;
  /** Bearings by position ('DE', 'NDE') with their defect frequencies at the running speed. */
  readonly bearings?: readonly { readonly position: string; readonly defects: BearingDefectFrequencies }[];
}

/**
 * The fault frequencies of one capture (ANALYTICS.md §4): supply fs, rotor-bar sidebands fs(1 ± 2s),
 * eccentricity fs ± fr, and per bearing |fs ± fv| for BPFO, BPFI and 2×BSF; ascending by frequency.
 */
export function mcaFaultFrequencies(input: McaFaultFrequencyInput): McaFaultFrequency[] {
  const fs = input.supplyHz;
  assertPositive(fs, 'supply frequency (Hz)');
  assertFinite(input.slip, 'slip');
  assertPositive(input.rotorHz, 'rotor frequency (Hz)');
  const rows: McaFaultFrequency[] = [
    { name: 'Supply fs', frequencyHz: fs },
    { name: 'Rotor bar fs(1−2s)', frequencyHz: fs * (1 - 2 * input.slip) },
    { name: 'Rotor bar fs(1+2s)', frequencyHz: fs * (1 + 2 * input.slip) },
    { name: 'Eccentricity fs−fr', frequencyHz: Math.abs(fs - input.rotorHz) },
    { name: 'Eccentricity fs+fr', frequencyHz: fs + input.rotorHz },
  ];
  for (const bearing of input.bearings ?? []) {
    for (const line of bearingCurrentLines(fs, bearing.defects)) {
      rows.push({ name: `Bearing ${bearing.position} fs−${line.defect}`, frequencyHz: line.lowerHz });
      rows.push({ name: `Bearing ${bearing.position} fs+${line.defect}`, frequencyHz: line.upperHz });
    }
  }
  return rows.sort((x, y) => x.frequencyHz - y.frequencyHz);
}
