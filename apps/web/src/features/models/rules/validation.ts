import type { ModelSettings } from '@sdp/contracts';
import type { ParseKeys } from 'i18next';
import type { LimitRow } from './alarm-limits.ts';
import { SECTIONS_BY_TYPE, type TypeSection } from './sections.ts';
import { findRvsLimit, RVS_AXES, RVS_QUANTITIES } from './sensor-rows.ts';

/**
 * What is wrong with the form, by field path (`mca_alarm_limit_sensor_new.3.warning`): the i18n key of the
 * message, or '' for a field that is wrong only together with another one that carries the message.
 */
export type FieldErrors = Readonly<Record<string, FieldMessage>>;

/** A field's message: the i18n key of what is wrong, or '' when another field of the pair carries the text. */
export type FieldMessage = ParseKeys | '';

export type Direction = 'high' | 'low';

export type ValidationContext = {
  modelTypeId: number;
  /** A sensor type's direction from the lookups; a type the lookups did not name counts as rising ('high'). */
  directionOf: (sensorTypeId: number) => Direction;
};

export const MESSAGES = {
  required: 'form.required',
  nameRequired: 'models.validation.nameRequired',
  number: 'models.validation.number',
  wholeNumber: 'models.validation.wholeNumber',
  persistence: 'models.validation.persistence',
  warningBelowAlarm: 'models.validation.warningBelowAlarm',
  warningAboveAlarm: 'models.validation.warningAboveAlarm',
  duplicate: 'models.validation.duplicate',
  twoTags: 'models.validation.twoTags',
  positive: 'models.validation.positive',
  notNegative: 'models.validation.notNegative',
  hoursPerDay: 'models.validation.hoursPerDay',
  learningDays: 'models.validation.learningDays',
  learningCaptures: 'models.validation.learningCaptures',
} as const;

const PERSISTENCE_MAX = 100;
/** The learning period's bounds (contracts `baselineSettings`, docs/baselines.md). */
export const LEARNING_DAYS = { min: 0, max: 365, default: 14 } as const;
export const LEARNING_CAPTURES = { min: 3, max: 100_000, default: 50 } as const;
const HOURS_PER_DAY = 24;

type Collect = (path: string, message: FieldMessage) => void;

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** An optional number: empty is fine, text that is not a number is not. */
function optionalNumber(add: Collect, path: string, value: number | null | undefined) {
  if (value !== null && value !== undefined && !Number.isFinite(value)) add(path, MESSAGES.number);
}

function requiredNumber(add: Collect, path: string, value: number | null | undefined) {
  if (!isNumber(value)) add(path, MESSAGES.number);
}

function requiredText(add: Collect, path: string, value: string) {
  if (value.trim() === '') add(path, MESSAGES.required);
}

/**
 * Warning and alarm on the right sides of each other (as the server checks): below the alarm for a value whose
 * status rises with it, above for a falling one. Checked only once both are numbers. `allowZeroPair`: EVS rows
 * start at 0 and 0 until they are filled in (spec 02 §4).
 */
export function limitOrderMessage(
  warning: number | null | undefined,
  alarm: number | null | undefined,
  direction: Direction,
  allowZeroPair = false,
): ParseKeys | null {
  if (!isNumber(warning) || !isNumber(alarm)) return null;
  if (allowZeroPair && warning === 0 && alarm === 0) return null;
  if (direction === 'high' && !(warning < alarm)) return MESSAGES.warningBelowAlarm;
  if (direction === 'low' && !(warning > alarm)) return MESSAGES.warningAboveAlarm;
  return null;
}

function limitPair(
  add: Collect,
  path: string,
  pair: { warning: number | null | undefined; alarm: number | null | undefined },
  direction: Direction,
  {
    required = false,
    allowZeroPair = false,
    names = ['warning', 'alarm'],
  }: { required?: boolean; allowZeroPair?: boolean; names?: readonly [string, string] } = {},
) {
  const [warningName, alarmName] = names;
  const check = required ? requiredNumber : optionalNumber;
  check(add, `${path}.${warningName}`, pair.warning);
  check(add, `${path}.${alarmName}`, pair.alarm);
  const order = limitOrderMessage(pair.warning, pair.alarm, direction, allowZeroPair);
  if (order) {
    add(`${path}.${warningName}`, order);
    add(`${path}.${alarmName}`, '');
  }
}

