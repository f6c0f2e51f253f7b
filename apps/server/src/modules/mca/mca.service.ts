import {
  bearingDefectFrequencies,
  DEFAULT_DIAGNOSTIC_LIMITS,
  DIAGNOSTIC_FAULT_SERIES,
  type DiagnosticFault,
  diagnosticSeries,
  estimateRotorSpeed,
  learnDiagnosticBaseline,
  type MotorCurrentFeatures,
  m4Indices,
  mcaFaultFrequencies,
  motorSpeed,
  otherFamilyLines,
  peakNear,
  toDb,
} from '@sdp/analytics';
import {
  MCA_FREQUENCY_RANGES,
  MCA_SERIES_TABS,
  type McaDiagnostic,
  type McaDiagramStatus,
  type McaFaultFrequencies,
  type McaFile,
  type McaFrequencyResult,
  type McaGroupCode,
  type McaSeriesRow,
  type McaTimeDomain,
  TR_RANGE_LIMIT_DAYS,
} from '@sdp/contracts';
import { rangeOf } from '../../lib/date-range.ts';
import { notFound } from '../../lib/http-error.ts';
import type { ComputePool } from '../../lib/worker-pool.ts';
import { zonedParts } from '../../lib/zoned-dates.ts';
import { monitoredLimits } from '../analysis/limits.ts';
import type { MasterRepository } from '../models/master.repository.ts';
import type { ModelsRepository } from '../models/models.repository.ts';
import { catalogueGeometry, readSettings } from '../models/settings.ts';
import type { TimeseriesRepository } from '../timeseries/timeseries.repository.ts';
import type { CapturePhases, CaptureRow, McaRepository } from './mca.repository.ts';
import type { PhaseSpectra } from './mca-spectra.ts';

const MCA = 2;
/** Captures listed by the file-name call, newest first. */
const FILE_LIST_LIMIT = 500;
/** Records the Pattern Recognition residual learns its baseline from: the model's first two weeks of daily captures. */
const BASELINE_RECORDS = 14;
const PHASES = [
  ['a', 'IA'],
  ['b', 'IB'],
  ['c', 'IC'],
] as const;

/** Time Series Detail: the meter's scalars, and per phase (I0, speed, THDi) from the captures. */
const TIME_SERIES_TAGS = [
  'current_unbalance',
  'thd_current',
  'voltage_unbalance',
  'ground_fault',
  'terminal_loose',
];
const PHASED_TAGS = [
  { tag: 'i0', name: 'I0 (phase current RMS)', unit: 'A' },
  { tag: 'speed', name: 'Speed', unit: 'RPM' },
  { tag: 'thdi', name: 'THDi', unit: '%' },
];
/** Frequency Detail: the fault-frequency levels of the captures, dB below the supply (worst phase, and per phase). */
const FREQUENCY_TAGS = [
  'broken_rotor_bar',
  'eccentric_airgap',
  'short_turn',
  'bearing_failure',
  'load_oscillation',
];
/** Stored tag of each diagnostic series; ground fault and terminal come from the meter's scalars. */
const DIAGNOSTIC_TAGS: Record<DiagnosticFault, string> = {
  rotor_bar_crack: 'broken_rotor_bar',
  bearing_failure: 'bearing_failure',
  eccentric_airgap: 'eccentric_airgap',
  short_turn: 'short_turn',
  ground_fault: 'ground_fault',
  terminal_loose: 'terminal_loose',
};
type SeriesPoints = { values: number[]; timestamp: number[] };
const SCALAR_FAULTS: readonly DiagnosticFault[] = ['ground_fault', 'terminal_loose'];
/** MCA diagram parts (spec 02 §3) and the alarm-limit group each reads. */
const DIAGRAM_PARTS = {
  airgapStatus: 'airgap',
  bearingStatus: 'bearing',
  rotorStatus: 'rotor',
  statorStatus: 'stator',
  groundFaultStatus: 'ground_fault',
  powerQualityStatus: 'power_quality',
  mechanicalFailureStatus: 'mechanical',
  terminalBoxStatus: 'terminal',
} as const;
/** Spec 02 §4: the MCA diagram shows a part without data as 3 (offline). */
const MCA_OFFLINE = 3;

interface Deps {
  repository: McaRepository;
  timeseries: TimeseriesRepository;
  models: ModelsRepository;
  master: MasterRepository;
  /** Spectra of captures are computed on its threads, never on the event loop (issue 23 item 9). */
  compute: ComputePool;
}

/** The module whose phaseSpectraTask the compute pool runs. */
const MCA_SPECTRA = new URL('./mca-spectra.ts', import.meta.url);

