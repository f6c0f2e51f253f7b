import {
  DEFAULT_FAILURE_MODE_LIMITS,
  type FailureModeScore,
  peakNear,
  predictedFailures,
  type Spectrum,
  spectrumFrequencies,
} from '@sdp/analytics';
import type {
  RvsAxis,
  RvsHistoryResult,
  RvsOverallFailureMode,
  RvsParameterTrendResult,
  RvsPhase,
  RvsPredictedFailure,
  RvsSensorDetailRow,
  RvsSpectrumResult,
  RvsTrendResult,
  RvsWaterfallResult,
  RvsWaveformResult,
  rvsFilesQuery,
  rvsHistoryQuery,
  rvsParameterTrendQuery,
  rvsSpectrumQuery,
  rvsTrendQuery,
  rvsWaterfallQuery,
  rvsWaveformQuery,
} from '@sdp/contracts';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import type { ComputePool } from '../../lib/worker-pool.ts';
import { diagnoseCapture, SPEC_GRAVITY_DIVISOR, worstScores } from '../analysis/capture-diagnosis.ts';
import type { RvsRepository, VibrationCapture } from './rvs.repository.ts';
import { faultMarks, PHASE_UNITS, peaksToWidth, spectrumPoints } from './rvs-analysis.ts';
import { loadRvsModel, type RvsModel, type RvsModelDeps, type RvsSensorConfig } from './rvs-model.ts';

/** What the RVS calls read: the module's captures and upgrade flag, the models, master data and series they share. */
export interface RvsServiceDeps extends RvsModelDeps {
  repository: Pick<RvsRepository, 'dataSets' | 'byFileNames' | 'inRange' | 'latest' | 'upgraded'>;
  /** Spectra of captures are computed on its threads, never on the event loop (issue 23 item 9). */
  compute: Pick<ComputePool, 'call'>;
}

/** Who asks: a platform admin sees the upgrade's calls without the company's rvs_upgrade. */
export type RvsViewer = { platformRole: string } | null;

type FilesQuery = z.output<typeof rvsFilesQuery>;
type SpectrumQuery = z.output<typeof rvsSpectrumQuery>;
type WaterfallQuery = z.output<typeof rvsWaterfallQuery>;
type WaveformQuery = z.output<typeof rvsWaveformQuery>;
type TrendQuery = z.output<typeof rvsTrendQuery>;
type ParameterTrendQuery = z.output<typeof rvsParameterTrendQuery>;
type HistoryQuery = z.output<typeof rvsHistoryQuery>;

/** The module whose phaseSpectrumTask the compute pool runs. */
const RVS_ANALYSIS = new URL('./rvs-analysis.ts', import.meta.url);

/** Data sets listed per sensor axis. */
const DATA_SETS_LISTED = 400;
/** Longest range of a 'Last 6 months' query and of any other, in days. */
const RANGE_LIMIT_DAYS = { normal: 186, yearly: 3660 } as const;
/** Captures read at most for a parameter trend or a failure history (one a day for over a year, three axes). */
const HISTORY_CAPTURES = 1200;
/** Fast and slow moving averages of the parameter trend, in captures (spec 03 §4.2). */
const FAST_WINDOW = 3;
const SLOW_WINDOW = 10;
/** Peaks per data set in the spectrum table when no mark is chosen. */
const TABLE_PEAKS = 5;
/** Stored captures whose failure-mode scores are kept; past it the cache starts over. */
const SCORE_CACHE_SIZE = 20_000;
const DAY_MS = 86_400_000;
const LOCKED =
  'Parameter Trend, Failure History and Predicted Failures need the RVS upgrade: ask your administrator to enable it for the company.';

const FAILURE_MODE_NAMES: Record<string, string> = {
  unbalance: 'Unbalance',
  misalignment: 'Misalignment',
  looseness: 'Looseness',
  bearing: 'Bearing',
  gear: 'Gear',
};
/** Fault parameters of the Parameter Trend: a failure mode and the indicator its score compares. */
/**
 * The limits each fault parameter's indicator is compared with by the failure-mode evaluation (packages/analytics
 * diagnoseFailureModes, default limits): 1×/2× amplitude, the count of significant harmonics, the bearing defect dB.
 */
const PARAMETER_LIMITS = {
  unbalance: DEFAULT_FAILURE_MODE_LIMITS.amplitude,
  misalignment: DEFAULT_FAILURE_MODE_LIMITS.amplitude,
  looseness: DEFAULT_FAILURE_MODE_LIMITS.looseHarmonics,
  bearing: DEFAULT_FAILURE_MODE_LIMITS.bearingDb,
} as const;

