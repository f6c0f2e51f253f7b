import { z } from 'zod';
import { ownImageUrl, uuid } from './common.ts';
import { modelTypeId, statusCode } from './structure.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const limitValue = finite.nullable().default(null);

/** 'X out of Y' persistence (spec 02 §3): raise when X of the last Y samples are beyond a limit. */
export const alarmManagement = z
  .object({
    persistence_from: z.number().int().min(1).max(100),
    persistence_to: z.number().int().min(1).max(100),
  })
  .refine((value) => value.persistence_from <= value.persistence_to, {
    message: 'Persistence must satisfy 1 ≤ X ≤ Y ≤ 100.',
    path: ['persistence_from'],
  });
/**
 * Learned baseline of every monitored overall value (issue 25 item 4, docs/baselines.md): learning lasts at least
 * `learning_days` and `learning_captures` values; then warning at `warning_deviations` and alarm at `alarm_deviations`
 * robust deviations from the learned median. Left out, the defaults apply.
 */
export const baselineSettings = z
  .object({
    learning_days: z.number().int().min(0).max(365).default(14),
    learning_captures: z.number().int().min(3).max(100_000).default(50),
    warning_deviations: z.number().positive().max(100).default(6),
    alarm_deviations: z.number().positive().max(100).default(12),
  })
  .refine((value) => value.warning_deviations <= value.alarm_deviations, {
    message: 'The alarm must be at least as many deviations from the baseline as the warning.',
    path: ['alarm_deviations'],
  });

/** An alarm limit row: monitor (isSelect) and alert flags, warning and alarm levels (spec 02 §3 'Alarm limit row'). */
export const alarmLimitRow = z.object({
  sensorTypeId: z.number().int(),
  sensorGroupId: z.number().int().optional(),
  warning: limitValue,
  alarm: limitValue,
  criteria: z.string().max(200).optional(),
  rul_warning: limitValue,
  rul_alarm: limitValue,
  isSelect: z.boolean().default(true),
  isAlert: z.boolean().default(false),
});
export type AlarmLimitRow = z.infer<typeof alarmLimitRow>;

/** VCA remaining-life row: rated life L0 at T0 (tmax), start day and average rate of use. */
export const remainingLifeRow = alarmLimitRow.extend({
  tagCode: z.string().max(100).optional(),
  brandId: z.number().int().nullable().default(null),
  vsdModelId: z.number().int().nullable().default(null),
  initial_day: finite.min(0).default(0),
  avg_rate: finite.min(0).max(24).default(24),
  l0: finite.positive().nullable().default(null),
  tmax: finite.nullable().default(null),
  /**
   * Expected life in hours (the part's life at its past operating temperature), like L0; initial use counts as
   * initial_day × avg_rate / expectedLifeTime. Years would read as a few hours, so below 1,000 h is refused.
   */
  expectedLifeTime: finite
    .min(1000, 'Expected life is in hours (e.g. 83,200 h): at least 1,000.')
    .nullable()
    .default(null),
});

export const locusRow = z.object({
  locus_name: z.string().trim().min(1).max(50),
  a: finite,
  b: finite,
  angle: finite,
  e: finite,
  area: finite,
});

export const correlationRow = z.object({
  tagCode: z.array(z.string().max(100)).max(2, 'At most 2 tag codes per row.'),
  tagA: z.string().max(100),
  tagB: z.string().max(100),
  score: z.string().max(220),
  warning: finite,
  alarm: finite,
});

/** Motor data tags whose value is a bearing of the catalogue (`bearingId`, GET /bearings), not a number. */
export const MOTOR_BEARING_TAGS = ['bearing_de', 'bearing_nde'] as const;

export const motorDataRow = z.object({
  modelConfigurationTagCode: z.string().max(100),
  title: z.string().max(200),
  value: finite.nullable(),
  /** Catalogue bearing (table `bearings`) of the DE/NDE bearing rows; absent on the numeric rows. */
  bearingId: z.number().int().positive().nullable().optional(),
});

const warnAlarm = z.object({ warning: finite, alarm: finite });

