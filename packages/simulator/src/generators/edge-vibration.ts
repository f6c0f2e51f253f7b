/**
 * Edge vibration sensors (model type 4) on a cooling-tower fan train: motor drive end (driver), gearbox input
 * (transmission), fan (driven). Each reports overall velocity RMS (mm/s, ISO 10816-3 band), acceleration RMS
 * (m/s²) and temperature (°C), computed here from the sensor's vibration components. The faulty train
 * develops motor–gearbox misalignment: its 2× component lifts velocity through 2.8 and 4.5 mm/s. Each sensor
 * also reports its battery voltage (V), a 3.6 V lithium cell that sags slowly with the days and the cold.
 */
import { MODEL_TYPE, sensorType } from '../master-data.ts';
import { fanSensorIds, type PlantModel, PUMP_SPEED_RPM } from '../plant.ts';
import { mixSeed, normalAt, smoothNoise, uniformAt } from '../random.ts';
import { channels, FAST_INTERVAL_MS, type ModelSimulator, SLOW_INTERVAL_MS } from './model-simulator.ts';
import {
  ambientTemperatureC,
  faultSeverity,
  HOUR_MS,
  round,
  type SimulationContext,
  timelineDay,
} from './timeline.ts';

/** Motor speed of the fan trains, rpm; the fan turns at a tenth of it behind the right-angle gearbox. */
export const FAN_MOTOR_RPM = PUMP_SPEED_RPM;
const GEAR_RATIO = 10;

/**
 * Vibration of one measuring point: velocity RMS (mm/s) of the 1×, 2× and 3× shaft orders and of the
 * broadband rest, acceleration RMS (m/s²) above the orders, how much of the misalignment it sees, and how
 * much warmer than ambient it runs.
 */
interface PointProfile {
  readonly shaftHz: number;
  readonly orders: readonly [number, number, number];
  readonly broadband: number;
  readonly highFrequency: number;
  readonly misalignmentShare: number;
  readonly temperatureRise: number;
}

const PROFILES: readonly PointProfile[] = [
  {
    shaftHz: FAN_MOTOR_RPM / 60,
    orders: [1.0, 0.4, 0.2],
    broadband: 0.55,
    highFrequency: 1.4,
    misalignmentShare: 1,
    temperatureRise: 16,
  },
  {
    shaftHz: FAN_MOTOR_RPM / 60,
    orders: [0.85, 0.35, 0.25],
    broadband: 0.7,
    highFrequency: 2.2,
    misalignmentShare: 0.8,
    temperatureRise: 22,
  },
  {
    shaftHz: FAN_MOTOR_RPM / 60 / GEAR_RATIO,
    orders: [1.1, 0.3, 0.1],
    broadband: 0.5,
    highFrequency: 0.8,
    misalignmentShare: 0.15,
    temperatureRise: 9,
  },
];

const rss = (values: readonly number[]) => Math.sqrt(values.reduce((sum, v) => sum + v * v, 0));

/** Generator of an EVS model. */
export function edgeVibrationSimulator(model: PlantModel, context: SimulationContext): ModelSimulator {
  const key = mixSeed(context.seed, model.code);
  const fault = model.fault;
  const sensorIds = fanSensorIds(model.tagCode);
  const limit = sensorType(MODEL_TYPE.evs, 'driver_velocity');
  // Each train differs by up to ±8 % in its base levels.
  const spread = 0.92 + 0.16 * uniformAt(key, 'spread');
  const leading = PROFILES[0]!;
  const healthyVelocity = spread * rss([...leading.orders, leading.broadband]);
  const alarmRatio = (limit.alarm - healthyVelocity) / (limit.warning - healthyVelocity);

  /** The misalignment's 2× velocity RMS at the motor (mm/s) that makes its overall follow the fault curve. */
  const misalignment2x = (t: number) => {
    if (!fault) return 0;
    const severity = faultSeverity(fault, timelineDay(context, t), alarmRatio);
    const target = healthyVelocity + severity * (limit.warning - healthyVelocity);
    const [first, second, third] = leading.orders.map((v) => spread * v) as [number, number, number];
    const others = rss([first, third, spread * leading.broadband]);
    return Math.sqrt(Math.max(0, target * target - others * others)) - second;
  };

  const sample = (t: number): Record<string, number> => {
    const ambient = ambientTemperatureC(context, t);
    const extra2x = misalignment2x(t);
    const values: Record<string, number> = {};
    for (const [i, profile] of PROFILES.entries()) {
      const id = sensorIds[i]!;
      const point = mixSeed(key, id);
      const orders = profile.orders.map(
        (v, order) => spread * v + (order === 1 ? profile.misalignmentShare * extra2x : 0),
      );
      // Load and temperature move the levels a little; the reading itself has 1 % noise.
      const variation = 1 + 0.012 * smoothNoise(point, t, 6 * HOUR_MS) + 0.005 * normalAt(point, 'v', t);
      const velocity = rss([...orders, spread * profile.broadband]) * variation;
      const accelerationOrders = orders.map(
        (v, order) => (2 * Math.PI * (order + 1) * profile.shaftHz * v) / 1000,
      );
      const acceleration = rss([...accelerationOrders, spread * profile.highFrequency]) * variation;
      const heating = 3 * Math.min(extra2x, 3) * profile.misalignmentShare;
      values[`${id}.velocity`] = round(velocity, 3);
      values[`${id}.acceleration`] = round(acceleration, 3);
      values[`${id}.temperature`] = round(
        ambient + profile.temperatureRise + heating + 0.3 * normalAt(point, 'T', t),
        1,
      );
      // About 3 mV a day from 3.62 V, a little lower in the cold, with 5 mV of reading noise.
      const day = Math.max(0, timelineDay(context, t));
      values[`${id}.battery`] = round(
        3.62 - 0.01 * i - 0.003 * day + 0.002 * (ambient - 25) + 0.005 * normalAt(point, 'battery', t),
        3,
      );
    }
    return values;
  };

  const tags = sensorIds.flatMap((id) => [`${id}.velocity`, `${id}.acceleration`, `${id}.temperature`]);
  return {
    model,
    scalars: [
      ...channels(tags, FAST_INTERVAL_MS, true),
      ...channels(
        sensorIds.map((id) => `${id}.battery`),
        SLOW_INTERVAL_MS,
        false,
      ),
    ],
    sample,
    waveforms: [],
    capture: () => [],
    derivedTags: [],
  };
}