/** Spec 02 §3 'X out of Y': raise when X of the last Y samples are beyond a limit, 1 ≤ X ≤ Y ≤ 100. */
export function persistenceMessages(from: number, to: number): { from?: ParseKeys; to?: ParseKeys } {
  const messages: { from?: ParseKeys; to?: ParseKeys } = {};
  const whole = (value: number) => Number.isInteger(value);
  if (!whole(from)) messages.from = MESSAGES.wholeNumber;
  else if (from < 1 || from > PERSISTENCE_MAX) messages.from = MESSAGES.persistence;
  if (!whole(to)) messages.to = MESSAGES.wholeNumber;
  else if (to < 1 || to > PERSISTENCE_MAX) messages.to = MESSAGES.persistence;
  if (!messages.from && !messages.to && from > to) messages.from = MESSAGES.persistence;
  return messages;
}

/** Marks `<section>.<index>.<field>` of every row whose value an earlier row already has. */
function duplicates(add: Collect, section: string, field: string, values: readonly string[]) {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    const key = value.trim();
    if (key !== '' && seen.has(key)) add(`${section}.${index}.${field}`, MESSAGES.duplicate);
    seen.add(key);
  });
}

/** A sensor row needs an id and a name, and no two sensors of a model share an id. */
function sensorIdentities(
  add: Collect,
  section: string,
  rows: readonly { sensorId: string; sensorName: string }[],
) {
  rows.forEach((row, index) => {
    requiredText(add, `${section}.${index}.sensorId`, row.sensorId);
    requiredText(add, `${section}.${index}.sensorName`, row.sensorName);
  });
  duplicates(
    add,
    section,
    'sensorId',
    rows.map((row) => row.sensorId),
  );
}

const LIMIT_SECTIONS: readonly TypeSection[] = [
  'alarm_limit_sensor_new_in',
  'mca_alarm_limit_sensor_new',
  'vsd_alarm_limit_sensor_new_in',
  'vsd_tag_alarm_limit_in',
  'vsd_trend_signal_alarm_limit_sensor',
];

/**
 * Everything the form can say before saving, mirroring the server's checks (spec 02 §4–§5, contracts
 * `modelSettingsInput`, server `validateSettings`): required names, finite numbers, persistence, warning and alarm
 * order by the sensor's direction, duplicate ids. Only the sections of the model's type are looked at.
 */