/** EVS vibration sensor (spec 02 §3): new rows default to 0 limits, sensor point 1, machine template 1. */
export const vibrationSensorRow = z.object({
  sensorId: z.string().trim().min(1).max(100),
  sensorName: z.string().trim().min(1).max(200),
  acceleration: warnAlarm,
  velocity: warnAlarm,
  temperature: warnAlarm,
  sensorPointId: z.number().int().default(1),
  machineTemplateId: z.number().int().default(1),
  selected: z.boolean().default(true),
});

export const axis = z.enum(['x', 'y', 'z']);
export const rvsLimit = z.object({
  type: z.enum(['acceleration', 'velocity', 'envelope']),
  axis,
  warning: finite,
  alarm: finite,
});

/** RVS raw vibration sensor row (spec 03 §3). Axis labels default to H, V, A. */
export const rawVibrationSensorRow = z.object({
  sensorId: z.string().trim().min(1).max(100),
  sensorName: z.string().trim().min(1).max(200),
  positionType: z.string().max(100).default(''),
  machine: z.enum(['driver', 'transmission', 'driven']),
  bearingId: z.number().int().nullable().default(null),
  rotatingSpeed: finite.positive().nullable().default(null),
  axisLabels: z
    .object({ x: z.string().max(10), y: z.string().max(10), z: z.string().max(10) })
    .default({ x: 'H', y: 'V', z: 'A' }),
  limits: z.array(rvsLimit).max(9).default([]),
  temperatureLimit: warnAlarm.default({ warning: 80, alarm: 95 }),
  batteryLimit: warnAlarm.default({ warning: 20, alarm: 10 }),
});

/** The update form's sections that hold alarm-limit rows. */
export type LimitSection =
  | 'alarm_limit_sensor_new_in'
  | 'mca_alarm_limit_sensor_new'
  | 'vsd_alarm_limit_sensor_new_in'
  | 'vsd_tag_alarm_limit_in'
  | 'vsd_trend_signal_alarm_limit_sensor';

/**
 * Which alarm-limit groups (by code) feed each limit section, per model type 1–5 (spec 02 §2.2): the server's
 * defaults and checks, and the demo plant's expectations, read this one table.
 */
export const limitSectionGroups: Record<
  1 | 2 | 3 | 4 | 5,
  Partial<Record<LimitSection, readonly string[]>>
> = {
  1: { alarm_limit_sensor_new_in: ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] },
  2: {
    mca_alarm_limit_sensor_new: [
      'rotor',
      'stator',
      'airgap',
      'bearing',
      'terminal',
      'ground_fault',
      'power_quality',
      'mechanical',
    ],
  },
  3: {
    vsd_alarm_limit_sensor_new_in: ['rul'],
    vsd_tag_alarm_limit_in: ['vsd'],
    vsd_trend_signal_alarm_limit_sensor: ['trend'],
  },
  4: {},
  5: {},
};

/** Sections of the update form (spec 02 §3); the server accepts only those of the model's type. */
const sections = {
  configuration_in: z.array(z.number().int()).max(200),
  alarm_limit_sensor_new_in: z.array(alarmLimitRow).max(200),
  mca_alarm_limit_sensor_new: z.array(alarmLimitRow).max(200),
  vsd_alarm_limit_sensor_new_in: z.array(remainingLifeRow).max(50),
  vsd_tag_alarm_limit_in: z.array(alarmLimitRow).max(100),
  vsd_trend_signal_alarm_limit_sensor: z.array(alarmLimitRow).max(100),
  motor_data_in: z.array(motorDataRow).max(100),
  v_and_i_locus_in: z.array(locusRow).max(20),
  q_setting_in: z.array(correlationRow).max(50),
  vibration_sensor_in: z.array(vibrationSensorRow).max(100),
  raw_vibration_sensor_in: z.array(rawVibrationSensorRow).max(100),
};
const diagram = z.object({ diagram_url: ownImageUrl('equipment-tags').nullable() });
const modelIn = {
  title: z.string().trim().min(1, '* Messages is required').max(200),
  isActive: z.enum(['active', 'inactive']).default('active'),
  isRVSRealtimeReport: z.boolean().default(false),
};

