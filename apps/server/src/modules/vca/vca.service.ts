import {
  amplitudeSpectrum,
  formatRulPercent,
  formatRulYears,
  rulStatus,
  spectrumFrequencies,
  toDb,
} from '@sdp/analytics';
import {
  VCA_RANGE_LIMIT_DAYS,
  type VcaDiagram,
  type VcaFile,
  type VcaFrequency,
  type VcaOverallItem,
  type VcaOverallStatusRow,
  type VcaRulResult,
  type VcaTemperatureResult,
  type VcaTimeDomain,
  type vcaLifeQuery,
  vcaLifeTag,
  type vcaTrendQuery,
  type vcaTrendSeries,
} from '@sdp/contracts';
import type { z } from 'zod';
import { rangeOf } from '../../lib/date-range.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { tagStatus } from '../analysis/limits.ts';
import {
  type DriveModelDeps,
  lifeRow,
  lifeStatuses,
  loadDriveModel,
  remainingLifeOf,
  VCA_PARTS,
  VCA_TYPE,
} from './drive-model.ts';
import type { VcaRepository } from './vca.repository.ts';

/** What the VCA calls read: the module's own stored data, and the models, master data and series they share. */
export interface VcaServiceDeps extends DriveModelDeps {
  repository: Pick<VcaRepository, 'historyUntil' | 'captures' | 'capture'>;
}

type TrendQuery = z.output<typeof vcaTrendQuery>;
type LifeQuery = z.output<typeof vcaLifeQuery>;
type TrendSeries = z.output<typeof vcaTrendSeries>;
/** Part statuses of a drive's row in the company-wide VCA table (spec 02 §3 "Overall status rows"). */
export type VcaSummaryParts = Omit<VcaOverallStatusRow, 'equipment_name' | 'model_id' | 'model_name'>;

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

/**
 * VCA dashboard figures (spec 02 §2.5–2.7, §7) from stored series and captures through @sdp/analytics. An unknown
 * model answers 404, a model of another type 400 naming `modelId`.
 */
export function createVcaService(deps: VcaServiceDeps) {
  const { repository, timeseries } = deps;
  const drive = (modelId: string) => loadDriveModel(deps, modelId);

  async function captureOf(modelId: string, fileName: string) {
    await drive(modelId);
    const capture = await repository.capture(modelId, fileName);
    if (!capture) throw notFound(`fileName: this model has no capture ${fileName}.`);
    return capture;
  }

  return {
    /** Part statuses and overall health, the Percent of Load gauge and the VSD Status card. */
    async diagram(modelId: string): Promise<VcaDiagram> {
      const vca = await drive(modelId);
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

    /** Trend signals of a sensor type or alarm-limit group (all trend groups without one), M4 to the width. */
    async trendSignals(query: TrendQuery): Promise<TrendSeries[]> {
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

    /** A part's remaining life (% and years) along the range, thinned to the width; Miner's sum over its history. */
    async rul(query: LifeQuery): Promise<VcaRulResult> {
      const { fromS, toS } = rangeOf(query, VCA_RANGE_LIMIT_DAYS.yearly);
      const vca = await drive(query.modelId);
      const { row, samples, trace } = await remainingLifeOf(repository, vca, query.tagCode, toS);
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
        status: kept.map((point) => rulStatus(point.rulPercent, point.remainingYears)),
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

    /** A part's temperature along the range with its limits: alarm at the rated T0, warning 10 °C below. */
    async temperature(query: LifeQuery): Promise<VcaTemperatureResult> {
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

    /** Remaining life now of each remaining-life part (% and years) with its RUL class (spec 02 §4). */
    async overall(modelId: string): Promise<VcaOverallItem[]> {
      const vca = await drive(modelId);
      const out: VcaOverallItem[] = [];
      for (const row of vca.settings.vsd_alarm_limit_sensor_new_in) {
        const parsed = vcaLifeTag.safeParse(row.tagCode);
        if (!parsed.success) continue;
        const tagCode = parsed.data;
        const { samples, trace } = await remainingLifeOf(repository, vca, tagCode, Date.now() / 1000 + 1);
        const last = trace.at(-1);
        out.push({
          status: last ? rulStatus(last.rulPercent, last.remainingYears) : -1,
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

    /**
     * The part statuses of the drive's row in the company-wide table: cooling fan and DC-link capacitor by
     * their RUL class, the other parts by their readings' limits.
     */
    async summaryParts(modelId: string): Promise<VcaSummaryParts> {
      const vca = await drive(modelId);
      const life = await lifeStatuses(repository, vca);
      const parts = {
        'cooling-fan': vca.partStatus('cooling_fan', life),
        'dc-link-capacitor': vca.partStatus('dc_link_capacitor', life),
        inverter: vca.partStatus('inverter'),
        rectifier: vca.partStatus('rectifier'),
        stress: vca.partStatus('stress'),
        'control-card': vca.partStatus('control_card'),
      };
      return { ...parts, 'overall-status': Math.max(...Object.values(parts)) };
    },

    /** Output-current captures for 'Select FileName', newest first. */
    async files(modelId: string): Promise<VcaFile[]> {
      await drive(modelId);
      const rows = await repository.captures(modelId, FILES_LISTED);
      return rows.map((row) => ({
        fileName: row.file_name,
        alias: row.captured_at.toISOString(),
        capturedAt: row.captured_at.toISOString(),
      }));
    },

    /** Ia, Ib, Ic (A) of a capture against seconds; an unknown capture answers 404 naming `fileName`. */
    async timeDomain(modelId: string, fileName: string): Promise<VcaTimeDomain> {
      const capture = await captureOf(modelId, fileName);
      const n = Math.min(capture.a.length, capture.b.length, capture.c.length);
      const points = Array.from({ length: n }, (_, i) => ({
        ts: i / capture.sampleRateHz,
        Ia: capture.a[i]!,
        Ib: capture.b[i]!,
        Ic: capture.c[i]!,
      }));
      return { fileName, sampleRateHz: capture.sampleRateHz, points };
    },

    /** Spectrum of a capture: IA, IB, IC in dB re 1 A (Hann, peak) against Hz, up to 1 kHz. */
    async frequency(modelId: string, fileName: string): Promise<VcaFrequency> {
      const capture = await captureOf(modelId, fileName);
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
      return { fileName, resolutionHz: spectra[0]!.resolutionHz, points };
    },
  };
}

export type VcaService = ReturnType<typeof createVcaService>;
