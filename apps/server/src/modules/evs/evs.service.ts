import {
  EVS_BATTERY_UNIT,
  type EvsResult,
  type EvsRole,
  type EvsSensorType,
  type EvsStatus,
  type evsResultQuery,
} from '@sdp/contracts';
import type { z } from 'zod';
import { rangeOf } from '../../lib/date-range.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { statusAgainst } from '../analysis/limits.ts';
import type { MasterRepository } from '../models/master.repository.ts';
import type { ModelsRepository } from '../models/models.repository.ts';
import { readSettings } from '../models/settings.ts';
import type { TimeseriesRepository } from '../timeseries/timeseries.repository.ts';

/** What the EVS calls read: the model and its settings, the master data's sensor points, the sensors' series. */
export interface EvsServiceDeps {
  models: Pick<ModelsRepository, 'find' | 'settings'>;
  master: Pick<MasterRepository, 'get'>;
  timeseries: Pick<TimeseriesRepository, 'series' | 'm4ToWidth'>;
}

type ResultQuery = z.output<typeof evsResultQuery>;

const EVS_TYPE = 4;
/** Longest range of a 'Last 6 months' query and of any other, in days (as the other dashboards). */
const RANGE_LIMIT_DAYS = { normal: 186, yearly: 3660 } as const;
/** Units of spec 02 §9: acceleration m/s², velocity mm/s, temperature °C. */
const QUANTITIES: { type: EvsSensorType; key: 'acceleration' | 'temperature' | 'velocity'; unit: string }[] =
  [
    { type: 'Acceleration', key: 'acceleration', unit: 'm/s²' },
    { type: 'Temperature', key: 'temperature', unit: '°C' },
    { type: 'Velocity', key: 'velocity', unit: 'mm/s' },
  ];

/**
 * Where a sensor sits in the train, from its sensor point (master data `sensor_points`): motor points are the
 * driver, gearbox points the transmission, the pump and fan points the driven machine.
 */
function roleOf(sensorPointId: number): EvsRole {
  if (sensorPointId === 1 || sensorPointId === 2) return 'driver';
  if (sensorPointId === 3 || sensorPointId === 4) return 'transmission';
  return 'driven';
}

/**
 * EVS dashboard figures (spec 02 §2.5, §2.7, §7): statuses and chart data from the sensors' stored readings. An
 * unknown model answers 404, a model of another type 400 naming `modelId`.
 */
export function createEvsService({ models, master, timeseries }: EvsServiceDeps) {
  async function evsModel(modelId: string) {
    const model = await models.find(modelId);
    if (!model) throw notFound();
    if (model.model_type_id !== EVS_TYPE)
      throw badRequest(
        `modelId: this call is for EVS models (type 4); this model is type ${model.model_type_id}.`,
      );
    const [stored, data, rows] = await Promise.all([
      models.settings(modelId),
      master.get(),
      timeseries.series(modelId),
    ]);
    const settings = readSettings(stored?.document, model.title);
    const points = new Map(data.sensorPoints.map((point) => [point.id, point.name]));
    const machines = new Map(data.machineTemplates.map((template) => [template.id, template.name]));
    const sensors = settings.vibration_sensor_in
      .filter((row) => row.selected)
      .map((row) => ({
        ...row,
        role: roleOf(row.sensorPointId),
        point: points.get(row.sensorPointId) ?? '',
        machine: machines.get(row.machineTemplateId) ?? '',
      }));
    return { model, sensors, series: new Map(rows.map((row) => [row.tag, row])) };
  }

  return {
    /** Driver, transmission, driven and overall statuses, and every selected sensor's readings with limits. */
    async status(modelId: string): Promise<EvsStatus> {
      const evs = await evsModel(modelId);
      let latest = 0;
      const sensors = evs.sensors.map((sensor) => {
        const readings = QUANTITIES.map(({ type, key, unit }) => {
          const row = evs.series.get(`${sensor.sensorId}.${key}`);
          const { warning, alarm } = sensor[key];
          // New rows start at 0/0 (spec 02 §4): no limit until the user sets one.
          const limit =
            warning === 0 && alarm === 0
              ? { warning: null, alarm: null, direction: 'high' as const }
              : { warning, alarm, direction: 'high' as const };
          const value = row?.last_value ?? null;
          if (row?.last_ts) latest = Math.max(latest, row.last_ts.getTime());
          return {
            type,
            unit: row?.unit || unit,
            value,
            warning: limit.warning,
            alarm: limit.alarm,
            status: value === null ? -1 : (row?.status ?? statusAgainst(value, limit)),
            timestamp: row?.last_ts?.toISOString() ?? null,
          };
        });
        const battery = evs.series.get(`${sensor.sensorId}.battery`);
        return {
          uid: sensor.sensorId,
          sensorName: sensor.sensorName,
          sensorPoint: sensor.point,
          machine: sensor.machine,
          role: sensor.role,
          status: Math.max(...readings.map((reading) => reading.status)),
          readings,
          battery: {
            value: battery?.last_value ?? null,
            unit: battery?.unit || EVS_BATTERY_UNIT,
            timestamp: battery?.last_ts?.toISOString() ?? null,
          },
        };
      });
      // EVS statuses default to -1 (spec 02 §4) when a part has no sensor or no data.
      const roleStatus = (role: EvsRole) =>
        Math.max(-1, ...sensors.filter((sensor) => sensor.role === role).map((sensor) => sensor.status));
      const driverStatus = roleStatus('driver');
      const transmissionStatus = roleStatus('transmission');
      const drivenStatus = roleStatus('driven');
      return {
        id: evs.model.id,
        modelCode: evs.model.code,
        timestamp: latest ? new Date(latest).toISOString() : null,
        overAllEquipmentStatus: Math.max(driverStatus, transmissionStatus, drivenStatus),
        driverStatus,
        transmissionStatus,
        drivenStatus,
        sensors,
      };
    },

    /** One line per selected sensor of the query's quantity, with its Alarm and Warning, M4 to the width. */
    async result(query: ResultQuery): Promise<EvsResult> {
      const { fromS, toS } = rangeOf(
        query,
        query.isNormal ? RANGE_LIMIT_DAYS.normal : RANGE_LIMIT_DAYS.yearly,
      );
      const evs = await evsModel(query.modelId);
      const quantity = QUANTITIES.find((candidate) => candidate.type === query.groupCode)!;
      const series = [];
      for (const sensor of evs.sensors) {
        const row = evs.series.get(`${sensor.sensorId}.${quantity.key}`);
        const points = row ? await timeseries.m4ToWidth(row.id, fromS, toS, query.width) : [];
        const { warning, alarm } = sensor[quantity.key];
        const unset = warning === 0 && alarm === 0;
        series.push({
          uid: sensor.sensorId,
          sensorName: sensor.sensorName,
          role: sensor.role,
          warning: unset ? null : warning,
          alarm: unset ? null : alarm,
          timestamp: points.map((point) => point.t),
          data: points.map((point) => point.v),
        });
      }
      return { type: quantity.type, unit: quantity.unit, series };
    },
  };
}

export type EvsService = ReturnType<typeof createEvsService>;