const FAULT_PARAMETERS = [
  { id: 'unbalance', name: 'Unbalance', trends: [{ id: 'amplitude_1x', name: '1× amplitude (mm/s)' }] },
  { id: 'misalignment', name: 'Misalignment', trends: [{ id: 'amplitude_2x', name: '2× amplitude (mm/s)' }] },
  {
    id: 'looseness',
    name: 'Looseness',
    trends: [{ id: 'harmonics', name: 'Significant harmonics (count)' }],
  },
  {
    id: 'bearing',
    name: 'Bearing',
    trends: [{ id: 'envelope_db', name: 'Defect peak above background (dB)' }],
  },
] as const;

function rangeSeconds(from: string, to: string, field: string, limitDays: number) {
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (!(start < end)) throw badRequest(`${field}: the end must be after the start.`);
  if (end - start > limitDays * DAY_MS) throw badRequest(`${field}: the range is at most ${limitDays} days.`);
  return { fromS: start / 1000, toS: end / 1000 };
}

/** Trailing moving average over `window` values (nulls where fewer values exist). */
function movingAverage(values: readonly (number | null)[], window: number): (number | null)[] {
  return values.map((_, i) => {
    if (i + 1 < window) return null;
    const slice = values.slice(i + 1 - window, i + 1).filter((v): v is number => v !== null);
    return slice.length === 0 ? null : slice.reduce((sum, v) => sum + v, 0) / slice.length;
  });
}

/**
 * RVS figures of spec 03 §7.1–7.2: every figure from the stored vibration captures (m/s² samples) and the feature
 * series the analysis derived from them, through @sdp/analytics. An unknown model answers 404, another type 400
 * naming `modelId`, an unknown sensor or data set 404 naming it. Parameter Trend, Failure History and Predicted
 * Failures answer 403 unless the viewer is a platform admin or the company has rvs_upgrade (spec 03 §2.3, §6).
 */
