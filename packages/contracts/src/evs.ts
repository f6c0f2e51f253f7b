import { z } from 'zod';
import { uuid } from './common.ts';

/**
 * EVS (edge vibration sensor) dashboard calls (spec 02 §2.5–2.7, §3 "EVS result", §7; issue 13 item 3). The
 * driver, transmission and driven statuses come from the sensors' readings against their limits; the chart
 * call answers one line per sensor (unit id) of a sensor type. Series times are epoch ms.
 */

const status = z.number().int();
const instant = z.iso.datetime({ offset: true });

/** Sensor types of the EVS chart (spec 02 §2.7), default Acceleration. */
export const evsSensorType = z.enum(['Acceleration', 'Temperature', 'Velocity']);
export type EvsSensorType = z.infer<typeof evsSensorType>;

/** Edge sensors report their battery in volts (spec 03 §2.18 'Battery (V)'); RVS sensors report percent. */
export const EVS_BATTERY_UNIT = 'V';

/** Where a sensor sits in the machine train, from its sensor point. */
export const evsRole = z.enum(['driver', 'transmission', 'driven']);
export type EvsRole = z.infer<typeof evsRole>;

export const evsStatusQuery = z.object({ modelId: uuid });

/** One reading of a sensor with its limits (Sensor Detail panel). */
export const evsReading = z.object({
  type: evsSensorType,
  unit: z.string(),
  value: z.number().nullable(),
  warning: z.number().nullable(),
  alarm: z.number().nullable(),
  status,
  timestamp: instant.nullable(),
});

export type EvsReading = z.infer<typeof evsReading>;

/** EVS result (spec 02 §3) plus the Sensor Detail rows. */
export const evsStatus = z.object({
  id: uuid,
  modelCode: z.string(),
  timestamp: instant.nullable(),
  overAllEquipmentStatus: status,
  driverStatus: status,
  transmissionStatus: status,
  drivenStatus: status,
  sensors: z.array(
    z.object({
      uid: z.string(),
      sensorName: z.string(),
      /** Type of Position: the sensor point's name. */
      sensorPoint: z.string(),
      /** Machine: the sensor's machine template's name. */
      machine: z.string(),
      role: evsRole,
      status,
      readings: z.array(evsReading),
      /** Battery (V) of the sensor, last reading (spec 03 §2.18); EVS sets no battery limits. */
      battery: z.object({ value: z.number().nullable(), unit: z.string(), timestamp: instant.nullable() }),
    }),
  ),
});
export type EvsStatus = z.infer<typeof evsStatus>;

export const evsResultQuery = z.object({
  modelId: uuid,
  /** The tab's sensor type (spec 02 §7 "group code"); case does not matter. */
  groupCode: z
    .string()
    .transform((value) => value.charAt(0).toUpperCase() + value.slice(1).toLowerCase())
    .pipe(evsSensorType)
    .default('Acceleration'),
  startDate: instant,
  endDate: instant,
  isNormal: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  width: z.coerce.number().int().min(10).max(4000).default(1000),
});

/** Current Analysis chart: one line per unit id with its Alarm and Warning limits. */
export const evsResult = z.object({
  type: evsSensorType,
  unit: z.string(),
  series: z.array(
    z.object({
      uid: z.string(),
      sensorName: z.string(),
      role: evsRole,
      warning: z.number().nullable(),
      alarm: z.number().nullable(),
      timestamp: z.array(z.number()),
      data: z.array(z.number()),
    }),
  ),
});
export type EvsResult = z.infer<typeof evsResult>;
