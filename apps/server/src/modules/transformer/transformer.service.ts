import {
  compareLocus,
  DUVAL_TRIANGLE_1_ZONES,
  DUVAL_ZONE_DESCRIPTIONS,
  duvalTriangle1,
  duvalTriangle1PlotPolygons,
  duvalZoneLeastStatus,
  type LocusParameters,
  learnCorrelationBaseline,
  m4Indices,
  transformerLosses,
  viLocus,
} from '@sdp/analytics';
import {
  type ModelSummary,
  TR_RANGE_LIMIT_DAYS,
  type TrDgaDetail,
  type TrDgaResult,
  type TrDgaSample,
  type TrLocusFiles,
  type TrLocusResult,
  type TrLocusRow,
  type TrLosses,
  type TrQSetting,
  type TrScoreResult,
  type TrSeries,
  type TrSummaryStatus,
  type TrTagResult,
  type trDgaRawQuery,
  type trDgaResultQuery,
  type trHealthQuery,
  type trLocusResultQuery,
  type trLossesQuery,
  type trScoreQuery,
  type trTagQuery,
} from '@sdp/contracts';
import type { z } from 'zod';
import { rangeOf } from '../../lib/date-range.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { DGA_GAS_TAGS, monitoredLimits } from '../analysis/limits.ts';
import type { MasterRepository } from '../models/master.repository.ts';
import type { ModelsRepository } from '../models/models.repository.ts';
import { readSettings } from '../models/settings.ts';
import type { TimeseriesRepository } from '../timeseries/timeseries.repository.ts';
import type { TransformerRepository } from './transformer.repository.ts';

const TRANSFORMER = 1;
/** Status colours of spec 02 §9 by status code. */
const STATUS_COLOUR: Record<number, string> = { [-1]: '#9E9E9E', 0: '#4CAF50', 1: '#FCA239', 2: '#D9263B' };
const GROUPS = ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] as const;
/** Diagram badges of spec 02 §2.4 and the panel each shows: Cw current & voltage (B), Co thermal / oil (C). */
const BADGES = { cw: 'b', d: 'd', i: 'i', j: 'j', f: 'f', co: 'c', g: 'g', e: 'e', h: 'h' } as const;
/** Gases of Duval Triangle 1 per DGA sensor type (the analysis places the same ones). */
const DGA_TAGS = DGA_GAS_TAGS;
const NO_GAS = 'No diagnosis: all three gases are zero.';

type Limit = { warning: number | null; alarm: number | null; direction: string };
type Gases = { ch4: number; c2h4: number; c2h2: number };
type DgaSensorType = keyof typeof DGA_TAGS;

interface Deps {
  repository: TransformerRepository;
  timeseries: TimeseriesRepository;
  models: ModelsRepository;
  master: MasterRepository;
}

/** Spec 02 §4: at or beyond alarm 2, at or beyond warning 1, else 0, on the side of the sensor's direction. */
function statusOf(value: number | null, limit: Limit): number {
  if (value === null) return -1;
  const beyond = (edge: number | null) =>
    edge !== null && (limit.direction === 'low' ? value <= edge : value >= edge);
  return beyond(limit.alarm) ? 2 : beyond(limit.warning) ? 1 : 0;
}

/** Duval Triangle 1 of three gases: the zone, the relative shares (%) and the plot point. */
function duval(gases: Gases) {
  const result = duvalTriangle1(gases);
  return {
    zone: result.zone,
    ch4_level_cal: result.percentages.ch4,
    c2h4_level_cal: result.percentages.c2h4,
    c2h2_level_cal: result.percentages.c2h2,
    point: result.point,
  };
}

/** Points of an ellipse of locus parameters: 181 around, rotated by its angle. */
function ellipse(p: LocusParameters): [number, number][] {
  return Array.from({ length: 181 }, (_, i) => {
    const t = (2 * Math.PI * i) / 180;
    const phi = (p.angle * Math.PI) / 180;
    const [u, v] = [p.a * Math.cos(t), p.b * Math.sin(t)];
    return [u * Math.cos(phi) - v * Math.sin(phi), u * Math.sin(phi) + v * Math.cos(phi)] as [number, number];
  });
}