export function createRvsService(deps: RvsServiceDeps) {
  const { repository, timeseries, compute } = deps;
  const rvs = (modelId: string) => loadRvsModel(deps, modelId);

  /** The spectrum of a capture in a phase, computed on a compute thread (the samples are copied there). */
  const spectrumOf = (capture: VibrationCapture, phase: RvsPhase) =>
    compute.call<Spectrum>(RVS_ANALYSIS, 'phaseSpectrumTask', {
      samples: capture.samples,
      sampleRateHz: capture.sample_rate,
      phase,
    });

  /** Scores of a capture never change: computed once per stored waveform. */
  const scoreCache = new Map<string, FailureModeScore[]>();
  const scoresOf = (model: RvsModel, sensor: RvsSensorConfig, capture: VibrationCapture) => {
    let scores = scoreCache.get(capture.id);
    if (!scores) {
      scores = diagnoseCapture(capture.samples, capture.sample_rate, model.markContext(sensor));
      if (scoreCache.size > SCORE_CACHE_SIZE) scoreCache.clear();
      scoreCache.set(capture.id, scores);
    }
    return scores;
  };

  async function requireUpgrade(viewer: RvsViewer, modelId: string) {
    if (viewer?.platformRole === 'ADMIN') return;
    if (!(await repository.upgraded(modelId))) throw forbidden(LOCKED);
  }

  /** The captures named, all of them this sensor axis's: a name it lacks answers 404 naming it. */
  async function capturesOf(modelId: string, sensor: string, axis: RvsAxis, fileNames: readonly string[]) {
    const found = await repository.byFileNames(modelId, sensor, axis, [...new Set(fileNames)]);
    const missing = fileNames.find((name) => !found.some((capture) => capture.file_name === name));
    if (missing)
      throw notFound(`fileNames: ${sensor} axis ${axis} of this model has no data set ${missing}.`);
    return found;
  }

  return {
    /** Sensor locations of the model, numbered from 1. */
    async sensors(modelId: string) {
      const model = await rvs(modelId);
      return model.sensors.map((sensor, index) => ({
        id: index + 1,
        sensorId: sensor.sensorId,
        sensorName: sensor.sensorName,
      }));
    },

    /** A sensor's axis labels for x, y, z. */
    async axisLabels(modelId: string, sensorId: string) {
      const model = await rvs(modelId);
      return model.sensor(sensorId).axisLabels;
    },

    /** Data sets (captures) of a sensor axis, newest first. */
    async dataSets({ modelId, sensor, axis }: FilesQuery) {
      (await rvs(modelId)).sensor(sensor);
      const rows = await repository.dataSets(modelId, sensor, axis, DATA_SETS_LISTED);
      return rows.map((row) => ({
        fileName: row.file_name,
        alias: row.alias,
        capturedAt: row.captured_at.toISOString(),
      }));
    },

    /**
     * Spectrum of each chosen data set with the fault-frequency marks and the table: the table reads every line
     * (the marks' peaks, or the highest peaks apart), the chart gets at most `width` lines, each column's peak.
     */
    async spectrum(query: SpectrumQuery): Promise<RvsSpectrumResult> {
      const { modelId, sensor: sensorId, phase, axis, fileNames, mark, width } = query;
      const model = await rvs(modelId);
      const sensor = model.sensor(sensorId);
      const captures = await capturesOf(modelId, sensorId, axis, fileNames);
      const first = captures[0]!;
      const speed = model.shaftSpeed(sensor, first);
      const context = { ...model.markContext(sensor), shaftHz: speed.hz };
      const { marks, note } = faultMarks(mark, context);
      const axisLabel = sensor.axisLabels[axis];
      const table: RvsSpectrumResult['table'] = [];
      const spectra = await Promise.all(captures.map((capture) => spectrumOf(capture, phase)));
      const series = captures.map((capture, index) => {
        const spectrum = spectra[index] as Spectrum;
        const points = spectrumPoints(spectrum, phase);
        const top = points.at(-1)?.[0] ?? 0;
        const row = (markType: string, x: number, y: number) =>
          table.push({
            sensor_name: sensor.sensorName,
            phase,
            axis: axisLabel,
            mark_type: markType,
            x,
            y,
            file_name: capture.file_name,
          });
        if (marks.length > 0) {
          for (const line of marks) {
            if (line.frequencyHz <= 0 || line.frequencyHz > top) continue;
            const peak = peakNear(spectrum, line.frequencyHz, 2 * spectrum.resolutionHz);
            row(line.label, line.frequencyHz, peak?.amplitude ?? 0);
          }
        } else {
          const hz = spectrumFrequencies(spectrum);
          const order = [...points.keys()].slice(1).sort((i, j) => points[j]![1] - points[i]![1]);
          const kept: number[] = [];
          for (const i of order) {
            if (kept.length >= TABLE_PEAKS) break;
            if (kept.every((k) => Math.abs(k - i) > 3)) kept.push(i);
          }
          for (const i of kept.sort((a, b) => a - b)) row('-', hz[i]!, points[i]![1]);
        }
        return {
          file_name: capture.file_name,
          alias: capture.alias,
          resolutionHz: spectrum.resolutionHz,
          data: peaksToWidth(points, width),
        };
      });
      return {
        unit: PHASE_UNITS[phase],
        shaftHz: speed.hz,
        shaftSource: speed.source,
        series,
        marks: marks.filter((line) => line.frequencyHz > 0),
        markNote: note,
        table,
      };
    },

    /** The spectrum of each chosen data set, oldest first, reduced per line to the chart width. */
    async waterfall(query: WaterfallQuery): Promise<RvsWaterfallResult> {
      const { modelId, sensorId, phase, axis, fileNames, width } = query;
      (await rvs(modelId)).sensor(sensorId);
      const captures = await capturesOf(modelId, sensorId, axis, fileNames);
      const spectra = await Promise.all(captures.map((capture) => spectrumOf(capture, phase)));
      return {
        unit: PHASE_UNITS[phase],
        series: captures.map((capture, index) => ({
          file_name: capture.file_name,
          alias: capture.alias,
          data: peaksToWidth(spectrumPoints(spectra[index] as Spectrum, phase), width),
        })),
      };
    },

    /** Time waveform of each chosen data set in m/s² or g against seconds, with the running speed in rpm. */
    async timeWaveform(query: WaveformQuery): Promise<RvsWaveformResult> {
      const { modelId, sensor: sensorId, phase, axis, fileNames } = query;
      const model = await rvs(modelId);
      const sensor = model.sensor(sensorId);
      const captures = await capturesOf(modelId, sensorId, axis, fileNames);
      const factor = phase === 'accelerationG' ? 1 / SPEC_GRAVITY_DIVISOR : 1;
      return {
        unit: PHASE_UNITS[phase],
        rpm: (model.shaftSpeed(sensor, captures[0]!).hz ?? 1 / 60) * 60,
        series: captures.map((capture) => ({
          sensor_id: sensorId,
          phase,
          axis: sensor.axisLabels[axis],
          file_name: capture.file_name,
          alias: capture.alias,
          sampleRateHz: capture.sample_rate,
          data: Array.from(capture.samples, (v, i): [number, number] => [
            i / capture.sample_rate,
            v * factor,
          ]),
        })),
      };
    },

    /** Overall Trend: the overall values of the sensors on every axis (or their temperature), M4 to the width. */
    async trend(query: TrendQuery): Promise<RvsTrendResult> {
      const { fromS, toS } = rangeSeconds(
        query.startDate,
        query.endDate,
        'endDate',
        query.isNormal ? RANGE_LIMIT_DAYS.normal : RANGE_LIMIT_DAYS.yearly,
      );
      const model = await rvs(query.modelId);
      const out: RvsTrendResult['series'] = [];
      for (const sensorId of query.sensor) {
        const sensor = model.sensor(sensorId);
        const axes = query.phase === 'temperature' ? ([null] as const) : (['x', 'y', 'z'] as const);
        for (const axis of axes) {
          const tag = axis === null ? `${sensorId}.temperature` : `${sensorId}.${query.phase}.${axis}`;
          const row = model.series.get(tag);
          if (!row) continue;
          const points = await timeseries.m4ToWidth(row.id, fromS, toS, query.width);
          const limit = model.limitOf(tag);
          out.push({
            sensor_id: sensorId,
            sensor_name: sensor.sensorName,
            phase: query.phase,
            paxis: axis === null ? '' : sensor.axisLabels[axis],
            tag,
            unit: row.unit,
            warning: limit.warning,
            alarm: limit.alarm,
            data: points.map((point): [number, number] => [point.t, point.v]),
          });
        }
      }
      return { series: out };
    },

    /** Fault parameters of the Parameter Trend and their trends (needs the RVS upgrade). */
    async faultParameters(modelId: string, viewer: RvsViewer) {
      await rvs(modelId);
      await requireUpgrade(viewer, modelId);
      return FAULT_PARAMETERS.map((parameter) => ({
        id: parameter.id,
        name: parameter.name,
        trends: parameter.trends.map((trend) => ({ ...trend, key_list: ['x', 'y', 'z'] })),
      }));
    },

    /** A failure mode's indicator per capture and axis with fast and slow moving averages (needs the upgrade). */
    async parameterTrend(query: ParameterTrendQuery, viewer: RvsViewer): Promise<RvsParameterTrendResult> {
      const { fromS, toS } = rangeSeconds(query.startDate, query.endDate, 'endDate', RANGE_LIMIT_DAYS.yearly);
      const model = await rvs(query.modelId);
      const sensor = model.sensor(query.sensorId);
      await requireUpgrade(viewer, query.modelId);
      const parameter = FAULT_PARAMETERS.find((candidate) => candidate.id === query.parameter);
      if (!parameter) throw badRequest(`parameter: unknown fault parameter ${query.parameter}.`);
      const trend = parameter.trends.find((candidate) => candidate.id === query.keyValue);
      if (!trend) throw badRequest(`keyValue: ${parameter.name} has no trend ${query.keyValue}.`);
      const captures = await repository.inRange(query.modelId, sensor.sensorId, fromS, toS, HISTORY_CAPTURES);
      const times = [...new Set(captures.map((capture) => capture.captured_at.getTime()))].sort(
        (a, b) => a - b,
      );
      const unit = trend.name.slice(trend.name.lastIndexOf('(') + 1, -1);
      const series = (['x', 'y', 'z'] as const).map((axis) => {
        const byTime = new Map(
          captures
            .filter((capture) => capture.channel === axis)
            .map((capture) => [
              capture.captured_at.getTime(),
              scoresOf(model, sensor, capture).find((score) => score.mode === parameter.id)?.indicator ??
                null,
            ]),
        );
        const data = times.map((t) => byTime.get(t) ?? null);
        return {
          parameter_trend: trend.name,
          axis: sensor.axisLabels[axis],
          y_label_unit: unit,
          warning: PARAMETER_LIMITS[parameter.id].warning,
          alarm: PARAMETER_LIMITS[parameter.id].alarm,
          data,
          data_fast: movingAverage(data, FAST_WINDOW),
          data_slow: movingAverage(data, SLOW_WINDOW),
        };
      });
      return { timestamps: times, series };
    },

    /** Failure History: 0 Normal / 1 Warning / 2 Danger of each failure mode per capture (needs the upgrade). */
    async failureHistory(modelId: string, query: HistoryQuery, viewer: RvsViewer): Promise<RvsHistoryResult> {
      const { sensorId, startdate, enddate } = query;
      const { fromS, toS } = rangeSeconds(startdate, enddate, 'enddate', RANGE_LIMIT_DAYS.yearly);
      const model = await rvs(modelId);
      const sensor = model.sensor(sensorId);
      await requireUpgrade(viewer, modelId);
      const captures = await repository.inRange(modelId, sensor.sensorId, fromS, toS, HISTORY_CAPTURES);
      const byTime = new Map<number, FailureModeScore[][]>();
      for (const capture of captures) {
        const t = capture.captured_at.getTime();
        byTime.set(t, [...(byTime.get(t) ?? []), scoresOf(model, sensor, capture)]);
      }
      const timestamps = [...byTime.keys()].sort((a, b) => a - b);
      const worst = timestamps.map((t) => worstScores(byTime.get(t)!));
      const modes = [...new Set(worst.flatMap((scores) => scores.map((score) => score.mode)))];
      return {
        timestamps,
        series: modes.map((mode) => ({
          name: FAILURE_MODE_NAMES[mode] ?? mode,
          data: worst.map((scores) => scores.find((score) => score.mode === mode)?.status ?? 0),
        })),
      };
    },

    /** Predicted Failures: each sensor's failure modes from its newest capture (needs the upgrade). */
    async predictedFailures(modelId: string, viewer: RvsViewer): Promise<RvsPredictedFailure[]> {
      const model = await rvs(modelId);
      await requireUpgrade(viewer, modelId);
      const advice = await model.recommendations();
      const out: RvsPredictedFailure[] = [];
      for (const sensor of model.sensors) {
        const captures = await repository.latest(modelId, sensor.sensorId);
        const scores = worstScores(captures.map((capture) => scoresOf(model, sensor, capture)));
        const predicted = predictedFailures(scores);
        const chip = (score: FailureModeScore) => ({
          mode: score.mode,
          failure_desc: score.description,
          // The facts it says, which the page says in the reader's language.
          ...(score.facts ? { facts: score.facts } : {}),
          percent: score.percent,
          recommend: advice.get(score.mode) ?? score.recommendation,
          recommendSource: advice.has(score.mode) ? ('workbook' as const) : ('engine' as const),
        });
        out.push({
          sensorLocation: sensor.sensorName,
          sensor_id: sensor.sensorId,
          status: captures.length === 0 ? -1 : Math.max(0, ...scores.map((score) => score.status)),
          is_abnormaly: predicted.isAbnormal,
          alarms: predicted.alarms.map(chip),
          warnings: predicted.warnings.map(chip),
          capturedAt: captures[0]?.captured_at.toISOString() ?? null,
        });
      }
      return out;
    },

    /** Machine Status: the overall status (the worst sensor) and the status of each sensor. */
    async machineStatus(modelId: string): Promise<RvsOverallFailureMode> {
      const model = await rvs(modelId);
      const sensors = model.sensors.map((sensor) => ({
        sensorId: sensor.sensorId,
        sensorName: sensor.sensorName,
        status: model.sensorStatus(sensor),
      }));
      return { overallStatus: Math.max(-1, ...sensors.map((sensor) => sensor.status)), sensors };
    },

    /** Sensor Detail: last overall values per axis, temperature and battery with their limits and statuses. */
    async sensorDetail(modelId: string): Promise<RvsSensorDetailRow[]> {
      const model = await rvs(modelId);
      return model.sensors.map((sensor) => {
        const value = (tag: string) => model.reading(tag);
        const axes = (quantity: string) => ({
          x: value(`${sensor.sensorId}.${quantity}.x`),
          y: value(`${sensor.sensorId}.${quantity}.y`),
          z: value(`${sensor.sensorId}.${quantity}.z`),
        });
        return {
          uid: sensor.sensorId,
          sensorId: sensor.sensorId,
          sensorName: sensor.sensorName,
          overAllSensorStatus: model.sensorStatus(sensor),
          typeOfPosition: sensor.positionType,
          machine: sensor.machine,
          axisLabels: sensor.axisLabels,
          velocity: axes('velocity'),
          acceleration: axes('acceleration'),
          envelope: axes('envelope'),
          temperature: value(`${sensor.sensorId}.temperature`),
          battery: value(`${sensor.sensorId}.battery`),
          lastSeen: model.lastSeen(sensor),
        };
      });
    },
  };
}

export type RvsService = ReturnType<typeof createRvsService>;
