/**
 * The server's master data that the demo plant relies on, copied from
 * apps/server/src/db/migrations/0004_model_master_data.sql and the rows later migrations add (0015: oltc_ch4); the
 * tests read those files and compare, so a change there that breaks the plant fails here. Packages never import apps, hence the copy.
 */
import type { BearingGeometry } from '@sdp/analytics';

/** Model type ids (spec 02 §1). */
export const MODEL_TYPE = { transformer: 1, mca: 2, vca: 3, evs: 4, rvs: 5 } as const;

/** One of the five model type ids. */
export type ModelTypeId = (typeof MODEL_TYPE)[keyof typeof MODEL_TYPE];

/** Short codes of the model types: the server names models `<equipment code>-<short><n>` (P101-RVS1). */
export const MODEL_TYPE_SHORT: Record<ModelTypeId, string> = {
  1: 'TR',
  2: 'MCA',
  3: 'VCA',
  4: 'EVS',
  5: 'RVS',
};

/** A sensor type (measured or computed tag) with its default limits; `low` means the value falls towards alarm. */
export interface SensorType {
  readonly id: number;
  readonly groupId: number;
  readonly modelTypeId: ModelTypeId;
  readonly tag: string;
  readonly unit: string;
  readonly warning: number;
  readonly alarm: number;
  readonly direction: 'high' | 'low';
}

type Row = readonly [number, number, ModelTypeId, string, string, number, number, ('high' | 'low')?];

// id, group, type, tag code, unit, default warning, default alarm, direction (high unless said).
const rows: readonly Row[] = [
  [1101, 11, 1, 'load_current_a', 'A', 276, 301],
  [1102, 11, 1, 'load_current_b', 'A', 276, 301],
  [1103, 11, 1, 'load_current_c', 'A', 276, 301],
  [1104, 11, 1, 'voltage_hv', 'kV', 121, 126.5],
  [1105, 11, 1, 'load_factor', '%', 100, 120],
  [1201, 12, 1, 'top_oil_temperature', '°C', 90, 100],
  [1202, 12, 1, 'hot_spot_temperature', '°C', 110, 120],
  [1203, 12, 1, 'ambient_temperature', '°C', 40, 45],
  [1204, 12, 1, 'accessory_oil_level', '%', 30, 20, 'low'],
  [1205, 12, 1, 'moisture_in_oil', 'ppm', 20, 30],
  [1301, 13, 1, 'locus_sum_a', '%', 2, 3],
  [1302, 13, 1, 'locus_sum_b', '%', 2, 3],
  [1303, 13, 1, 'locus_sum_c', '%', 2, 3],
  [1401, 14, 1, 'pd_main_tank', 'pC', 300, 500],
  [1402, 14, 1, 'pd_pulse_rate', 'pulses/s', 100, 500],
  [1501, 15, 1, 'bushing_capacitance_change', '%', 5, 10],
  [1502, 15, 1, 'bushing_tan_delta', '%', 0.7, 1.0],
  [1601, 16, 1, 'fan_current', 'A', 9, 11],
  [1602, 16, 1, 'cooling_efficiency', '%', 80, 60, 'low'],
  [1701, 17, 1, 'h2', 'ppm', 100, 700],
  [1702, 17, 1, 'ch4', 'ppm', 120, 400],
  [1703, 17, 1, 'c2h6', 'ppm', 65, 100],
  [1704, 17, 1, 'c2h4', 'ppm', 50, 100],
  [1705, 17, 1, 'c2h2', 'ppm', 1, 9],
  [1706, 17, 1, 'co', 'ppm', 350, 570],
  [1707, 17, 1, 'co2', 'ppm', 2500, 4000],
  [1708, 17, 1, 'tdcg', 'ppm', 720, 1920],
  [1801, 18, 1, 'oltc_h2', 'ppm', 200, 1000],
  [1802, 18, 1, 'oltc_c2h2', 'ppm', 100, 300],
  [1803, 18, 1, 'oltc_c2h4', 'ppm', 150, 400],
  [1804, 18, 1, 'oltc_ch4', 'ppm', 100, 400],
  [1901, 19, 1, 'oltc_operations', 'count', 40000, 50000],
  [1902, 19, 1, 'oltc_motor_torque', 'N·m', 18, 22],
  [2101, 21, 2, 'broken_rotor_bar', 'dB', -45, -40],
  [2201, 22, 2, 'short_turn', 'dB', -50, -44],
  [2202, 22, 2, 'current_unbalance', '%', 2, 5],
  [2301, 23, 2, 'eccentric_airgap', 'dB', -40, -34],
  [2401, 24, 2, 'bearing_failure', 'dB', -60, -54],
  [2501, 25, 2, 'terminal_loose', '%', 1, 2],
  [2601, 26, 2, 'ground_fault', 'A', 0.5, 1],
  [2701, 27, 2, 'thd_current', '%', 5, 8],
  [2702, 27, 2, 'voltage_unbalance', '%', 1, 2],
  [2801, 28, 2, 'load_oscillation', 'dB', -45, -38],
  [3101, 31, 3, 'dc_link_capacitor', '%', 20, 10, 'low'],
  [3102, 31, 3, 'cooling_fan', '%', 20, 10, 'low'],
  [3201, 32, 3, 'dc_bus_voltage', 'V', 650, 700],
  [3202, 32, 3, 'heatsink_temperature', '°C', 75, 85],
  [3203, 32, 3, 'output_current', 'A', 178, 196],
  [3204, 32, 3, 'control_card_temperature', '°C', 60, 70],
  [3301, 33, 3, 'dc_ripple', 'V', 15, 25],
  [3302, 33, 3, 'motor_load', '%', 100, 110],
  [3303, 33, 3, 'cabinet_temperature', '°C', 45, 50],
  [4101, 41, 4, 'driver_velocity', 'mm/s', 2.8, 4.5],
  [4102, 41, 4, 'driver_acceleration', 'm/s²', 10, 20],
  [4103, 41, 4, 'driver_temperature', '°C', 80, 95],
  [4201, 42, 4, 'transmission_velocity', 'mm/s', 2.8, 4.5],
  [4202, 42, 4, 'transmission_acceleration', 'm/s²', 10, 20],
  [4203, 42, 4, 'transmission_temperature', '°C', 80, 95],
  [4301, 43, 4, 'driven_velocity', 'mm/s', 2.8, 4.5],
  [4302, 43, 4, 'driven_acceleration', 'm/s²', 10, 20],
  [4303, 43, 4, 'driven_temperature', '°C', 80, 95],
  [5101, 51, 5, 'velocity', 'mm/s', 2.8, 4.5],
  [5102, 51, 5, 'acceleration', 'm/s²', 10, 20],
  [5103, 51, 5, 'envelope', 'gE', 2, 4],
  [5201, 52, 5, 'temperature', '°C', 80, 95],
  [5202, 52, 5, 'battery', '%', 20, 10, 'low'],
];

