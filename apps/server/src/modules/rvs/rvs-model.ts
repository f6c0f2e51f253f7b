import type { ModelSettings } from '@sdp/contracts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import {
  type MarkContext,
  measuredShaftHz,
  positiveConfig,
  sensorMarkContext,
} from '../analysis/capture-diagnosis.ts';
import { limitsOf, type TagLimit, tagStatus } from '../analysis/limits.ts';
import type { MasterRepository } from '../models/master.repository.ts';
import type { ModelsRepository } from '../models/models.repository.ts';
import { readSettings } from '../models/settings.ts';
import type { SeriesRow, TimeseriesRepository } from '../timeseries/timeseries.repository.ts';
import type { VibrationCapture } from './rvs.repository.ts';

export const RVS_TYPE = 5;
export type RvsSensorConfig = ModelSettings['raw_vibration_sensor_in'][number];

export interface RvsModel {
  model: { id: string; code: string; title: string };
  sensors: readonly RvsSensorConfig[];
  series: ReadonlyMap<string, SeriesRow>;
  limitOf(tag: string): TagLimit;
  /** The sensor of the model; 404 naming `sensor` when the model has none by that id. */
  sensor(sensorId: string): RvsSensorConfig;
  /** Bearing geometry (catalogue), configured shaft speed, gear teeth and impeller vanes of a sensor. */
  markContext(sensor: RvsSensorConfig): MarkContext;
  /** Running speed: the sensor's, else the model configuration's 'Rotational speed', else measured from the capture. */
  shaftSpeed(
    sensor: RvsSensorConfig,
    capture: VibrationCapture,
  ): { hz: number | null; source: 'sensor' | 'configuration' | 'measured' | null };
  /** Recommendation per failure mode from the model's recommendation workbook (tag code = mode). */
  recommendations(): Promise<Map<string, string>>;
  /** Worst status of a sensor's overall values, temperature and battery; -1 without any. */
  sensorStatus(sensor: RvsSensorConfig): number;
  reading(tag: string): {
    value: number | null;
    status: number;
    info: { warning: number | null; alarm: number | null };
  };
  lastSeen(sensor: RvsSensorConfig): string | null;
}

/** What loading an RVS model reads: the model, its settings, configuration and advice, master data, its series. */
export interface RvsModelDeps {
  models: Pick<ModelsRepository, 'find' | 'settings' | 'configurations' | 'recommendations'>;
  master: Pick<MasterRepository, 'get'>;
  timeseries: Pick<TimeseriesRepository, 'series' | 'm4ToWidth'>;
}

/** Loads an RVS model for its calls; unknown answers 404, another type 400 naming `modelId`. */
export async function loadRvsModel(deps: RvsModelDeps, modelId: string): Promise<RvsModel> {
  const model = await deps.models.find(modelId);
  if (!model) throw notFound();
  if (model.model_type_id !== RVS_TYPE)
    throw badRequest(
      `modelId: this call is for RVS models (type 5); this model is type ${model.model_type_id}.`,
    );
  const [stored, master, rows, configurations] = await Promise.all([
    deps.models.settings(modelId),
    deps.master.get(),
    deps.timeseries.series(modelId),
    deps.models.configurations(modelId),
  ]);
  const settings = readSettings(stored?.document, model.title);
  const series = new Map(rows.map((row) => [row.tag, row]));
  const limitOf = limitsOf(settings, master, RVS_TYPE);
  const config = (tag: string) =>
    configurations.find((item) => item.tag_code === tag && item.selected)?.value;
  const sensors = settings.raw_vibration_sensor_in;
  const reading = (tag: string) => {
    const row = series.get(tag);
    const limit = limitOf(tag);
    return {
      value: row?.last_value ?? null,
      status: tagStatus(row, limit),
      info: { warning: limit.warning, alarm: limit.alarm },
    };
  };
  const tagsOf = (sensor: RvsSensorConfig) => [
    ...['velocity', 'acceleration', 'envelope'].flatMap((quantity) =>
      ['x', 'y', 'z'].map((axis) => `${sensor.sensorId}.${quantity}.${axis}`),
    ),
    `${sensor.sensorId}.temperature`,
    `${sensor.sensorId}.battery`,
  ];
  return {
    model,
    sensors,
    series,
    limitOf,
    sensor(sensorId) {
      const found = sensors.find((sensor) => sensor.sensorId === sensorId);
      if (!found) throw notFound(`sensor: this model has no sensor ${sensorId}.`);
      return found;
    },
    markContext(sensor) {
      return sensorMarkContext(sensor, config, master.bearings);
    },
    shaftSpeed(sensor, capture) {
      if (sensor.rotatingSpeed) return { hz: sensor.rotatingSpeed / 60, source: 'sensor' };
      const configured = positiveConfig(config('rotational_speed'));
      if (configured) return { hz: configured / 60, source: 'configuration' };
      const measured = measuredShaftHz(capture.samples, capture.sample_rate);
      return { hz: measured, source: measured === null ? null : 'measured' };
    },
    async recommendations() {
      const rows = await deps.models.recommendations(modelId);
      return new Map(
        rows.filter((row) => row.recommendation).map((row) => [row.tag_code, row.recommendation]),
      );
    },
    sensorStatus(sensor) {
      return Math.max(-1, ...tagsOf(sensor).map((tag) => reading(tag).status));
    },
    reading,
    lastSeen(sensor) {
      const times = tagsOf(sensor).flatMap((tag) => {
        const ts = series.get(tag)?.last_ts;
        return ts ? [ts.getTime()] : [];
      });
      return times.length ? new Date(Math.max(...times)).toISOString() : null;
    },
  };
}