/**
 * Transformer dashboard (spec 02 §2.4, §2.6, §7): every figure from stored data through @sdp/analytics. A model that
 * does not exist answers 404, a model of another type 400.
 */
export function createTransformerService({ repository, timeseries, models, master }: Deps) {
  /** The model, its series and limits; another type of model answers 400. */
  async function transformer(modelId: string) {
    const model = await models.find(modelId);
    if (!model) throw notFound();
    if (model.model_type_id !== TRANSFORMER)
      throw badRequest(
        `This call is for transformer models (type 1); this model is type ${model.model_type_id}.`,
      );
    const [stored, data, rows] = await Promise.all([
      models.settings(modelId),
      master.get(),
      repository.series(modelId),
    ]);
    const settings = readSettings(stored?.document, model.title);
    const monitored = monitoredLimits(settings, data);
    const sensors = data.sensorTypes.filter((sensor) => sensor.model_type_id === TRANSFORMER);
    const limitOf = (tag: string) => {
      const set = monitored.get(tag);
      if (set) return { warning: set.warning, alarm: set.alarm, direction: set.direction };
      const sensor = sensors.find((s) => s.tag_code === tag);
      return {
        warning: sensor?.default_warning ?? null,
        alarm: sensor?.default_alarm ?? null,
        direction: sensor?.direction ?? ('high' as const),
      };
    };
    return {
      model,
      settings,
      master: data,
      sensors,
      series: new Map(rows.map((row) => [row.tag, row])),
      limitOf,
    };
  }
  type Transformer = Awaited<ReturnType<typeof transformer>>;

  function itemOf(tr: Transformer, tag: string, name: string, unit: string) {
    const row = tr.series.get(tag);
    const limit = tr.limitOf(tag);
    const value = row?.last_value ?? null;
    // The analysis' persisted status ('X out of Y') when it has one, else the last value against the limits.
    const status = row?.status ?? statusOf(value, limit);
    return {
      name,
      tagCode: tag,
      status: value === null ? -1 : status,
      value,
      warning: limit.warning,
      alarm: limit.alarm,
      unit: row?.unit || unit,
      subValue: null as number | null,
      subUnit: null as string | null,
      timestamp: row?.last_ts?.toISOString() ?? null,
      direction: (limit.direction === 'low' ? 'low' : 'high') as 'high' | 'low',
    };
  }

  async function dgaAt(tr: Transformer, sensorType: DgaSensorType, atMs: number): Promise<TrDgaResult> {
    const tags = DGA_TAGS[sensorType];
    const read = async (tag: string) => {
      const row = tr.series.get(tag);
      return row ? ((await repository.valueAt(row.id, atMs / 1000)) ?? null) : null;
    };
    const [ch4, c2h4, c2h2] = await Promise.all([read(tags.ch4), read(tags.c2h4), read(tags.c2h2)]);
    const statuses = [
      [tags.ch4, ch4],
      [tags.c2h4, c2h4],
      [tags.c2h2, c2h2],
    ].map(([tag, point]) => statusOf((point as { v: number } | null)?.v ?? null, tr.limitOf(tag as string)));
    const status = Math.max(...statuses);
    const times = [ch4, c2h4, c2h2].flatMap((point) => (point ? [point.t] : []));
    const timeStamp = times.length ? new Date(Math.max(...times)).toISOString() : null;
    const levels = { ch4_level: ch4?.v ?? null, c2h4_level: c2h4?.v ?? null, c2h2_level: c2h2?.v ?? null };
    if (!ch4 || !c2h4 || !c2h2) {
      const missing = !ch4 ? tags.ch4 : !c2h4 ? tags.c2h4 : tags.c2h2;
      return {
        sensorType,
        ...levels,
        ch4_level_cal: null,
        c2h4_level_cal: null,
        c2h2_level_cal: null,
        point: null,
        status,
        new_result: {
          zone: null,
          description: `No diagnosis: ${missing} has no sample.`,
          colorCode: STATUS_COLOUR[status] ?? STATUS_COLOUR[-1]!,
          timeStamp,
        },
      };
    }
    const { zone, ...calc } = duval({ ch4: ch4.v, c2h4: c2h4.v, c2h2: c2h2.v });
    // The gas limits set the status; a D2 or T3 zone is at least a warning (issue 26 item 8: D2 was shown green).
    const zoneStatus = Math.max(status, duvalZoneLeastStatus(zone));
    return {
      sensorType,
      ...levels,
      ...calc,
      status: zoneStatus,
      new_result: {
        zone,
        description: zone ? DUVAL_ZONE_DESCRIPTIONS[zone] : NO_GAS,
        colorCode: STATUS_COLOUR[zoneStatus] ?? STATUS_COLOUR[-1]!,
        timeStamp,
      },
    };
  }

  const locusRows = (tr: Transformer): TrLocusRow[] =>
    tr.settings.v_and_i_locus_in.map((row) => ({
      locus_name: row.locus_name,
      a: row.a,
      b: row.b,
      angle: row.angle,
      e: row.e,
      area: row.area,
    }));

  return {
    /** Panels A–J with values, limits and statuses, the DGA zones and the diagram badges. */
    async summaryStatus(modelId: string): Promise<TrSummaryStatus> {
      const tr = await transformer(modelId);
      const groupCodes = new Map(tr.master.groups.map((group) => [group.id, group.code]));
      const groups = Object.fromEntries(
        GROUPS.map((code) => [code, [] as ReturnType<typeof itemOf>[]]),
      ) as Record<(typeof GROUPS)[number], ReturnType<typeof itemOf>[]>;
      for (const sensor of tr.sensors) {
        const code = groupCodes.get(sensor.group_id) as (typeof GROUPS)[number] | undefined;
        if (code && code in groups) groups[code].push(itemOf(tr, sensor.tag_code, sensor.name, sensor.unit));
      }
      // Panel A: load consumption from the load factor; apparent power = K × rated power (configuration 101).
      const ratedMva = Number((await repository.configuration(tr.model.id)).get('rated_power') ?? 'NaN');
      const load = itemOf(tr, 'load_factor', 'Load', '%');
      const scale = (alarm: number | null) => (alarm === null ? null : 1.2 * alarm);
      const power = (percent: number | null) =>
        percent === null || !Number.isFinite(ratedMva) ? null : (percent / 100) * ratedMva * 1e6;
      const a = [
        {
          ...load,
          tagCode: 'consumption_load_percen',
          subValue: power(load.value),
          subUnit: 'VA',
          scaleMax: scale(load.alarm),
        },
        {
          ...load,
          name: 'Apparent power',
          tagCode: 'consumption_apparent_power_va',
          unit: 'VA',
          value: power(load.value),
          warning: power(load.warning),
          alarm: power(load.alarm),
          scaleMax: scale(power(load.alarm)),
        },
      ];
      const groupStatus = (code: (typeof GROUPS)[number]) => {
        const statuses = groups[code].map((item) => item.status);
        return statuses.length && statuses.some((s) => s >= 0) ? Math.max(...statuses) : -1;
      };
      const badges = Object.fromEntries(
        Object.entries(BADGES).map(([badge, code]) => [badge, groupStatus(code)]),
      ) as Record<keyof typeof BADGES, number>;
      const now = Date.now();
      const [main, oltc] = await Promise.all([dgaAt(tr, 'main_tank', now), dgaAt(tr, 'oltc', now)]);
      // The DGA badges say what their panels say: a D2 or T3 zone is at least a warning there, so on the picture too
      // (issue 26 item 8: the OLTC panel was orange for D2 while its badge I, and the health status, stayed green).
      if (main.new_result.zone) badges.h = Math.max(badges.h, main.status);
      if (oltc.new_result.zone) badges.i = Math.max(badges.i, oltc.status);
      const phaseOf = (tag: string) =>
        (/^locus_sum_([abc])$/.exec(tag)?.[1]?.toUpperCase() ?? null) as 'A' | 'B' | 'C' | null;
      const summaryHealthStatus = Math.max(...Object.values(badges));
      return {
        modelId: tr.model.id,
        status: tr.model.status,
        refreshedAt: new Date(now).toISOString(),
        a,
        ...groups,
        d: groups.d.map((item) => ({ ...item, phase: phaseOf(item.tagCode) })),
        dga: { main_tank: main.new_result, oltc: oltc.new_result },
        tr_diagram_status: { ...badges, summaryHealthStatus },
      };
    },

    /** Summary of any model (not only transformers): status, open fault events, last data time. */
    async modelSummary(modelId: string): Promise<ModelSummary> {
      const row = await repository.modelSummary(modelId);
      if (!row) throw notFound();
      return {
        id: row.id,
        modelCode: row.code,
        modelName: row.title,
        modelTypeId: row.model_type_id,
        isActive: row.is_active,
        status: row.status,
        openFaultEvents: row.open_events,
        alarmSince: row.is_active ? (row.alarm_since?.toISOString() ?? null) : null,
        lastDataAt: row.last_data_at?.toISOString() ?? null,
      };
    },

    /** Health monitoring trends: one M4-thinned series per tag of a sensor type or of a tab, with its limits. */
    async healthTrends(query: z.output<typeof trHealthQuery>): Promise<TrSeries[]> {
      const { modelId, sensorId, isNormal, width } = query;
      const tr = await transformer(modelId);
      const { fromS, toS } = rangeOf(
        query,
        isNormal ? TR_RANGE_LIMIT_DAYS.normal : TR_RANGE_LIMIT_DAYS.yearly,
      );
      const tab = tr.master.tabs.find((t) => t.id === sensorId && t.model_type_id === TRANSFORMER);
      const group =
        tab && tr.master.groups.find((g) => g.model_type_id === TRANSFORMER && g.code === tab.group_code);
      const sensors = tab
        ? tab.group_code === 'q'
          ? tr.settings.q_setting_in.map((row) => ({
              tag_code: row.score,
              name: `Anomaly ${row.tagA} × ${row.tagB}`,
              unit: '',
            }))
          : tr.sensors.filter((sensor) => sensor.group_id === group?.id)
        : tr.sensors.filter((sensor) => sensor.id === sensorId);
      if (!sensors.length)
        throw badRequest(`sensorId ${sensorId} is neither a transformer sensor type nor a tab.`);
      return Promise.all(
        sensors.map(async (sensor) => {
          const row = tr.series.get(sensor.tag_code);
          const points = row ? await timeseries.m4ToWidth(row.id, fromS, toS, width) : [];
          const limit = tr.limitOf(sensor.tag_code);
          return {
            tagCode: sensor.tag_code,
            name: sensor.name,
            unit: row?.unit || sensor.unit,
            warning: limit.warning,
            alarm: limit.alarm,
            timestamp: points.map((p) => p.t),
            data: points.map((p) => p.v),
          };
        }),
      );
    },

    /** DGA of the main tank or the OLTC at a time (default now). */
    async dgaResult(query: z.output<typeof trDgaResultQuery>): Promise<TrDgaResult> {
      const tr = await transformer(query.modelId);
      const at = query.datetime ? Date.parse(query.datetime) : Date.now();
      return dgaAt(tr, query.sensorType, at);
    },

    /** DGA samples over a range, each placed in Duval Triangle 1, evenly thinned to maxPoints. */
    async dgaRaw(query: z.output<typeof trDgaRawQuery>): Promise<TrDgaSample[]> {
      const { modelId, sensorType, maxPoints } = query;
      const tr = await transformer(modelId);
      const { fromS, toS } = rangeOf(query, TR_RANGE_LIMIT_DAYS.yearly);
      const tags = DGA_TAGS[sensorType];
      const ids = [tags.ch4, tags.c2h4, tags.c2h2].map((tag) => tr.series.get(tag)?.id);
      if (ids.some((id) => id === undefined)) return [];
      const picked = await repository.aligned(ids as number[], fromS, toS, maxPoints);
      return picked.map(({ t, v }) => {
        const [ch4, c2h4, c2h2] = v as [number, number, number];
        const result = duval({ ch4, c2h4, c2h2 });
        return {
          timeStamp: new Date(t).toISOString(),
          ch4,
          c2h4,
          c2h2,
          ch4_cal: result.ch4_level_cal,
          c2h4_cal: result.c2h4_level_cal,
          c2h2_cal: result.c2h2_level_cal,
          x: result.point.x,
          y: result.point.y,
          zone: result.zone,
        };
      });
    },

    /** Duval Triangle 1 zones: plot polygons and meanings. */
    dgaDetail(): TrDgaDetail {
      const polygons = duvalTriangle1PlotPolygons();
      return {
        zones: DUVAL_TRIANGLE_1_ZONES.map((zone) => ({
          zone,
          description: DUVAL_ZONE_DESCRIPTIONS[zone],
          polygon: polygons[zone],
        })),
      };
    },

    /** The manual calculator: Duval Triangle 1 of three gases in ppm. */
    dgaCalculate(gases: Gases) {
      const result = duval(gases);
      return {
        ...result,
        description: result.zone ? DUVAL_ZONE_DESCRIPTIONS[result.zone] : NO_GAS,
      };
    },

    /** Losses over a range, P0 + Pk·K², from the load factor and the rated losses (configuration 112, 113). */
    async losses(query: z.output<typeof trLossesQuery>): Promise<TrLosses> {
      const tr = await transformer(query.modelId);
      const { fromS, toS } = rangeOf(query, TR_RANGE_LIMIT_DAYS.yearly);
      const configuration = await repository.configuration(tr.model.id);
      const noLoadLossKw = Number(configuration.get('no_load_loss') ?? 'NaN');
      const ratedLoadLossKw = Number(configuration.get('load_loss') ?? 'NaN');
      if (
        !Number.isFinite(noLoadLossKw) ||
        !Number.isFinite(ratedLoadLossKw) ||
        noLoadLossKw < 0 ||
        ratedLoadLossKw < 0
      )
        throw badRequest(
          'Set the no-load loss and the load loss (kW) in the configuration information first.',
        );
      const row = tr.series.get('load_factor');
      if (!row) return { noLoadLossKw, ratedLoadLossKw, points: [], summary: null };
      const [points, sums] = await Promise.all([
        timeseries.m4ToWidth(row.id, fromS, toS, query.width),
        repository.losses(row.id, fromS, toS, noLoadLossKw, ratedLoadLossKw),
      ]);
      return {
        noLoadLossKw,
        ratedLoadLossKw,
        points: points.map((p) => {
          const k = Math.max(0, p.v / 100);
          const losses = transformerLosses(noLoadLossKw, ratedLoadLossKw, k);
          return [p.t, k, losses.loadW, losses.totalW] as [number, number, number, number];
        }),
        summary:
          sums && sums.n > 0
            ? {
                samples: sums.n,
                meanLoadFactor: sums.mean_k,
                meanTotalLossKw: noLoadLossKw + ratedLoadLossKw * sums.mean_k2,
                energyKwh: sums.energy,
              }
            : null,
      };
    },

    /** V–I loci of the model with their reference ellipses (settings v_and_i_locus_in). */
    async loci(modelId: string): Promise<TrLocusRow[]> {
      return locusRows(await transformer(modelId));
    },

    /** Captures of one locus, newest first; the newest two are the default present and last files. */
    async locusFiles(modelId: string, locusName: string): Promise<TrLocusFiles> {
      await transformer(modelId);
      const rows = await repository.locusCaptures(modelId, locusName);
      return {
        files: rows.map((row) => ({
          fileName: row.file_name,
          alias: row.alias || row.file_name,
          capturedAt: row.captured_at.toISOString(),
        })),
        default: {
          locusName,
          presentFile: rows[0]?.file_name ?? null,
          laseFile: rows[1]?.file_name ?? null,
        },
      };
    },

    /** V–I locus of the present and last captures against the reference: ellipses and the process table. */
    async locusResult(query: z.output<typeof trLocusResultQuery>): Promise<TrLocusResult> {
      const { modelId, locusName, presentFile, lastFile, width } = query;
      const tr = await transformer(modelId);
      const reference = locusRows(tr).find((row) => row.locus_name === locusName) ?? null;
      const fit = async (fileName: string) => {
        const capture = await repository.locusCapture(modelId, locusName, fileName);
        if (!capture) throw notFound(`The locus ${locusName} has no capture ${fileName}.`);
        if (capture.current.length !== capture.voltage.length)
          throw badRequest(`The current and voltage of ${fileName} differ in length.`);
        try {
          const locus = viLocus(capture.current, capture.voltage);
          const x = Float64Array.from(capture.current, (v) => v - locus.centreX);
          const y = Float64Array.from(capture.voltage, (v) => v - locus.centreY);
          const keep =
            x.length > width
              ? m4Indices(Float64Array.from(x.keys()), y, Math.ceil(width / 4))
              : Uint32Array.from(x.keys());
          return { locus, points: Array.from(keep, (i) => [x[i]!, y[i]!] as [number, number]) };
        } catch (error) {
          throw badRequest(`${fileName}: ${(error as Error).message}.`);
        }
      };
      const present = await fit(presentFile);
      const last = lastFile ? await fit(lastFile) : null;
      const params = (p: LocusParameters) => ({
        locus_name: locusName,
        a: p.a,
        b: p.b,
        angle: p.angle,
        e: p.e,
        area: p.area,
      });
      const comparison = compareLocus(present.locus, reference, last?.locus ?? null);
      return {
        locus_name: locusName,
        result_list: [
          ...(reference
            ? [{ sub_module: 'reference' as const, fileName: null, points: ellipse(reference) }]
            : []),
          ...(last ? [{ sub_module: 'last' as const, fileName: lastFile ?? null, points: last.points }] : []),
          { sub_module: 'present' as const, fileName: presentFile, points: present.points },
        ],
        table: {
          referance: reference,
          last: last ? params(last.locus) : null,
          present: params(present.locus),
          roc_present_last: comparison.rocPresentLast,
          roc_present_referance: comparison.rocPresentReference,
          status: comparison.status,
          fault_diag: comparison.faultDiagnosis,
          reactanceOhm: present.locus.reactanceOhm,
        },
      };
    },

    /** Correlation (anomaly) pairs of the model: score tag, tag A, tag B and limits. */
    async qSettings(modelId: string): Promise<TrQSetting[]> {
      return (await transformer(modelId)).settings.q_setting_in.map((row) => ({
        score: row.score,
        tagA: row.tagA,
        tagB: row.tagB,
        warning: row.warning,
        alarm: row.alarm,
      }));
    },

    /** Anomaly score trend of one pair (computed by the analysis job) with its limits. */
    async scoreResult(query: z.output<typeof trScoreQuery>): Promise<TrScoreResult> {
      const { modelId, score, width } = query;
      const tr = await transformer(modelId);
      const { fromS, toS } = rangeOf(query, TR_RANGE_LIMIT_DAYS.yearly);
      const setting = tr.settings.q_setting_in.find((row) => row.score === score);
      if (!setting) throw notFound(`This model has no correlation score ${score}.`);
      const row = tr.series.get(score);
      const points = row ? await timeseries.m4ToWidth(row.id, fromS, toS, width) : [];
      return {
        tagScore: score,
        warning: setting.warning,
        alarm: setting.alarm,
        timestamp: points.map((p) => p.t),
        data: points.map((p) => p.v),
      };
    },

    /** Tag A against tag B at the same instants, with the least-squares baseline (none under 3 pairs). */
    async tagResult(query: z.output<typeof trTagQuery>): Promise<TrTagResult> {
      const { modelId, tagA, tagB, maxPoints } = query;
      const tr = await transformer(modelId);
      const { fromS, toS } = rangeOf(query, TR_RANGE_LIMIT_DAYS.yearly);
      const a = tr.series.get(tagA);
      const b = tr.series.get(tagB);
      if (!a) throw notFound(`This model has no series ${tagA}.`);
      if (!b) throw notFound(`This model has no series ${tagB}.`);
      const rows = await repository.aligned([a.id, b.id], fromS, toS, maxPoints);
      const pairs = rows.map(({ t, v }) => [t, v[0]!, v[1]!] as [number, number, number]);
      let baseline = null;
      try {
        const fit = learnCorrelationBaseline(
          rows.map((row) => row.v[0]!),
          rows.map((row) => row.v[1]!),
        );
        baseline = { slope: fit.slope, intercept: fit.intercept, residualScale: fit.residualScale };
      } catch {
        // Fewer than 3 pairs or a constant tag A: no baseline.
      }
      return { tagA, tagB, unitA: a.unit, unitB: b.unit, pairs, baseline };
    },
  };
}

export type TransformerService = ReturnType<typeof createTransformerService>;