export function validateModelSettings(settings: ModelSettings, context: ValidationContext): FieldErrors {
  const errors: Record<string, FieldMessage> = {};
  const add: Collect = (path, message) => {
    // The first message of a field is the one shown.
    if (!(path in errors) || errors[path] === '') errors[path] = message;
  };
  const own = new Set(SECTIONS_BY_TYPE[context.modelTypeId] ?? []);

  if (settings.model_in.title.trim() === '') add('model_in.title', MESSAGES.nameRequired);

  if (settings.alarm_management) {
    const { persistence_from, persistence_to } = settings.alarm_management;
    const messages = persistenceMessages(persistence_from, persistence_to);
    if (messages.from) add('alarm_management.persistence_from', messages.from);
    if (messages.to) add('alarm_management.persistence_to', messages.to);
  }

  if (settings.baseline_in) {
    const { learning_days, learning_captures } = settings.baseline_in;
    const within = (value: number, { min, max }: { min: number; max: number }) =>
      Number.isInteger(value) && value >= min && value <= max;
    if (!within(learning_days, LEARNING_DAYS)) add('baseline_in.learning_days', MESSAGES.learningDays);
    if (!within(learning_captures, LEARNING_CAPTURES))
      add('baseline_in.learning_captures', MESSAGES.learningCaptures);
  }

  for (const section of LIMIT_SECTIONS) {
    if (!own.has(section)) continue;
    const remainingLife = section === 'vsd_alarm_limit_sensor_new_in';
    (settings[section] as (LimitRow & { sensorTypeId: number })[]).forEach((row, index) => {
      const path = `${section}.${index}`;
      limitPair(add, path, row, context.directionOf(row.sensorTypeId));
      // Remaining life falls as it is used up: its RUL warning sits above its RUL alarm.
      limitPair(
        add,
        path,
        { warning: row.rul_warning, alarm: row.rul_alarm },
        remainingLife ? 'low' : 'high',
        {
          names: ['rul_warning', 'rul_alarm'],
        },
      );
    });
  }

  if (own.has('vsd_alarm_limit_sensor_new_in')) {
    settings.vsd_alarm_limit_sensor_new_in.forEach((row, index) => {
      const path = `vsd_alarm_limit_sensor_new_in.${index}`;
      if (!isNumber(row.initial_day)) add(`${path}.initial_day`, MESSAGES.number);
      else if (row.initial_day < 0) add(`${path}.initial_day`, MESSAGES.notNegative);
      if (!isNumber(row.avg_rate)) add(`${path}.avg_rate`, MESSAGES.number);
      else if (row.avg_rate < 0 || row.avg_rate > HOURS_PER_DAY)
        add(`${path}.avg_rate`, MESSAGES.hoursPerDay);
      optionalNumber(add, `${path}.l0`, row.l0);
      if (isNumber(row.l0) && row.l0 <= 0) add(`${path}.l0`, MESSAGES.positive);
      optionalNumber(add, `${path}.tmax`, row.tmax);
      optionalNumber(add, `${path}.expectedLifeTime`, row.expectedLifeTime);
    });
  }

  if (own.has('motor_data_in')) {
    settings.motor_data_in.forEach((row, index) => {
      optionalNumber(add, `motor_data_in.${index}.value`, row.value);
    });
  }

  if (own.has('v_and_i_locus_in')) {
    settings.v_and_i_locus_in.forEach((row, index) => {
      const path = `v_and_i_locus_in.${index}`;
      requiredText(add, `${path}.locus_name`, row.locus_name);
      for (const field of ['a', 'b', 'angle', 'e', 'area'] as const)
        requiredNumber(add, `${path}.${field}`, row[field]);
    });
    duplicates(
      add,
      'v_and_i_locus_in',
      'locus_name',
      settings.v_and_i_locus_in.map((row) => row.locus_name),
    );
  }

  if (own.has('q_setting_in')) {
    settings.q_setting_in.forEach((row, index) => {
      const path = `q_setting_in.${index}`;
      if (!row.tagA || !row.tagB) add(`${path}.tagCode`, MESSAGES.twoTags);
      limitPair(add, path, row, 'high', { required: true });
    });
    duplicates(
      add,
      'q_setting_in',
      'tagCode',
      settings.q_setting_in.map((row) => row.score),
    );
  }

  if (own.has('vibration_sensor_in')) {
    sensorIdentities(add, 'vibration_sensor_in', settings.vibration_sensor_in);
    settings.vibration_sensor_in.forEach((row, index) => {
      const path = `vibration_sensor_in.${index}`;
      for (const quantity of ['acceleration', 'velocity', 'temperature'] as const) {
        limitPair(add, `${path}.${quantity}`, row[quantity], 'high', { required: true, allowZeroPair: true });
      }
    });
  }

  if (own.has('raw_vibration_sensor_in')) {
    sensorIdentities(add, 'raw_vibration_sensor_in', settings.raw_vibration_sensor_in);
    settings.raw_vibration_sensor_in.forEach((row, index) => {
      const path = `raw_vibration_sensor_in.${index}`;
      optionalNumber(add, `${path}.rotatingSpeed`, row.rotatingSpeed);
      if (isNumber(row.rotatingSpeed) && row.rotatingSpeed <= 0)
        add(`${path}.rotatingSpeed`, MESSAGES.positive);
      for (const type of RVS_QUANTITIES) {
        for (const axis of RVS_AXES) {
          const limit = findRvsLimit(row, type, axis);
          if (limit) limitPair(add, `${path}.limits.${type}.${axis}`, limit, 'high', { required: true });
        }
      }
      limitPair(add, `${path}.temperatureLimit`, row.temperatureLimit, 'high', { required: true });
      // A battery runs down: its warning level sits above its alarm level.
      limitPair(add, `${path}.batteryLimit`, row.batteryLimit, 'low', { required: true });
    });
  }

  return errors;
}

/** Whether the form may be saved. */
export function isValid(errors: FieldErrors): boolean {
  return Object.keys(errors).length === 0;
}
