import {
  amplitudeSpectrum,
  formatRulPercent,
  formatRulYears,
  rulStatus,
  spectrumFrequencies,
  toDb,
} from '@sdp/analytics';
import {
  errorResponse,
  VCA_RANGE_LIMIT_DAYS,
  vcaCaptureQuery,
  vcaDiagram,
  vcaFile,
  vcaFilesQuery,
  vcaFrequency,
  vcaLifeQuery,
  vcaLifeTag,
  vcaModelQuery,
  vcaOverallItem,
  vcaOverallQuery,
  vcaRulResult,
  vcaTemperatureResult,
  vcaTimeDomain,
  vcaTrendQuery,
  vcaTrendSeries,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { plainJsonSerializer } from '../../lib/route-schemas.ts';
import type { MasterRepository } from '../models/master.repository.ts';
import type { ModelsRepository } from '../models/models.repository.ts';
import type { TimeseriesRepository } from '../timeseries/timeseries.repository.ts';
import {
  type DriveModel,
  lifeRow,
  lifeStatuses,
  loadDriveModel,
  rangeOf,
  remainingLifeOf,
  tagStatus,
  VCA_PARTS,
  VCA_TYPE,
} from './drive-model.ts';
import type { VcaRepository } from './vca.repository.ts';

interface Options {
  repository: VcaRepository;
  timeseries: TimeseriesRepository;
  models: ModelsRepository;
  master: MasterRepository;
  visibility: EquipmentVisibility;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
/** Alarm-limit groups of the trend signals: 32 VSD readings, 33 trend signals. */
const TREND_GROUPS = [32, 33];
const DIAGRAM_ITEMS = [
  'dc_link_capacitor',
  'cooling_fan',
  'rul',
  'environment',
  'stress',
  'power_unit',
  'temperature',
] as const;
const DIAGRAM_NAMES: Record<(typeof DIAGRAM_ITEMS)[number], string> = {
  dc_link_capacitor: 'DC-link capacitor',
  cooling_fan: 'Cooling fan',
  rul: 'Remaining life',
  environment: 'Environment',
  stress: 'Stress',
  power_unit: 'Power unit',
  temperature: 'Temperature',
};
/** Captures listed in 'Select FileName'. */
const FILES_LISTED = 200;
/** Highest frequency of the Current Analysis spectrum, Hz: the 7th harmonic and the ripple sidebands. */
const SPECTRUM_MAX_HZ = 1000;

/** Evenly thinned indices of n points to at most `max`, the last always kept. */
function thin(n: number, max: number): number[] {
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const step = n / (max - 1);
  const out = Array.from({ length: max - 1 }, (_, i) => Math.floor(i * step));
  out.push(n - 1);
  return out;
}

/** VCA dashboard (spec 02 §2.5–2.7, §7): every figure from stored series and captures through @sdp/analytics. */
export const vcaRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { repository, timeseries, models, master, visibility },
) => {
  const byQuery = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel((request.query as { modelId?: string }).modelId, session.userId),
    ),
  };
  const drive = (modelId: string) => loadDriveModel({ models, master, timeseries }, modelId);

  const lifeTrace = (vca: DriveModel, tagCode: string, toS: number) =>
    remainingLifeOf(repository, vca, tagCode, toS);

  app.get(
    '/vca-result-data/diagram',
    {
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: 'VCA diagram: part statuses and overall health, Percent of Load gauge, VSD Status card',
        querystring: vcaModelQuery,
        response: { 200: vcaDiagram, ...errors },
      },
    },
    async (request) => {
      const vca = await drive(request.query.modelId);
      const life = await lifeStatuses(repository, vca);
      const reading = (tag: string) => {
        const row = vca.series.get(tag);
        const limit = vca.limitOf(tag);
        return {
          tagCode: tag,
          name: vca.nameOf(tag),
          unit: vca.unitOf(tag),
          value: row?.last_value ?? null,
          warning: limit.warning,
          alarm: limit.alarm,
          status: tagStatus(row, limit),
          timestamp: row?.last_ts?.toISOString() ?? null,
        };
      };
      const lastOf = (tags: readonly string[]) => {
        const times = tags.flatMap((tag) => {
          const ts = vca.series.get(tag)?.last_ts;
          return ts ? [ts.getTime()] : [];
        });
        return times.length ? new Date(Math.max(...times)).toISOString() : null;
      };
      const items = DIAGRAM_ITEMS.map((part) => ({
        tagCode: part,
        name: DIAGRAM_NAMES[part],
        status: vca.partStatus(part, life),
        timestamp: lastOf(VCA_PARTS[part]),
      }));
      const overallStatus = Math.max(...items.map((item) => item.status));
      const load = reading('motor_load');
      const vsdTags = vca.master.sensorTypes
        .filter((sensor) => sensor.model_type_id === VCA_TYPE && sensor.group_id === 32)
        .map((sensor) => sensor.tag_code);
      return {
        modelId: vca.model.id,
        items: [
          {
            tagCode: 'overall_status',
            name: 'Health status',
            status: overallStatus,
            timestamp: lastOf([...vca.series.keys()]),
          },
          ...items,
        ],
        overallStatus,
        percentLoad: { ...load, scaleMax: load.alarm === null ? null : 1.2 * load.alarm },
        vsd: vsdTags.map(reading),
      };
    },
  );

  app.get(
    '/vca-model-trend-signal/trend-signal/new',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: 'VSD trend signals with their warning and alarm limits, M4-downsampled to the chart width',
        querystring: vcaTrendQuery,
        response: { 200: z.array(vcaTrendSeries), ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const { fromS, toS } = rangeOf(
        query,
        query.isNormal ? VCA_RANGE_LIMIT_DAYS.normal : VCA_RANGE_LIMIT_DAYS.yearly,
      );
      const vca = await drive(query.modelId);
      const sensors = vca.master.sensorTypes.filter((sensor) => sensor.model_type_id === VCA_TYPE);
      const chosen =
        query.sensorId === undefined
          ? sensors.filter((sensor) => TREND_GROUPS.includes(sensor.group_id))
          : sensors.filter((sensor) => sensor.id === query.sensorId || sensor.group_id === query.sensorId);
      if (chosen.length === 0)
        throw badRequest(
          `sensorId: ${query.sensorId} is neither a VCA sensor type nor a VCA alarm-limit group.`,
        );
      // The tags' series are read side by side (one pooled connection each), not one after another: seven tags of
      // a year took 105 ms in turn (bench/vca-evs-calls.ts).
      const present = chosen.flatMap((sensor) => {
        const row = vca.series.get(sensor.tag_code);
        return row ? [{ sensor, row }] : [];
      });
      return Promise.all(
        present.map(async ({ sensor, row }) => {
          const points = await timeseries.m4ToWidth(row.id, fromS, toS, query.width);
          const limit = vca.limitOf(sensor.tag_code);
          return {
            tagCode: sensor.tag_code,
            name: sensor.name,
            unit: row.unit || sensor.unit,
            warning: limit.warning,
            alarm: limit.alarm,
            timestamp: points.map((point) => point.t),
            data: points.map((point) => point.v),
          };
        }),
      );
    },
  );

  app.get(
    '/vca-result-data/rul',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary:
          "A part's remaining life (% and years) along the range, Miner's rule over its temperature history",
        querystring: vcaLifeQuery,
        response: { 200: vcaRulResult, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const { fromS, toS } = rangeOf(query, VCA_RANGE_LIMIT_DAYS.yearly);
      const vca = await drive(query.modelId);
      const { row, samples, trace } = await lifeTrace(vca, query.tagCode, toS);
      const inRange = trace.filter((point) => samples[point.index]!.t >= fromS * 1000);
      const kept = thin(inRange.length, query.width).map((i) => inRange[i]!);
      const limit = vca.limitOf(query.tagCode);
      return {
        tagCode: query.tagCode,
        name: vca.nameOf(query.tagCode),
        unit: '%' as const,
        timestamp: kept.map((point) => samples[point.index]!.t),
        data: kept.map((point) => point.rulPercent),
        rulYears: kept.map((point) => point.remainingYears),
        mi: trace.at(-1)?.damage ?? null,
        rulWarning: row.rul_warning,
        rulalarm: row.rul_alarm,
        warning: limit.warning,
        alarm: limit.alarm,
        rating: {
          l0Hours: row.l0,
          t0C: row.tmax,
          initialDays: row.initial_day,
          hoursPerDay: row.avg_rate,
          expectedLifeHours: row.expectedLifeTime,
        },
      };
    },
  );

  app.get(
    '/vca-result-data/temperature',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: "A part's temperature along the range: alarm at its rated T0, warning 10 °C below",
        querystring: vcaLifeQuery,
        response: { 200: vcaTemperatureResult, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const { fromS, toS } = rangeOf(query, VCA_RANGE_LIMIT_DAYS.yearly);
      const vca = await drive(query.modelId);
      const row = lifeRow(vca, query.tagCode);
      const series = vca.series.get(`${query.tagCode}.temperature`);
      const points = series ? await timeseries.m4ToWidth(series.id, fromS, toS, query.width) : [];
      return {
        tagCode: query.tagCode,
        name: `${vca.nameOf(query.tagCode)} temperature`,
        unit: series?.unit || '°C',
        timestamp: points.map((point) => point.t),
        data: points.map((point) => point.v),
        // Each 10 °C above T0 halves the life again: T0 is where the rated life is spent, 10 °C below the margin.
        warning: row.tmax === null ? null : row.tmax - 10,
        alarm: row.tmax,
      };
    },
  );

  app.get(
    '/vca-result-data/overall',
    {
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: "Remaining life now of each part (% and years) and its RUL class (spec 02 §4), 'rul_p_y'",
        querystring: vcaOverallQuery,
        response: { 200: z.array(vcaOverallItem), ...errors },
      },
    },
    async (request) => {
      const vca = await drive(request.query.modelId);
      const out = [];
      for (const row of vca.settings.vsd_alarm_limit_sensor_new_in) {
        const parsed = vcaLifeTag.safeParse(row.tagCode);
        if (!parsed.success) continue;
        const tagCode = parsed.data;
        const { samples, trace } = await lifeTrace(vca, tagCode, Date.now() / 1000 + 1);
        const last = trace.at(-1);
        out.push({
          status: last ? rulStatus(last.rulPercent) : -1,
          tag: { name: vca.nameOf(tagCode), tagCode, sensorTypeId: row.sensorTypeId },
          values: last
            ? [
                {
                  resultType: 'rul_percent' as const,
                  value: last.rulPercent,
                  display: formatRulPercent(last.rulPercent),
                },
                {
                  resultType: 'rul_year' as const,
                  value: last.remainingYears,
                  display: formatRulYears(last.remainingYears),
                },
              ]
            : [],
          timestamp: last ? new Date(samples[last.index]!.t).toISOString() : null,
        });
      }
      return out;
    },
  );

  app.get(
    '/vca-result-data/file-names',
    {
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: "Output-current captures of a drive for 'Select FileName', newest first",
        querystring: vcaFilesQuery,
        response: { 200: z.array(vcaFile), ...errors },
      },
    },
    async (request) => {
      await drive(request.query.modelId);
      const rows = await repository.captures(request.query.modelId, FILES_LISTED);
      return rows.map((row) => ({
        fileName: row.file_name,
        alias: row.captured_at.toISOString(),
        capturedAt: row.captured_at.toISOString(),
      }));
    },
  );

  async function captureOf(modelId: string, fileName: string) {
    await drive(modelId);
    const capture = await repository.capture(modelId, fileName);
    if (!capture) throw notFound(`fileName: this model has no capture ${fileName}.`);
    return capture;
  }

  app.get(
    '/vca-result-data/time-domain',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: 'Time domain (group TD) of a capture: Ia, Ib, Ic (A) against seconds',
        querystring: vcaCaptureQuery,
        response: { 200: vcaTimeDomain, ...errors },
      },
    },
    async (request) => {
      const capture = await captureOf(request.query.modelId, request.query.fileName);
      const n = Math.min(capture.a.length, capture.b.length, capture.c.length);
      const points = Array.from({ length: n }, (_, i) => ({
        ts: i / capture.sampleRateHz,
        Ia: capture.a[i]!,
        Ib: capture.b[i]!,
        Ic: capture.c[i]!,
      }));
      return { fileName: request.query.fileName, sampleRateHz: capture.sampleRateHz, points };
    },
  );

  app.get(
    '/vca-result-data/frequency',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: 'Spectrum of a capture: IA, IB, IC in dB re 1 A (Hann, peak) against Hz, up to 1 kHz',
        querystring: vcaCaptureQuery,
        response: { 200: vcaFrequency, ...errors },
      },
    },
    async (request) => {
      const capture = await captureOf(request.query.modelId, request.query.fileName);
      const spectra = [capture.a, capture.b, capture.c].map((phase) =>
        amplitudeSpectrum(phase, capture.sampleRateHz),
      );
      const [a, b, c] = spectra.map((spectrum) => toDb(spectrum.amplitude)) as [
        Float64Array,
        Float64Array,
        Float64Array,
      ];
      const hz = spectrumFrequencies(spectra[0]!);
      const points = [];
      for (let k = 0; k < hz.length && hz[k]! <= SPECTRUM_MAX_HZ; k++) {
        points.push({ FHZ: hz[k]!, IA: a[k]!, IB: b[k]!, IC: c[k]! });
      }
      return { fileName: request.query.fileName, resolutionHz: spectra[0]!.resolutionHz, points };
    },
  );
};
