import {
  type FailureModeScore,
  peakNear,
  predictedFailures,
  type Spectrum,
  spectrumFrequencies,
} from '@sdp/analytics';
import {
  errorResponse,
  type RvsAxis,
  type RvsPhase,
  rvsAxisLabels,
  rvsDataSet,
  rvsFaultParameter,
  rvsFilesQuery,
  rvsHistoryQuery,
  rvsHistoryResult,
  rvsModelIdParams,
  rvsModelQuery,
  rvsOverallFailureMode,
  rvsParameterTrendQuery,
  rvsParameterTrendResult,
  rvsPredictedFailure,
  rvsSensor,
  rvsSensorDetailRow,
  rvsSensorQuery,
  rvsSpectrumQuery,
  rvsSpectrumResult,
  rvsTrendQuery,
  rvsTrendResult,
  rvsWaterfallQuery,
  rvsWaterfallResult,
  rvsWaveformQuery,
  rvsWaveformResult,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { plainJsonSerializer } from '../../lib/route-schemas.ts';
import type { ComputePool } from '../../lib/worker-pool.ts';
import type { MasterRepository } from '../models/master.repository.ts';
import type { ModelsRepository } from '../models/models.repository.ts';
import type { TimeseriesRepository } from '../timeseries/timeseries.repository.ts';
import type { RvsRepository, VibrationCapture } from './rvs.repository.ts';
import {
  diagnoseCapture,
  faultMarks,
  PHASE_UNITS,
  peaksToWidth,
  SPEC_GRAVITY_DIVISOR,
  spectrumPoints,
  worstScores,
} from './rvs-analysis.ts';
import { loadRvsModel, type RvsModel, type RvsSensorConfig } from './rvs-model.ts';

interface Options {
  repository: RvsRepository;
  timeseries: TimeseriesRepository;
  models: ModelsRepository;
  master: MasterRepository;
  visibility: EquipmentVisibility;
  /** Spectra of captures are computed on its threads, never on the event loop (issue 23 item 9). */
  compute: ComputePool;
}

/** The module whose phaseSpectrumTask the compute pool runs. */
const RVS_ANALYSIS = new URL('./rvs-analysis.ts', import.meta.url);

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
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
 * RVS calls of spec 03 §7.1–7.2: every figure from the stored vibration captures (m/s² samples) and the feature
 * series the analysis derived from them, through @sdp/analytics. Parameter Trend, Failure History and Predicted
 * Failures answer 403 unless the user is a platform admin or the company has rvs_upgrade (spec 03 §2.3, §6).
 */
export const rvsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { repository, timeseries, models, master, visibility, compute },
) => {
  /** The spectrum of a capture in a phase, computed on a compute thread (the samples are copied there). */
  const spectrumOf = (capture: VibrationCapture, phase: RvsPhase) =>
    compute.call<Spectrum>(RVS_ANALYSIS, 'phaseSpectrumTask', {
      samples: capture.samples,
      sampleRateHz: capture.sample_rate,
      phase,
    });
  const byQuery = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel((request.query as { modelId?: string }).modelId, session.userId),
    ),
  };
  const byParam = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel((request.params as { id?: string }).id, session.userId),
    ),
  };
  const rvs = (modelId: string) => loadRvsModel({ models, master, timeseries }, modelId);
  /** Scores of a capture never change: computed once per stored waveform. */
  const scoreCache = new Map<string, FailureModeScore[]>();
  const scoresOf = (model: RvsModel, sensor: RvsSensorConfig, capture: VibrationCapture) => {
    let scores = scoreCache.get(capture.id);
    if (!scores) {
      scores = diagnoseCapture(capture.samples, capture.sample_rate, model.markContext(sensor));
      if (scoreCache.size > 20_000) scoreCache.clear();
      scoreCache.set(capture.id, scores);
    }
    return scores;
  };

  async function requireUpgrade(request: { auth: { platformRole: string } | null }, modelId: string) {
    if (request.auth?.platformRole === 'ADMIN') return;
    if (!(await repository.upgraded(modelId))) throw forbidden(LOCKED);
  }

  app.get(
    '/rvs-graph-result/sensors',
    {
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary: 'Sensor locations of an RVS model (id, sensorId, sensorName)',
        querystring: rvsModelQuery,
        response: { 200: z.array(rvsSensor), ...errors },
      },
    },
    async (request) => {
      const model = await rvs(request.query.modelId);
      return model.sensors.map((sensor, index) => ({
        id: index + 1,
        sensorId: sensor.sensorId,
        sensorName: sensor.sensorName,
      }));
    },
  );

  app.get(
    '/rvs-graph-result/axis-filter',
    {
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary: "A sensor's axis labels for x, y, z (default H, V, A)",
        querystring: rvsSensorQuery,
        response: { 200: rvsAxisLabels, ...errors },
      },
    },
    async (request) => {
      const model = await rvs(request.query.modelId);
      return model.sensor(request.query.sensor_id).axisLabels;
    },
  );

  app.get(
    '/rvs-graph-result/file-names',
    {
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary:
          'Data sets (captures) of a sensor axis for the spectrum, waterfall and waveform views, newest first',
        querystring: rvsFilesQuery,
        response: { 200: z.array(rvsDataSet), ...errors },
      },
    },
    async (request) => {
      const { modelId, sensor, axis } = request.query;
      (await rvs(modelId)).sensor(sensor);
      const rows = await repository.dataSets(modelId, sensor, axis, DATA_SETS_LISTED);
      return rows.map((row) => ({
        fileName: row.file_name,
        alias: row.alias,
        capturedAt: row.captured_at.toISOString(),
      }));
    },
  );

  /** The captures named, all of them this sensor axis's: a name it lacks answers 404 naming it. */
  async function capturesOf(modelId: string, sensor: string, axis: RvsAxis, fileNames: readonly string[]) {
    const found = await repository.byFileNames(modelId, sensor, axis, [...new Set(fileNames)]);
    const missing = fileNames.find((name) => !found.some((capture) => capture.file_name === name));
    if (missing)
      throw notFound(`fileNames: ${sensor} axis ${axis} of this model has no data set ${missing}.`);
    return found;
  }

  app.get(
    '/rvs-graph-result/spectrum',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary:
          'Spectrum of each chosen data set (RMS; envelope in gE) with the fault-frequency marks and the table',
        querystring: rvsSpectrumQuery,
        response: { 200: rvsSpectrumResult, ...errors },
      },
    },
    async (request) => {
      const { modelId, sensor: sensorId, phase, axis, fileNames, mark, width } = request.query;
      const model = await rvs(modelId);
      const sensor = model.sensor(sensorId);
      const captures = await capturesOf(modelId, sensorId, axis, fileNames);
      const first = captures[0]!;
      const speed = model.shaftSpeed(sensor, first);
      const context = { ...model.markContext(sensor), shaftHz: speed.hz };
      const { marks, note } = faultMarks(mark, context);
      const axisLabel = sensor.axisLabels[axis];
      const table: z.infer<typeof rvsSpectrumResult>['table'] = [];
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
          // The table above read every line; the chart gets at most `width` of them, each column's peak.
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
  );

  app.get(
    '/rvs-graph-result/waterfall',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary:
          'Waterfall: the spectrum of each chosen data set, oldest first, reduced per line to the chart width',
        querystring: rvsWaterfallQuery,
        response: { 200: rvsWaterfallResult, ...errors },
      },
    },
    async (request) => {
      const { modelId, sensorId, phase, axis, fileNames, width } = request.query;
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
  );

  app.get(
    '/rvs-graph-result/time-waveform',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary: 'Time waveform of each chosen data set: acceleration in m/s² or g against seconds',
        querystring: rvsWaveformQuery,
        response: { 200: rvsWaveformResult, ...errors },
      },
    },
    async (request) => {
      const { modelId, sensor: sensorId, phase, axis, fileNames } = request.query;
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
  );

  app.get(
    '/rvs-graph-result/trend',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary:
          'Overall Trend: the overall values of up to 2 sensors on every axis, M4-reduced to the chart width',
        querystring: rvsTrendQuery,
        response: { 200: rvsTrendResult, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const { fromS, toS } = rangeSeconds(
        query.startDate,
        query.endDate,
        'endDate',
        query.isNormal ? RANGE_LIMIT_DAYS.normal : RANGE_LIMIT_DAYS.yearly,
      );
      const model = await rvs(query.modelId);
      const out = [];
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
            unit: row.unit,
            warning: limit.warning,
            alarm: limit.alarm,
            data: points.map((point): [number, number] => [point.t, point.v]),
          });
        }
      }
      return { series: out };
    },
  );

  app.get(
    '/rvs-result/fault-parameters',
    {
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary: 'Fault parameters of the Parameter Trend and their trends (needs the RVS upgrade)',
        querystring: rvsModelQuery,
        response: { 200: z.array(rvsFaultParameter), ...errors },
      },
    },
    async (request) => {
      await rvs(request.query.modelId);
      await requireUpgrade(request, request.query.modelId);
      return FAULT_PARAMETERS.map((parameter) => ({
        id: parameter.id,
        name: parameter.name,
        trends: parameter.trends.map((trend) => ({ ...trend, key_list: ['x', 'y', 'z'] })),
      }));
    },
  );

  app.get(
    '/rvs-result/parameter-trend',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary:
          "A failure mode's indicator per capture and axis, with fast and slow moving averages (needs the RVS upgrade)",
        querystring: rvsParameterTrendQuery,
        response: { 200: rvsParameterTrendResult, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const { fromS, toS } = rangeSeconds(query.startDate, query.endDate, 'endDate', RANGE_LIMIT_DAYS.yearly);
      const model = await rvs(query.modelId);
      const sensor = model.sensor(query.sensorId);
      await requireUpgrade(request, query.modelId);
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
          data,
          data_fast: movingAverage(data, FAST_WINDOW),
          data_slow: movingAverage(data, SLOW_WINDOW),
        };
      });
      return { timestamps: times, series };
    },
  );

  app.get(
    '/rvs-failure-mode/graph/history-failure-mode/:id',
    {
      serializerCompiler: plainJsonSerializer,
      config: byParam,
      schema: {
        tags: ['rvs'],
        summary:
          'Failure History: 0 Normal / 1 Warning / 2 Danger of each failure mode per capture (needs the RVS upgrade)',
        params: rvsModelIdParams,
        querystring: rvsHistoryQuery,
        response: { 200: rvsHistoryResult, ...errors },
      },
    },
    async (request) => {
      const { sensorId, startdate, enddate } = request.query;
      const { fromS, toS } = rangeSeconds(startdate, enddate, 'enddate', RANGE_LIMIT_DAYS.yearly);
      const model = await rvs(request.params.id);
      const sensor = model.sensor(sensorId);
      await requireUpgrade(request, request.params.id);
      const captures = await repository.inRange(
        request.params.id,
        sensor.sensorId,
        fromS,
        toS,
        HISTORY_CAPTURES,
      );
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
  );

  app.get(
    '/rvs-failure-mode/model-failure-mode/:id',
    {
      config: byParam,
      schema: {
        tags: ['rvs'],
        summary:
          "Predicted Failures: each sensor's failure modes from its newest capture (needs the RVS upgrade)",
        params: rvsModelIdParams,
        response: { 200: z.array(rvsPredictedFailure), ...errors },
      },
    },
    async (request) => {
      const model = await rvs(request.params.id);
      await requireUpgrade(request, request.params.id);
      const advice = await model.recommendations();
      const out = [];
      for (const sensor of model.sensors) {
        const captures = await repository.latest(request.params.id, sensor.sensorId);
        const scores = worstScores(captures.map((capture) => scoresOf(model, sensor, capture)));
        const predicted = predictedFailures(scores);
        const chip = (score: FailureModeScore) => ({
          mode: score.mode,
          failure_desc: score.description,
          percent: score.percent,
          recommend: advice.get(score.mode) ?? score.recommendation,
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
  );

  app.get(
    '/rvs-failure-mode/overall-failure-mode/:id',
    {
      config: byParam,
      schema: {
        tags: ['rvs'],
        summary: 'Machine Status: the overall status (the worst sensor) and the status of each sensor',
        params: rvsModelIdParams,
        response: { 200: rvsOverallFailureMode, ...errors },
      },
    },
    async (request) => {
      const model = await rvs(request.params.id);
      const sensors = model.sensors.map((sensor) => ({
        sensorId: sensor.sensorId,
        sensorName: sensor.sensorName,
        status: model.sensorStatus(sensor),
      }));
      return { overallStatus: Math.max(-1, ...sensors.map((sensor) => sensor.status)), sensors };
    },
  );

  app.get(
    '/rvs-result/sensor-detail',
    {
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary:
          'Sensor Detail: last overall values per axis, temperature and battery with their limits and statuses',
        querystring: rvsModelQuery,
        response: { 200: z.array(rvsSensorDetailRow), ...errors },
      },
    },
    async (request) => {
      const model = await rvs(request.query.modelId);
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
  );
};
