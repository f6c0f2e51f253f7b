import { valueStatus } from '@sdp/analytics';
import type { ModelSettings } from '@sdp/contracts';
import type { MasterData } from '../models/master.repository.ts';
import type { SeriesRow } from '../timeseries/timeseries.repository.ts';

/**
 * The gases of Duval Triangle 1 per DGA sensor of a transformer (the OLTC has its own methane sensor since migration
 * 0015): the transformer page's DGA panels (H, I) and the analysis' zone status read the same tags.
 */
export const DGA_GAS_TAGS = {
  main_tank: { ch4: 'ch4', c2h4: 'c2h4', c2h2: 'c2h2' },
  oltc: { ch4: 'oltc_ch4', c2h4: 'oltc_c2h4', c2h2: 'oltc_c2h2' },
} as const;

export interface MonitoredLimit {
  tag: string;
  name: string;
  /** The part of the model the tag belongs to: a transformer group b–j, an MCA or VCA group, an EVS or RVS sensor. */
  component: string;
  /** The sensor named in fault events. */
  sensorId: string;
  warning: number | null;
  alarm: number | null;
  direction: 'high' | 'low';
  /** Only alerting tags raise fault events; every monitored tag counts towards statuses. */
  alert: boolean;
  /**
   * An overall value that also learns a baseline (issue 25 item 4): vibration velocity, acceleration and envelope,
   * MCA indicators, VCA trend signals. Temperatures, batteries and transformer readings keep their fixed limits only.
   */
  learns: boolean;
  /** The value is a level in dB (MCA indicators): its learned band's floor is a share of the amplitude. */
  decibel?: boolean;
}

/** Every tag a model's configuration monitors, with its limits (spec 02 §3 rows, spec 03 §3 RVS limits). */
export function monitoredLimits(settings: ModelSettings, master: MasterData): Map<string, MonitoredLimit> {
  const limits = new Map<string, MonitoredLimit>();
  const sensors = new Map(master.sensorTypes.map((sensor) => [sensor.id, sensor]));
  const groups = new Map(master.groups.map((group) => [group.id, group.code]));
  const learning = new Set([
    ...settings.mca_alarm_limit_sensor_new,
    ...settings.vsd_trend_signal_alarm_limit_sensor,
  ]);
  const rows = [
    ...settings.alarm_limit_sensor_new_in,
    ...settings.mca_alarm_limit_sensor_new,
    ...settings.vsd_alarm_limit_sensor_new_in,
    ...settings.vsd_tag_alarm_limit_in,
    ...settings.vsd_trend_signal_alarm_limit_sensor,
  ];
  for (const row of rows) {
    const sensor = sensors.get(row.sensorTypeId);
    if (!sensor || !row.isSelect) continue;
    limits.set(sensor.tag_code, {
      tag: sensor.tag_code,
      name: sensor.name,
      component: groups.get(sensor.group_id) ?? 'other',
      sensorId: sensor.tag_code,
      warning: row.warning,
      alarm: row.alarm,
      direction: sensor.direction,
      alert: row.isAlert,
      learns: learning.has(row),
      decibel: sensor.unit === 'dB',
    });
  }
  for (const row of settings.vibration_sensor_in) {
    if (!row.selected) continue;
    for (const quantity of ['acceleration', 'velocity', 'temperature'] as const) {
      const { warning, alarm } = row[quantity];
      limits.set(`${row.sensorId}.${quantity}`, {
        tag: `${row.sensorId}.${quantity}`,
        name: `${row.sensorName} ${quantity}`,
        component: row.sensorId,
        sensorId: row.sensorId,
        // New rows start at 0/0 (spec 02 §4): no limit until the user sets one.
        warning: warning === 0 && alarm === 0 ? null : warning,
        alarm: warning === 0 && alarm === 0 ? null : alarm,
        direction: 'high',
        alert: true,
        learns: quantity !== 'temperature',
      });
    }
  }
  for (const row of settings.raw_vibration_sensor_in) {
    for (const limit of row.limits) {
      const tag = `${row.sensorId}.${limit.type}.${limit.axis}`;
      limits.set(tag, {
        tag,
        name: `${row.sensorName} ${limit.type} ${row.axisLabels[limit.axis]}`,
        component: row.sensorId,
        sensorId: row.sensorId,
        warning: limit.warning,
        alarm: limit.alarm,
        direction: 'high',
        alert: true,
        learns: true,
      });
    }
    limits.set(`${row.sensorId}.temperature`, {
      tag: `${row.sensorId}.temperature`,
      name: `${row.sensorName} temperature`,
      component: row.sensorId,
      sensorId: row.sensorId,
      warning: row.temperatureLimit.warning,
      alarm: row.temperatureLimit.alarm,
      direction: 'high',
      alert: true,
      learns: false,
    });
    limits.set(`${row.sensorId}.battery`, {
      tag: `${row.sensorId}.battery`,
      name: `${row.sensorName} battery`,
      component: row.sensorId,
      sensorId: row.sensorId,
      warning: row.batteryLimit.warning,
      alarm: row.batteryLimit.alarm,
      direction: 'low',
      alert: true,
      learns: false,
    });
  }
  for (const row of settings.q_setting_in) {
    limits.set(row.score, {
      tag: row.score,
      name: `Anomaly ${row.tagA} × ${row.tagB}`,
      component: 'q',
      sensorId: row.score,
      warning: row.warning,
      alarm: row.alarm,
      direction: 'high',
      alert: true,
      learns: false,
    });
  }
  return limits;
}

export interface TagLimit {
  warning: number | null;
  alarm: number | null;
  direction: 'high' | 'low';
}

/** Spec 02 §4: at or beyond alarm 2, at or beyond warning 1, else 0; -1 without a value. */
export function statusAgainst(value: number | null, limit: TagLimit): number {
  if (value === null) return -1;
  if (limit.warning === null || limit.alarm === null) return 0;
  return valueStatus(value, { warning: limit.warning, alarm: limit.alarm, direction: limit.direction });
}

/** A tag's status: the analysis' persisted status ('X out of Y') when it has one, else the last value's. */
export function tagStatus(row: SeriesRow | undefined, limit: TagLimit): number {
  if (!row || row.last_value === null) return -1;
  return row.status ?? statusAgainst(row.last_value, limit);
}

/** Limits of a model's tags: its settings' monitored rows, else the master data's defaults. */
export function limitsOf(settings: ModelSettings, master: MasterData, typeId: number) {
  const monitored = monitoredLimits(settings, master);
  const sensors = master.sensorTypes.filter((sensor) => sensor.model_type_id === typeId);
  return (tag: string): TagLimit => {
    const set = monitored.get(tag);
    if (set) return { warning: set.warning, alarm: set.alarm, direction: set.direction };
    const sensor = sensors.find((s) => s.tag_code === tag);
    return {
      warning: sensor?.default_warning ?? null,
      alarm: sensor?.default_alarm ?? null,
      direction: sensor?.direction ?? 'high',
    };
  };
}