/** 'YYYY-MM-DD HH:mm' in the company's zone. */
function aliasOf(at: Date, timeZone: string): string {
  const { year, month, day, hour, minute } = zonedParts(at, timeZone);
  return `${year}-${month}-${day} ${hour}:${minute}`;
}

/**
 * Bytes a capture's cached spectra take per sample, at most: three phases, each with frequency, level and the
 * spectrum's amplitude (and its frequencies) in float64 over half the samples.
 */
const SPECTRUM_BYTES_PER_SAMPLE = 3 * 4 * 8 * 0.5;
/** The spectrum cache of one server process: about 40 captures of 65,536 samples. */
const SPECTRUM_CACHE_BYTES = 64 * 1024 * 1024;

/** Least recently used entries go first once the byte budget is spent. */
function byteBoundedCache<T>(budget: number) {
  const entries = new Map<string, { value: T; bytes: number }>();
  let used = 0;
  return {
    get(key: string): T | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    },
    set(key: string, value: T, bytes: number) {
      const old = entries.get(key);
      if (old) {
        used -= old.bytes;
        entries.delete(key);
      }
      entries.set(key, { value, bytes });
      used += bytes;
      for (const [oldest, entry] of entries) {
        if (used <= budget || oldest === key) break;
        entries.delete(oldest);
        used -= entry.bytes;
      }
    },
  };
}

