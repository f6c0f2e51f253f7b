import { z } from 'zod';
import { uuid } from './common.ts';
import { trSeries } from './transformer.ts';

/**
 * VCA (variable-speed drive) dashboard calls (spec 02 §2.5–2.7, §7; issue 13 item 2): diagram statuses, the
 * Percent of Load gauge and VSD Status card, trend signals, remaining life (Miner's rule over the parts'
 * temperature histories), temperatures and the drive's output-current captures. Series times are epoch ms.
 * Status codes of spec 02 §4: -2 disabled, -1 offline / no data, 0 normal, 1 warning, 2 alarm.
 */

const status = z.number().int();
const instant = z.iso.datetime({ offset: true });
const isNormal = z
  .enum(['true', 'false'])
  .default('true')
  .transform((value) => value === 'true');
const width = z.coerce.number().int().min(10).max(4000).default(1000);

/** Remaining-life parts of a drive (the `tagCode` of its remaining-life rows). */
export const vcaLifeTag = z.enum(['dc_link_capacitor', 'cooling_fan']);
export type VcaLifeTag = z.infer<typeof vcaLifeTag>;

/** Longest range of a 'Last 6 months' query and of any other VCA range, in days. */
export const VCA_RANGE_LIMIT_DAYS = { normal: 186, yearly: 3660 } as const;

/** A value with its limits and status, for the gauge and the VSD Status card (spec 02 §3 VSD row). */
export const vcaReading = z.object({
  tagCode: z.string(),
  name: z.string(),
  unit: z.string(),
  value: z.number().nullable(),
  warning: z.number().nullable(),
  alarm: z.number().nullable(),
  status,
  timestamp: instant.nullable(),
});
export type VcaReading = z.infer<typeof vcaReading>;

/** VCA diagram (spec 02 §2.5, §3 "VCA diagram items"): the parts' statuses, the load gauge and the VSD card. */
export const vcaDiagram = z.object({
  modelId: uuid,
  /** overall_status, dc_link_capacitor, cooling_fan, rul, environment, stress, power_unit, temperature. */
  items: z.array(z.object({ tagCode: z.string(), name: z.string(), status, timestamp: instant.nullable() })),
  overallStatus: status,
  /** Percent of Load gauge: motor load %, scale 1.2 × alarm (spec 02 §4 Gauge). */
  percentLoad: vcaReading.extend({ scaleMax: z.number().nullable() }),
  /** VSD Status card: the drive readings (group VSD) with their limits. */
  vsd: z.array(vcaReading),
});
export type VcaDiagram = z.infer<typeof vcaDiagram>;

export const vcaModelQuery = z.object({ modelId: uuid });

export const vcaTrendQuery = z.object({
  modelId: uuid,
  /** A VCA sensor type id (3201 …) or an alarm-limit group id (32 VSD, 33 trend); absent: every trend signal. */
  sensorId: z.coerce.number().int().positive().optional(),
  startDate: instant,
  endDate: instant,
  isNormal,
  width,
});

/** VSD trend (spec 02 §3): tagCode, data[], timestamp[], unit, warning, alarm. */
export const vcaTrendSeries = trSeries;

export const vcaLifeQuery = z.object({
  modelId: uuid,
  tagCode: vcaLifeTag,
  startDate: instant,
  endDate: instant,
  width,
});

/** RUL result (spec 02 §3): remaining life % and years along the range, Miner's damage now (`mi`). */
export const vcaRulResult = z.object({
  tagCode: vcaLifeTag,
  name: z.string(),
  unit: z.literal('%'),
  timestamp: z.array(z.number()),
  data: z.array(z.number()),
  rulYears: z.array(z.number()),
  /**
   * The RUL class of each point (0 normal, 1 warning, 2 alarm) by the rule of the cards (issue 26 item 8): the worse
   * of the percent class and the time class (under 90 days at least a warning, under 30 days an alarm).
   */
  status: z.array(z.number().int()),
  /** Miner's damage D (0–1, initial use included) at the last point; null without data. */
  mi: z.number().nullable(),
  rulWarning: z.number().nullable(),
  rulalarm: z.number().nullable(),
  warning: z.number().nullable(),
  alarm: z.number().nullable(),
  /** The rating used: L0 (h) at T0 (°C), initial use (days × h/day) and expected life (h). */
  rating: z.object({
    l0Hours: z.number().nullable(),
    t0C: z.number().nullable(),
    initialDays: z.number(),
    hoursPerDay: z.number(),
    expectedLifeHours: z.number().nullable(),
  }),
});
export type VcaRulResult = z.infer<typeof vcaRulResult>;

/** Temperature result (spec 02 §3): the part's temperature; alarm at its rated T0, warning 10 °C below. */
export const vcaTemperatureResult = z.object({
  tagCode: vcaLifeTag,
  name: z.string(),
  unit: z.string(),
  timestamp: z.array(z.number()),
  data: z.array(z.number()),
  warning: z.number().nullable(),
  alarm: z.number().nullable(),
});
export type VcaTemperatureResult = z.infer<typeof vcaTemperatureResult>;

export const vcaOverallQuery = z.object({
  modelId: uuid,
  /** Spec 02 §7 "overall VCA status: result kind 'rul_p_y'" (percent and years). */
  resultType: z.enum(['rul_p_y']).default('rul_p_y'),
});

/** Overall RUL item (spec 02 §3): status 0/1/2 by RUL class, the tag and its values in % and years. */
export const vcaOverallItem = z.object({
  status,
  tag: z.object({ name: z.string(), tagCode: vcaLifeTag, sensorTypeId: z.number().int() }),
  values: z.array(
    z.object({ resultType: z.enum(['rul_percent', 'rul_year']), value: z.number(), display: z.string() }),
  ),
  timestamp: instant.nullable(),
});
export type VcaOverallItem = z.infer<typeof vcaOverallItem>;

/** Capture groups of Current Analysis: TD time domain (Ia/Ib/Ic against s), FD spectrum (dB against Hz). */
export const vcaGroupCode = z.enum(['TD', 'FD']);

export const vcaFilesQuery = z.object({ modelId: uuid, groupCode: vcaGroupCode.default('TD') });
export const vcaFile = z.object({ fileName: z.string(), alias: z.string(), capturedAt: instant });
export type VcaFile = z.infer<typeof vcaFile>;

export const vcaCaptureQuery = z.object({ modelId: uuid, fileName: z.string().min(1).max(200) });

/** Time-domain points (spec 02 §3): seconds from the capture start and the three output currents (A). */
export const vcaTimeDomain = z.object({
  fileName: z.string(),
  sampleRateHz: z.number(),
  points: z.array(z.object({ ts: z.number(), Ia: z.number(), Ib: z.number(), Ic: z.number() })),
});
export type VcaTimeDomain = z.infer<typeof vcaTimeDomain>;

/** Frequency points (spec 02 §3): Hz and the amplitude of each phase in dB re 1 A (Hann, peak scale). */
export const vcaFrequency = z.object({
  fileName: z.string(),
  resolutionHz: z.number(),
  points: z.array(z.object({ FHZ: z.number(), IA: z.number(), IB: z.number(), IC: z.number() })),
});
export type VcaFrequency = z.infer<typeof vcaFrequency>;
