import type { ModelSettings } from '@sdp/contracts';

export type VibrationSensorRow = ModelSettings['vibration_sensor_in'][number];
export type RawVibrationSensorRow = ModelSettings['raw_vibration_sensor_in'][number];
export type RvsLimit = RawVibrationSensorRow['limits'][number];
export type RvsQuantity = RvsLimit['type'];
export type RvsAxis = RvsLimit['axis'];
type WarningAlarm = { warning: number; alarm: number };

export const RVS_QUANTITIES: readonly RvsQuantity[] = ['acceleration', 'velocity', 'envelope'];
export const RVS_AXES: readonly RvsAxis[] = ['x', 'y', 'z'];
export const MACHINES: readonly RawVibrationSensorRow['machine'][] = ['driver', 'transmission', 'driven'];

/** Spec 03 §3: a raw vibration sensor names its axes horizontal, vertical and axial unless told otherwise. */
export const DEFAULT_AXIS_LABELS: RawVibrationSensorRow['axisLabels'] = { x: 'H', y: 'V', z: 'A' };

/** Spec 02 §4: a new EVS sensor row has every warning and alarm at 0, sensor point 1 and machine template 1. */
export function newVibrationSensorRow(): VibrationSensorRow {
  return {
    sensorId: '',
    sensorName: '',
    acceleration: { warning: 0, alarm: 0 },
    velocity: { warning: 0, alarm: 0 },
    temperature: { warning: 0, alarm: 0 },
    sensorPointId: 1,
    machineTemplateId: 1,
    selected: true,
  };
}

/** Default limits of a new RVS sensor, from the RVS sensor types of the alarm limit master (by tag code). */
export type RvsDefaults = Partial<Record<RvsQuantity | 'temperature' | 'battery', WarningAlarm>>;

// The server's own defaults for a row without limits (contracts `rawVibrationSensorRow`).
const TEMPERATURE_DEFAULT: WarningAlarm = { warning: 80, alarm: 95 };
const BATTERY_DEFAULT: WarningAlarm = { warning: 20, alarm: 10 };

/**
 * A new RVS sensor row: axis labels H/V/A, driver side, no bearing or speed yet, and for every quantity with a
 * default the same warning and alarm on all three axes.
 */
export function newRawVibrationSensorRow(defaults: RvsDefaults = {}): RawVibrationSensorRow {
  const limits = RVS_QUANTITIES.flatMap((type) => {
    const limit = defaults[type];
    return limit ? RVS_AXES.map((axis) => ({ type, axis, ...limit })) : [];
  });
  return {
    sensorId: '',
    sensorName: '',
    positionType: '',
    machine: 'driver',
    bearingId: null,
    rotatingSpeed: null,
    axisLabels: { ...DEFAULT_AXIS_LABELS },
    limits,
    temperatureLimit: { ...(defaults.temperature ?? TEMPERATURE_DEFAULT) },
    batteryLimit: { ...(defaults.battery ?? BATTERY_DEFAULT) },
  };
}

/** The limit of one quantity on one axis, if the row has one. */
export function findRvsLimit(
  row: RawVibrationSensorRow,
  type: RvsQuantity,
  axis: RvsAxis,
): RvsLimit | undefined {
  return row.limits.find((limit) => limit.type === type && limit.axis === axis);
}

/**
 * A row after one warning or alarm of a quantity and axis changed. A missing limit is created (its other value
 * left for the user, NaN); a limit whose two values are both emptied goes away: that axis is not monitored.
 */
export function setRvsLimit(
  row: RawVibrationSensorRow,
  type: RvsQuantity,
  axis: RvsAxis,
  field: 'warning' | 'alarm',
  value: number | null,
): RawVibrationSensorRow {
  const current = findRvsLimit(row, type, axis) ?? { type, axis, warning: Number.NaN, alarm: Number.NaN };
  const next = { ...current, [field]: value ?? Number.NaN };
  const others = row.limits.filter((limit) => limit !== current);
  if (Number.isNaN(next.warning) && Number.isNaN(next.alarm)) return { ...row, limits: others };
  // Kept in quantity then axis order, so the saved document reads the way the grid does.
  const order = (limit: RvsLimit) => RVS_QUANTITIES.indexOf(limit.type) * 3 + RVS_AXES.indexOf(limit.axis);
  return { ...row, limits: [...others, next].sort((a, b) => order(a) - order(b)) };
}