/** A configuration value as a positive number, else null. */
function positiveNumber(text: string | undefined): number | null {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

/** Union of the M4 indices of several series over one x axis, so each keeps its extremes. */
function thinned(x: Float64Array, ys: readonly ArrayLike<number>[], maxPoints: number): number[] {
  if (x.length <= maxPoints) return Array.from(x, (_, i) => i);
  const width = Math.max(1, Math.floor(maxPoints / (4 * ys.length)) * ys.length);
  const keep = new Set<number>();
  for (const y of ys) for (const i of m4Indices(x, y, width)) keep.add(i);
  return [...keep].sort((p, q) => p - q);
}

/** The MCA dashboard (spec 02 §2.5–§2.7, §7): every figure from stored captures and series through @sdp/analytics. */
export function createMcaService({ repository, timeseries, models, master, compute }: Deps) {
  const spectrumCache = byteBoundedCache<PhaseSpectra>(SPECTRUM_CACHE_BYTES);
  /** The motor and its settings; another model's type answers 404, as an unknown model. */
  async function motor(modelId: string) {
    const model = await repository.model(modelId);
    if (!model || model.model_type_id !== MCA) throw notFound('MCA model not found.');
    const [stored, data, configuration] = await Promise.all([
      models.settings(modelId),
      master.get(),
      models.configurations(modelId),
    ]);
    const settings = readSettings(stored?.document, model.title);
    const motorData = new Map(settings.motor_data_in.map((row) => [row.modelConfigurationTagCode, row]));
    const bearings = (['DE', 'NDE'] as const).flatMap((position) => {
      const row = motorData.get(position === 'DE' ? 'bearing_de' : 'bearing_nde');
      const bearing = data.bearings.find((candidate) => candidate.id === row?.bearingId);
      return bearing ? [{ position, bearing }] : [];
    });
    return {
      model,
      settings,
      master: data,
      poles: motorData.get('poles')?.value ?? 4,
      ratedRpm: motorData.get('rated_speed')?.value ?? null,
      // Machine Information's 'Rated speed', shown beside the speed used when the two differ (issue 26 item 8).
      configuredRpm: positiveNumber(
        configuration.find((item) => item.tag_code === 'rated_speed' && item.selected)?.value,
      ),
      bearings,
    };
  }
  type Motor = Awaited<ReturnType<typeof motor>>;

  async function captures(modelId: string, fileNames: readonly string[]): Promise<CapturePhases[]> {
    const unique = [...new Set(fileNames)];
    const found = await repository.capturePhases(modelId, unique);
    const missing = unique.find((name) => !found.some((capture) => capture.file_name === name));
    if (missing !== undefined) throw notFound(`fileName: no capture '${missing}' of this model.`);
    return found;
  }

  /**
   * The three phase spectra of each named capture (in the order asked), from the cache when they were computed
   * before: a stored capture never changes, and its spectra cost far more than reading its name (three FFTs of up
   * to 65,536 samples after reading 768 KB). Only the captures not in the cache are read with their samples.
   */
  async function spectraOfCaptures(
    modelId: string,
    fileNames: readonly string[],
    maxHz?: number,
  ): Promise<{ capture: CaptureRow; spectra: PhaseSpectra }[]> {
    const unique = [...new Set(fileNames)];
    const heads = await repository.captureHeads(modelId, unique);
    const missing = unique.find((name) => !heads.some((head) => head.file_name === name));
    if (missing !== undefined) throw notFound(`fileName: no capture '${missing}' of this model.`);
    const keyOf = (head: CaptureRow) =>
      `${modelId}/${head.file_name}/${head.captured_at.getTime()}/${head.length}/${maxHz ?? 'all'}`;
    const toRead = heads.filter((head) => !spectrumCache.get(keyOf(head))).map((head) => head.file_name);
    if (toRead.length) {
      const captures = await repository.capturePhases(modelId, toRead);
      const spectra = await Promise.all(
        captures.map(({ file_name, sample_rate, a, b, c }) =>
          compute.call<PhaseSpectra>(MCA_SPECTRA, 'phaseSpectraTask', {
            fileName: file_name,
            sampleRateHz: sample_rate,
            a,
            b,
            c,
            ...(maxHz === undefined ? {} : { maxHz }),
          }),
        ),
      );
      for (const [index, capture] of captures.entries())
        spectrumCache.set(
          keyOf(capture),
          spectra[index] as PhaseSpectra,
          capture.length * SPECTRUM_BYTES_PER_SAMPLE,
        );
    }
    return unique.flatMap((name) => {
      const head = heads.find((one) => one.file_name === name) as CaptureRow;
      const spectra = spectrumCache.get(keyOf(head));
      return spectra ? [{ capture: head, spectra }] : [];
    });
  }

  function limitOf(m: Motor, tag: string) {
    const set = monitoredLimits(m.settings, m.master).get(tag);
    const sensor = m.master.sensorTypes.find((s) => s.model_type_id === MCA && s.tag_code === tag);
    return {
      name: set?.name ?? sensor?.name ?? tag,
      warning: set ? set.warning : (sensor?.default_warning ?? null),
      alarm: set ? set.alarm : (sensor?.default_alarm ?? null),
      isAlert: set?.alert ?? false,
    };
  }

  function rangeOfQuery(query: { startDate: string; endDate: string }, isNormal = false) {
    return rangeOf(query, isNormal ? TR_RANGE_LIMIT_DAYS.normal : TR_RANGE_LIMIT_DAYS.yearly);
  }

  return {
    async files(
      modelId: string,
      groupCode: McaGroupCode,
    ): Promise<{ groupCode: McaGroupCode; files: McaFile[] }> {
      const { model } = await motor(modelId);
      const rows = await repository.captures(modelId, FILE_LIST_LIMIT);
      return {
        groupCode,
        files: rows.map((row) => ({
          fileName: row.file_name,
          alias: aliasOf(row.captured_at, model.time_zone),
          capturedAt: row.captured_at.toISOString(),
          sampleRateHz: row.sample_rate,
          samples: row.length,
        })),
      };
    },

    async timeDomain(modelId: string, fileName: string, maxPoints: number): Promise<McaTimeDomain> {
      const { model } = await motor(modelId);
      const [capture] = await captures(modelId, [fileName]);
      const c = capture as CapturePhases;
      const t = Float64Array.from({ length: c.length }, (_, i) => i / c.sample_rate);
      const keep = thinned(t, [c.a, c.b, c.c], maxPoints);
      return {
        fileName: c.file_name,
        alias: aliasOf(c.captured_at, model.time_zone),
        sampleRateHz: c.sample_rate,
        unit: c.unit,
        data: keep.map((i) => ({
          ts: t[i] as number,
          Ia: c.a[i] as number,
          Ib: c.b[i] as number,
          Ic: c.c[i] as number,
        })),
      };
    },

    async frequency(
      modelId: string,
      fileNames: readonly string[],
      groupCode: 'FL' | 'FH',
      maxPoints: number,
    ): Promise<McaFrequencyResult> {
      const { model } = await motor(modelId);
      const range = MCA_FREQUENCY_RANGES.find((r) => r.groupCode === groupCode);
      const found = await spectraOfCaptures(modelId, fileNames, range?.maxHz ?? undefined);
      const series = found.map(({ capture, spectra }) => {
        const x = spectra.IA.frequencyHz;
        const keep = thinned(x, [spectra.IA.levelDb, spectra.IB.levelDb, spectra.IC.levelDb], maxPoints);
        const supply = (phase: 'IA' | 'IB' | 'IC') => ({
          frequencyHz: spectra[phase].supply.frequencyHz,
          amplitude: spectra[phase].supply.amplitude,
        });
        return {
          alias: aliasOf(capture.captured_at, model.time_zone),
          fileName: capture.file_name,
          capturedAt: capture.captured_at.toISOString(),
          resolutionHz: spectra.IA.spectrum.resolutionHz,
          supply: { IA: supply('IA'), IB: supply('IB'), IC: supply('IC') },
          data: keep.map((i) => ({
            FHZ: x[i] as number,
            IA: spectra.IA.levelDb[i] as number,
            IB: spectra.IB.levelDb[i] as number,
            IC: spectra.IC.levelDb[i] as number,
          })),
        };
      });
      return { groupCode, series };
    },

    async faultFrequencies(modelId: string, fileNames: readonly string[]): Promise<McaFaultFrequencies> {
      const m = await motor(modelId);
      const found = await spectraOfCaptures(modelId, fileNames);
      return {
        files: found.map(({ capture, spectra }) => {
          const { spectrum, supply } = spectra.IA;
          const speed = m.ratedRpm
            ? motorSpeed(supply.frequencyHz, m.poles, m.ratedRpm)
            : estimateRotorSpeed(spectrum, supply, m.poles);
          const lines = mcaFaultFrequencies({
            supplyHz: supply.frequencyHz,
            slip: speed.slip,
            rotorHz: speed.rotorHz,
            bearings: m.bearings.map(({ position, bearing }) => ({
              position,
              defects: bearingDefectFrequencies(catalogueGeometry(bearing), speed.rpm),
            })),
          });
          const others = otherFamilyLines(supply.frequencyHz, speed);
          const levelAt = (phase: 'IA' | 'IB' | 'IC', hz: number) => {
            const s = spectra[phase];
            const peak = peakNear(s.spectrum, hz, 2 * s.spectrum.resolutionHz);
            return peak === null || peak.amplitude <= 0
              ? -200
              : (toDb([peak.amplitude], s.supply.amplitude)[0] as number);
          };
          return {
            fileName: capture.file_name,
            alias: aliasOf(capture.captured_at, m.model.time_zone),
            supplyHz: supply.frequencyHz,
            rpm: speed.rpm,
            slip: speed.slip,
            speedSource: m.ratedRpm ? ('motor data' as const) : ('estimated' as const),
            configuredRpm: m.configuredRpm,
            bearings: m.bearings.map(({ position, bearing }) => ({
              position,
              designation: bearing.designation,
            })),
            items: lines
              .filter((line) => line.frequencyHz <= capture.sample_rate / 2)
              .map((line) => ({
                ...line,
                // A bearing line on top of another family's line reads that line: say so (docs/analytics-mca.md).
                name:
                  line.name.startsWith('Bearing') &&
                  others.some(
                    (f) => Math.abs(f - line.frequencyHz) <= (4 * capture.sample_rate) / capture.length,
                  )
                    ? `${line.name} (on another family's line)`
                    : line.name,
                IA: levelAt('IA', line.frequencyHz),
                IB: levelAt('IB', line.frequencyHz),
                IC: levelAt('IC', line.frequencyHz),
              })),
          };
        }),
      };
    },

    async series(
      modelId: string,
      query: { tabId: number; startDate: string; endDate: string; isNormal: boolean; width: number },
    ): Promise<McaSeriesRow[]> {
      const m = await motor(modelId);
      const { fromS, toS } = rangeOfQuery(query, query.isNormal);
      const stored = new Map((await repository.series(modelId)).map((row) => [row.tag, row]));
      const points = async (tag: string) => {
        const row = stored.get(tag);
        const rows = row ? await timeseries.m4ToWidth(row.id, fromS, toS, query.width) : [];
        return { values: rows.map((p) => p.v), timestamp: rows.map((p) => p.t) };
      };
      const plain = async (tag: string): Promise<McaSeriesRow> => {
        const limit = limitOf(m, tag);
        const sensor = m.master.sensorTypes.find((s) => s.model_type_id === MCA && s.tag_code === tag);
        return {
          tagCode: tag,
          name: limit.name,
          unit: stored.get(tag)?.unit || sensor?.unit || '',
          warning: limit.warning,
          alarm: limit.alarm,
          isAlert: limit.isAlert,
          phased: false,
          ...(await points(tag)),
        };
      };
      if (query.tabId === MCA_SERIES_TABS.frequency)
        // Each fault level is stored for the worst phase and per phase, for the tab's phase choice (spec 02 §2.7).
        return Promise.all(
          FREQUENCY_TAGS.map(async (tag) => {
            const [row, Ia, Ib, Ic] = await Promise.all([
              plain(tag),
              ...PHASES.map(([channel]) => points(`${tag}.${channel}`)),
            ]);
            return {
              ...(row as McaSeriesRow),
              phased: true,
              Ia: Ia as SeriesPoints,
              Ib: Ib as SeriesPoints,
              Ic: Ic as SeriesPoints,
            };
          }),
        );
      const phased = PHASED_TAGS.map(async ({ tag, name, unit }) => {
        const [Ia, Ib, Ic] = await Promise.all(PHASES.map(([channel]) => points(`${tag}.${channel}`)));
        return {
          tagCode: tag,
          name,
          unit,
          warning: null,
          alarm: null,
          isAlert: false,
          phased: true,
          values: [],
          timestamp: [],
          Ia: Ia as SeriesPoints,
          Ib: Ib as SeriesPoints,
          Ic: Ic as SeriesPoints,
        };
      });
      return Promise.all([...phased, ...TIME_SERIES_TAGS.map(plain)]);
    },

    async diagnostic(modelId: string, query: { startDate: string; endDate: string }): Promise<McaDiagnostic> {
      const m = await motor(modelId);
      const range = rangeOfQuery(query);
      const stored = new Map((await repository.series(modelId)).map((row) => [row.tag, row]));
      const aligned = DIAGNOSTIC_FAULT_SERIES.filter((fault) => !SCALAR_FAULTS.includes(fault));
      const anchor = stored.get(DIAGNOSTIC_TAGS.rotor_bar_crack);
      const idOf = (fault: DiagnosticFault) => stored.get(DIAGNOSTIC_TAGS[fault])?.id ?? 0;
      const read = async (which: { fromS: number; toS: number } | { first: number }) =>
        anchor
          ? (
              await repository.diagnosticRecords(anchor.id, aligned.map(idOf), SCALAR_FAULTS.map(idOf), which)
            ).map((row) => ({
              t: row.t,
              record: Object.fromEntries(
                [...aligned, ...SCALAR_FAULTS].map((fault, i) => [fault, row.v[i] ?? null]),
              ) as MotorCurrentFeatures,
            }))
          : [];
      const [records, first] = await Promise.all([read(range), read({ first: BASELINE_RECORDS })]);
      const limits = Object.fromEntries(
        DIAGNOSTIC_FAULT_SERIES.map((fault) => {
          const limit = limitOf(m, DIAGNOSTIC_TAGS[fault]);
          return [
            fault,
            limit.warning !== null && limit.alarm !== null
              ? { warning: limit.warning, alarm: limit.alarm }
              : DEFAULT_DIAGNOSTIC_LIMITS[fault],
          ];
        }),
      );
      const baseline = first.length
        ? learnDiagnosticBaseline(first.map((r) => r.record))
        : (Object.fromEntries(DIAGNOSTIC_FAULT_SERIES.map((f) => [f, null])) as ReturnType<
            typeof learnDiagnosticBaseline
          >);
      const series = diagnosticSeries(
        records.map((r) => r.record),
        baseline,
        limits,
      );
      const unitOf = (fault: DiagnosticFault) =>
        stored.get(DIAGNOSTIC_TAGS[fault])?.unit || series[fault].unit;
      return {
        timestamp: records.map((r) => r.t),
        omr: series.omr,
        ...(Object.fromEntries(
          DIAGNOSTIC_FAULT_SERIES.map((fault) => [fault, { ...series[fault], unit: unitOf(fault) }]),
        ) as Record<DiagnosticFault, McaDiagnostic['omr']>),
        baselineRecords: first.length,
      };
    },

    async diagramStatus(modelId: string): Promise<McaDiagramStatus> {
      await motor(modelId);
      const [statuses, latest] = await Promise.all([
        repository.componentStatuses(modelId),
        repository.captures(modelId, 1),
      ]);
      const parts = Object.fromEntries(
        Object.entries(DIAGRAM_PARTS).map(([key, group]) => {
          const value = statuses.get(group);
          return [key, value === undefined || value < 0 ? MCA_OFFLINE : value];
        }),
      ) as Omit<McaDiagramStatus, 'overAllStatus' | 'lastCaptureAt'>;
      const known = Object.values(parts).filter((value) => value !== MCA_OFFLINE);
      return {
        ...parts,
        overAllStatus: known.length ? Math.max(...known) : MCA_OFFLINE,
        lastCaptureAt: latest[0]?.captured_at.toISOString() ?? null,
      };
    },
  };
}

export type McaService = ReturnType<typeof createMcaService>;
