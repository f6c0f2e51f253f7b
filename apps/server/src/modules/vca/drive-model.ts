import { initialLifeUsed, remainingLifeTrace, rulStatus } from '@sdp/analytics';
import type { ModelSettings } from '@sdp/contracts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { limitsOf, type TagLimit, tagStatus } from '../analysis/limits.ts';
import type { MasterData, MasterRepository } from '../models/master.repository.ts';
import type { ModelsRepository } from '../models/models.repository.ts';
import { readSettings } from '../models/settings.ts';
import type { SeriesRow, TimeseriesRepository } from '../timeseries/timeseries.repository.ts';
import type { VcaRepository } from './vca.repository.ts';

export const VCA_TYPE = 3;

/**
 * The parts of a drive and the tags whose worst status is theirs (spec 02 §3 "VCA diagram items" and "Overall
 * status rows"): remaining-life parts by their RUL class, the others by their readings' limits.
 */
export const VCA_PARTS = {
  dc_link_capacitor: ['dc_link_capacitor'],
  cooling_fan: ['cooling_fan'],
  rul: ['dc_link_capacitor', 'cooling_fan'],
  environment: ['cabinet_temperature'],
  stress: ['motor_load', 'output_current', 'dc_ripple'],
  power_unit: ['dc_bus_voltage', 'output_current', 'heatsink_temperature'],
  temperature: ['heatsink_temperature', 'control_card_temperature', 'cabinet_temperature'],
  inverter: ['output_current', 'heatsink_temperature'],
  rectifier: ['dc_bus_voltage', 'dc_ripple'],
  control_card: ['control_card_temperature'],
} as const;
export type VcaPart = keyof typeof VCA_PARTS;

export interface DriveModel {
  model: { id: string; code: string; title: string; model_type_id: number };
  settings: ModelSettings;
  master: MasterData;
  series: Map<string, SeriesRow>;
  limitOf(tag: string): TagLimit;
  nameOf(tag: string): string;
  unitOf(tag: string): string;
  /** Worst status of a part's tags; -1 when none has data. `life`: remaining-life parts' RUL classes. */
  partStatus(part: VcaPart, life?: ReadonlyMap<string, number>): number;
}

/** What a drive is loaded from: its model row and settings, the master data and its series. */
export interface DriveModelDeps {
  models: Pick<ModelsRepository, 'find' | 'settings'>;
  master: Pick<MasterRepository, 'get'>;
  timeseries: Pick<TimeseriesRepository, 'series' | 'm4ToWidth'>;
}

/** Loads a VCA model for its calls; unknown answers 404, another type 400 naming `modelId`. */
export async function loadDriveModel(deps: DriveModelDeps, modelId: string): Promise<DriveModel> {
  const model = await deps.models.find(modelId);
  if (!model) throw notFound();
  if (model.model_type_id !== VCA_TYPE)
    throw badRequest(
      `modelId: this call is for VCA models (type 3); this model is type ${model.model_type_id}.`,
    );
  const [stored, master, rows] = await Promise.all([
    deps.models.settings(modelId),
    deps.master.get(),
    deps.timeseries.series(modelId),
  ]);
  const settings = readSettings(stored?.document, model.title);
  const series = new Map(rows.map((row) => [row.tag, row]));
  const limitOf = limitsOf(settings, master, VCA_TYPE);
  const sensors = master.sensorTypes.filter((sensor) => sensor.model_type_id === VCA_TYPE);
  const sensor = (tag: string) => sensors.find((s) => s.tag_code === tag);
  return {
    model,
    settings,
    master,
    series,
    limitOf,
    nameOf: (tag) => sensor(tag)?.name ?? tag,
    unitOf: (tag) => series.get(tag)?.unit || sensor(tag)?.unit || '',
    partStatus(part, life) {
      const statuses = VCA_PARTS[part].map(
        (tag) => life?.get(tag) ?? tagStatus(series.get(tag), limitOf(tag)),
      );
      return Math.max(...statuses);
    },
  };
}

/** Range of a query in seconds: reversed answers 400 naming `endDate`, longer than `limitDays` too. */

/** The remaining-life row of a part; 404 naming `tagCode` when the model does not follow that part. */
export function lifeRow(vca: DriveModel, tagCode: string) {
  const row = vca.settings.vsd_alarm_limit_sensor_new_in.find((candidate) => candidate.tagCode === tagCode);
  if (!row) throw notFound(`tagCode: this model has no remaining-life row for ${tagCode}.`);
  return row;
}

/**
 * Miner's rule along a part's whole temperature history `<tagCode>.temperature` up to `toS` (ANALYTICS.md §5):
 * rated life L0 (h) at T0, initial use initial_day × avg_rate over the expected life in hours (L0 without one),
 * the part running avg_rate hours a day.
 */
export async function remainingLifeOf(
  repository: Pick<VcaRepository, 'historyUntil'>,
  vca: DriveModel,
  tagCode: string,
  toS: number,
) {
  const row = lifeRow(vca, tagCode);
  const temperatures = vca.series.get(`${tagCode}.temperature`);
  if (!temperatures || row.l0 === null || row.tmax === null) return { row, samples: [], trace: [] };
  const samples = await repository.historyUntil(temperatures.id, toS);
  const initial = initialLifeUsed(row.initial_day, row.avg_rate, row.expectedLifeTime ?? row.l0);
  const trace = remainingLifeTrace(
    samples,
    { ratedLifeHours: row.l0, ratedTemperatureC: row.tmax },
    initial,
    row.avg_rate,
  );
  return { row, samples, trace };
}

/** RUL class now (spec 02 §4) of each remaining-life part of the model, by tag code. */
export async function lifeStatuses(
  repository: Pick<VcaRepository, 'historyUntil'>,
  vca: DriveModel,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const row of vca.settings.vsd_alarm_limit_sensor_new_in) {
    if (!row.tagCode) continue;
    const last = (await remainingLifeOf(repository, vca, row.tagCode, Date.now() / 1000 + 1)).trace.at(-1);
    out.set(row.tagCode, last ? rulStatus(last.rulPercent, last.remainingYears) : -1);
  }
  return out;
}