/** Every sensor type of table `sensor_types`, in id order. */
export const SENSOR_TYPES: readonly SensorType[] = rows.map(
  ([id, groupId, modelTypeId, tag, unit, warning, alarm, direction]) => ({
    id,
    groupId,
    modelTypeId,
    tag,
    unit,
    warning,
    alarm,
    direction: direction ?? 'high',
  }),
);

/** Alarm-limit group ids by model type and group code (table `alarm_limit_groups`). */
export const ALARM_LIMIT_GROUPS: Record<ModelTypeId, Record<string, number>> = {
  1: { b: 11, c: 12, d: 13, e: 14, f: 15, g: 16, h: 17, i: 18, j: 19 },
  2: {
    rotor: 21,
    stator: 22,
    airgap: 23,
    bearing: 24,
    terminal: 25,
    ground_fault: 26,
    power_quality: 27,
    mechanical: 28,
  },
  3: { rul: 31, vsd: 32, trend: 33 },
  4: { driver: 41, transmission: 42, driven: 43 },
  5: { vibration: 51, sensor: 52 },
};

/** The sensor type of a model type by tag code; throws for a tag the master data does not know. */
export function sensorType(modelTypeId: ModelTypeId, tag: string): SensorType {
  const found = SENSOR_TYPES.find((sensor) => sensor.modelTypeId === modelTypeId && sensor.tag === tag);
  if (!found) throw new Error(`no sensor type '${tag}' for model type ${modelTypeId}`);
  return found;
}

/** A catalogue bearing (table `bearings`): geometry in mm and degrees. */
export interface CatalogueBearing extends BearingGeometry {
  readonly id: number;
  readonly designation: string;
}

/** The catalogue bearings the demo pump train uses (ids of table `bearings`). */
export const BEARINGS: Record<'6309' | '6310', CatalogueBearing> = {
  '6309': {
    id: 7,
    designation: '6309',
    rollingElements: 8,
    ballDiameter: 17.46,
    pitchDiameter: 72.5,
    contactAngleDeg: 0,
  },
  '6310': {
    id: 8,
    designation: '6310',
    rollingElements: 8,
    ballDiameter: 19.05,
    pitchDiameter: 80,
    contactAngleDeg: 0,
  },
};

/** The DE and NDE bearing of the demo MCA motors: catalogue 6316 (id 10). */
export const MOTOR_BEARING: CatalogueBearing = {
  id: 10,
  designation: '6316',
  rollingElements: 8,
  ballDiameter: 28.58,
  pitchDiameter: 125,
  contactAngleDeg: 0,
};

/** A drive of table `vsd_models`: DC-link capacitor life L0 (h) at T0 (°C), fan L10 life (h) at its T0 (°C). */
export interface VsdModel {
  readonly id: number;
  readonly brandId: number;
  readonly name: string;
  readonly capacitorLifeHours: number;
  readonly capacitorRatedC: number;
  readonly fanLifeHours: number;
  readonly fanRatedC: number;
}

/** The drive of the demo cooling-tower fan: ABB ACS580-01. */
export const DEMO_VSD_MODEL: VsdModel = {
  id: 102,
  brandId: 1,
  name: 'ACS580-01',
  capacitorLifeHours: 5000,
  capacitorRatedC: 105,
  fanLifeHours: 45000,
  fanRatedC: 40,
};

/** Sensor points (table `sensor_points`) and machine templates (table `machine_templates`) the plant uses. */
export const SENSOR_POINT = { motorDe: 1, gearboxInput: 3, pumpDe: 5, fanDe: 7 } as const;
export const MACHINE_TEMPLATE = { motorPump: 1, motorGearboxDriven: 3 } as const;