/** The update form of spec 02 §3, for every type: a missing section is empty. */
export const modelSettingsInput = z.object({
  model_in: z.object(modelIn),
  configuration_in: sections.configuration_in.default([]),
  alarm_management: alarmManagement.optional(),
  baseline_in: baselineSettings.optional(),
  alarm_limit_sensor_new_in: sections.alarm_limit_sensor_new_in.default([]),
  mca_alarm_limit_sensor_new: sections.mca_alarm_limit_sensor_new.default([]),
  vsd_alarm_limit_sensor_new_in: sections.vsd_alarm_limit_sensor_new_in.default([]),
  vsd_tag_alarm_limit_in: sections.vsd_tag_alarm_limit_in.default([]),
  vsd_trend_signal_alarm_limit_sensor: sections.vsd_trend_signal_alarm_limit_sensor.default([]),
  motor_data_in: sections.motor_data_in.default([]),
  v_and_i_locus_in: sections.v_and_i_locus_in.default([]),
  q_setting_in: sections.q_setting_in.default([]),
  vibration_sensor_in: sections.vibration_sensor_in.default([]),
  raw_vibration_sensor_in: sections.raw_vibration_sensor_in.default([]),
  rvs_diagram_in: diagram.default({ diagram_url: null }),
});
/**
 * The body of `PUT /equipment-models/{id}`: sections merge one by one into the stored document. A section sent
 * replaces that section whole (send `[]` to empty it); a section left out keeps what is stored, so an API client
 * that sends one section never wipes the others' alarm limits. The same goes for each field of `model_in`.
 */
export const modelSettingsUpdate = z.object({
  model_in: z
    .object({
      title: modelIn.title.optional(),
      isActive: z.enum(['active', 'inactive']).optional(),
      isRVSRealtimeReport: z.boolean().optional(),
    })
    .optional(),
  alarm_management: alarmManagement.optional(),
  baseline_in: baselineSettings.optional(),
  rvs_diagram_in: diagram.optional(),
  ...(Object.fromEntries(Object.entries(sections).map(([name, schema]) => [name, schema.optional()])) as {
    [K in keyof typeof sections]: z.ZodOptional<(typeof sections)[K]>;
  }),
});
export type ModelSettingsUpdate = z.infer<typeof modelSettingsUpdate>;
export type ModelSettingsInput = z.input<typeof modelSettingsInput>;
export type ModelSettings = z.output<typeof modelSettingsInput>;

/** Create payload: equipment_tag_id and model_in (with the type); a section given replaces the type's default. */
export const createModelPayload = z.object({
  equipment_tag_id: uuid,
  model_in: z.object({ ...modelIn, equipmentModelTypeId: modelTypeId.default(1) }),
  alarm_management: alarmManagement.optional(),
  baseline_in: baselineSettings.optional(),
  rvs_diagram_in: diagram.optional(),
  ...(Object.fromEntries(Object.entries(sections).map(([name, schema]) => [name, schema.optional()])) as {
    [K in keyof typeof sections]: z.ZodOptional<(typeof sections)[K]>;
  }),
});

export const configurationItem = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  title: z.string(),
  tagCode: z.string(),
  value: z.string(),
  unitCode: z.string(),
  selected: z.boolean(),
  modelTypeConfiguration: z.object({ id: z.number().int(), title: z.string(), unitCode: z.string() }),
});

export const modelDetail = z
  .object({
    id: uuid,
    modelCode: z.string(),
    modelName: z.string(),
    title: z.string(),
    equipmentId: uuid,
    equipmentTagId: uuid,
    modelTypeId: modelTypeId,
    equipmentModelTypeId: modelTypeId,
    equipmentModelType: z.object({ id: modelTypeId, title: z.string() }),
    isActive: z.enum(['active', 'inactive']),
    status: statusCode,
    equipmentCode: z.object({ code: z.string() }),
    companyId: uuid,
    recommendationFileName: z.string().nullable(),
    equipmentModelConfiguration: z.array(configurationItem),
    settings: modelSettingsInput,
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ModelDetail' });
export type ModelDetail = z.infer<typeof modelDetail>;

export const configurationValueRequest = z.object({ value: z.string().max(500) });
