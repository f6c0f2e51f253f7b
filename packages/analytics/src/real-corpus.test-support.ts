/**
 * The corpus of real bearing recordings (fixtures/real/README.md), for the accuracy tests and
 * bench/diagnostic-accuracy.ts. Not exported by the barrel: it reads files.
 *
 * The excerpts are written by fixtures/real/convert.py. They are looked for, in order, in the folder named by
 * SDP_REAL_CORPUS, in fixtures/real/data (where convert.py writes by default) and in
 * ../shared/corpus/real-bearings beside the repository (the shared folder every machine and CI receive).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BearingGeometry, bearingDefectFrequencies } from './bearing.ts';
import { envelopeSpectrum } from './envelope.ts';
import { diagnoseFailureModes, type FailureModeScore } from './faults.ts';
import { amplitudeSpectrum } from './spectrum.ts';
import { STANDARD_GRAVITY, velocitySpectrum } from './vibration.ts';

/** Ground truth of a record. */
export type CorpusLabel = 'healthy' | 'outer_race' | 'inner_race';

export interface CorpusRecord {
  readonly id: string;
  readonly dataset: string;
  readonly label: CorpusLabel;
  readonly sampleRateHz: number;
  readonly shaftHz: number;
  readonly loadDescription: string;
  readonly bearing: BearingGeometry;
  readonly unit: 'g';
  readonly file: string;
  readonly samples: number;
  readonly source: { readonly repo: string; readonly commit: string; readonly path: string };
}

const candidates = (): string[] => [
  ...(process.env.SDP_REAL_CORPUS ? [process.env.SDP_REAL_CORPUS] : []),
  fileURLToPath(new URL('../fixtures/real/data', import.meta.url)),
  fileURLToPath(new URL('../../../../shared/corpus/real-bearings', import.meta.url)),
];

/** The folder holding records.json and the excerpts, or null when no copy of the corpus is on this machine. */
export function realCorpusDir(): string | null {
  return candidates().find((dir) => existsSync(`${dir}/records.json`)) ?? null;
}

/** Every record of the corpus in `dir`. */
export function loadRealCorpus(dir: string): CorpusRecord[] {
  const manifest = JSON.parse(readFileSync(`${dir}/records.json`, 'utf8')) as { records: CorpusRecord[] };
  return manifest.records;
}

/** A record's samples converted from g to m/s² (the unit the server analyses). */
export function recordAcceleration(dir: string, record: CorpusRecord): Float32Array {
  const bytes = readFileSync(`${dir}/${record.file}`);
  const g = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  if (g.length !== record.samples)
    throw new Error(`${record.file}: ${g.length} samples, manifest says ${record.samples}`);
  const out = new Float32Array(g.length);
  for (let i = 0; i < g.length; i++) out[i] = g[i]! * STANDARD_GRAVITY;
  return out;
}

/**
 * The server's diagnosis of one capture (apps/server/src/modules/analysis/capture-diagnosis.ts, diagnoseCapture): velocity
 * spectrum (RMS, mm/s) from the acceleration, envelope spectrum of the 500–5,000 Hz band (m/s²), the catalogue
 * bearing's defect frequencies at the running speed.
 */
export function diagnoseRecording(
  acceleration: Float32Array,
  sampleRateHz: number,
  shaftHz: number,
  bearing: BearingGeometry,
): FailureModeScore[] {
  const velocity = velocitySpectrum(
    amplitudeSpectrum(acceleration, sampleRateHz, { scale: 'rms', removeMean: true }),
  );
  const envelope = envelopeSpectrum(acceleration, sampleRateHz, {
    bandHz: [500, Math.min(5000, 0.45 * sampleRateHz)],
  });
  return diagnoseFailureModes({
    velocity,
    shaftHz,
    envelope,
    bearing: bearingDefectFrequencies(bearing, shaftHz * 60),
  });
}

/** A failure mode the corpus can name: a bearing defect by its part, or nothing. */
export type CorpusVerdict = 'outer_race' | 'inner_race' | 'rolling_element' | 'cage' | 'other' | 'none';

/**
 * What the engine says about a record at warning or above: the bearing part of the worst bearing score, 'other'
 * for a non-bearing mode only, 'none' when every mode is normal.
 */
export function verdictOf(scores: readonly FailureModeScore[]): CorpusVerdict {
  const bearing = scores.find((s) => s.mode === 'bearing');
  if (bearing && bearing.status >= 1) {
    if (/outer race/.test(bearing.description)) return 'outer_race';
    if (/inner race/.test(bearing.description)) return 'inner_race';
    if (/rolling element/.test(bearing.description)) return 'rolling_element';
    return 'cage';
  }
  return scores.some((s) => s.status >= 1) ? 'other' : 'none';
}

/** Confusion matrix (label → verdict → count), detection rate of labelled faults and false-alarm rate of healthy records. */
export interface CorpusAccuracy {
  readonly matrix: Record<CorpusLabel, Partial<Record<CorpusVerdict, number>>>;
  /** Labelled faults named correctly at warning or above ÷ labelled faults. */
  readonly detectionRate: number;
  /** Healthy records with any bearing or gear verdict at warning or above ÷ healthy records. */
  readonly falseAlarmRate: number;
  readonly faults: number;
  readonly healthy: number;
}

export function corpusAccuracy(
  results: readonly { label: CorpusLabel; verdict: CorpusVerdict }[],
): CorpusAccuracy {
  const matrix: CorpusAccuracy['matrix'] = { healthy: {}, outer_race: {}, inner_race: {} };
  for (const { label, verdict } of results) matrix[label][verdict] = (matrix[label][verdict] ?? 0) + 1;
  const faults = results.filter((r) => r.label !== 'healthy');
  const healthy = results.filter((r) => r.label === 'healthy');
  const bearingOrGear = (v: CorpusVerdict) => v !== 'none' && v !== 'other';
  return {
    matrix,
    detectionRate: faults.length ? faults.filter((r) => r.verdict === r.label).length / faults.length : 0,
    falseAlarmRate: healthy.length
      ? healthy.filter((r) => bearingOrGear(r.verdict)).length / healthy.length
      : 0,
    faults: faults.length,
    healthy: healthy.length,
  };
}

/** One line: per label the verdict counts, then detection and false-alarm rates. */
export function formatAccuracy(accuracy: CorpusAccuracy): string {
  const rows = (Object.keys(accuracy.matrix) as CorpusLabel[]).map(
    (label) =>
      `${label} → ${Object.entries(accuracy.matrix[label])
        .map(([verdict, count]) => `${verdict} ${count}`)
        .join(', ')}`,
  );
  const pct = (v: number) => `${(100 * v).toFixed(0)} %`;
  return `${rows.join('; ')}; detection ${pct(accuracy.detectionRate)} of ${accuracy.faults} faults, false alarms ${pct(accuracy.falseAlarmRate)} of ${accuracy.healthy} healthy`;
}
