import {
  type AlarmLimitRow,
  type LimitSection,
  limitSectionGroups,
  MOTOR_BEARING_TAGS,
  type ModelSettings,
  modelSettingsInput,
} from '@sdp/contracts';
import { badRequest } from '../../lib/http-error.ts';
import type { MasterData, SensorTypeRow } from './master.repository.ts';

type Section = keyof Omit<
  ModelSettings,
  'model_in' | 'configuration_in' | 'alarm_management' | 'baseline_in' | 'rvs_diagram_in'
>;

/**
 * Which sections each model type carries (spec 02 §2.2): its limit sections with the groups that feed them
 * (contracts' `limitSectionGroups`), and its other sections.
 */
const sectionsByType: Record<number, Partial<Record<Section, readonly string[] | true>>> = {
  1: { ...limitSectionGroups[1], v_and_i_locus_in: true, q_setting_in: true },
  2: { ...limitSectionGroups[2], motor_data_in: true },
  3: { ...limitSectionGroups[3], motor_data_in: true },
  4: { ...limitSectionGroups[4], vibration_sensor_in: true },
  5: { ...limitSectionGroups[5], raw_vibration_sensor_in: true },
};

const limitSections: LimitSection[] = [
  'alarm_limit_sensor_new_in',
  'mca_alarm_limit_sensor_new',
  'vsd_alarm_limit_sensor_new_in',
  'vsd_tag_alarm_limit_in',
  'vsd_trend_signal_alarm_limit_sensor',
];

const MOTOR_DATA_TAGS = [
  'rated_power',
  'rated_voltage',
  'rated_current',
  'rated_speed',
  'poles',
  'supply_frequency',
  'motor_power',
  'motor_speed',
  ...MOTOR_BEARING_TAGS,
];

/** Geometry of a catalogue bearing row for the analytics (mm and degrees). */
export function catalogueGeometry(row: MasterData['bearings'][number]) {
  return {
    rollingElements: row.rolling_elements,
    ballDiameter: row.ball_diameter_mm,
    pitchDiameter: row.pitch_diameter_mm,
    contactAngleDeg: row.contact_angle_deg,
  };
}

function isBearingTag(tag: string): boolean {
  return (MOTOR_BEARING_TAGS as readonly string[]).includes(tag);
}

/** The catalogue bearing of a designation such as '6316 C3': the clearance suffix does not change the geometry. */
function catalogueBearing(master: MasterData, designation: string): number | null {
  const text = designation.trim();
  const exact = master.bearings.find((bearing) => bearing.designation === text);
  const base = master.bearings.find((bearing) => bearing.designation === text.split(/\s+/)[0]);
  return (exact ?? base)?.id ?? null;
}

function typeTitle(master: MasterData, typeId: number) {
  return master.types.find((type) => type.id === typeId)?.title ?? `type ${typeId}`;
}

function groupsOf(master: MasterData, typeId: number, codes: readonly string[]) {
  return new Set(
    master.groups
      .filter((group) => group.model_type_id === typeId && codes.includes(group.code))
      .map((group) => group.id),
  );
}

function defaultRow(sensor: SensorTypeRow): AlarmLimitRow {
  return {
    sensorTypeId: sensor.id,
    sensorGroupId: sensor.group_id,
    warning: sensor.default_warning,
    alarm: sensor.default_alarm,
    rul_warning: null,
    rul_alarm: null,
    isSelect: true,
    isAlert: true,
  };
}

/**
 * A model's stored settings document read back through the form's schema, so older documents gain new defaults;
 * a missing or unreadable document reads as an empty form.
 */
export function readSettings(document: unknown, title: string): ModelSettings {
  const parsed = modelSettingsInput.safeParse(document ?? { model_in: { title } });
  return parsed.success ? parsed.data : modelSettingsInput.parse({ model_in: { title } });
}

/** A new model's configuration: every information item, the master persistence, every sensor type with its default limits. */
export function defaultSettings(typeId: number, title: string, master: MasterData): ModelSettings {
  const sections = sectionsByType[typeId] ?? {};
  const rowsFor = (section: Section) => {
    const codes = sections[section];
    if (!Array.isArray(codes)) return [];
    const groups = groupsOf(master, typeId, codes);
    return master.sensorTypes.filter((sensor) => groups.has(sensor.group_id)).map(defaultRow);
  };
  const persistence = master.persistence.find((row) => row.model_type_id === typeId);
  const items = master.configurationItems.filter((item) => item.model_type_id === typeId);
  return {
    model_in: { title, isActive: 'active', isRVSRealtimeReport: false },
    configuration_in: items.map((item) => item.id),
    alarm_management: {
      persistence_from: persistence?.persistence_from ?? 3,
      persistence_to: persistence?.persistence_to ?? 5,
    },
    alarm_limit_sensor_new_in: rowsFor('alarm_limit_sensor_new_in'),
    mca_alarm_limit_sensor_new: rowsFor('mca_alarm_limit_sensor_new'),
    vsd_alarm_limit_sensor_new_in: rowsFor('vsd_alarm_limit_sensor_new_in').map((row) => ({
      ...row,
      tagCode: master.sensorTypes.find((sensor) => sensor.id === row.sensorTypeId)?.tag_code,
      brandId: null,
      vsdModelId: null,
      initial_day: 0,
      avg_rate: 24,
      l0: null,
      tmax: null,
      expectedLifeTime: null,
      rul_warning: row.warning,
      rul_alarm: row.alarm,
    })),
    vsd_tag_alarm_limit_in: rowsFor('vsd_tag_alarm_limit_in'),
    vsd_trend_signal_alarm_limit_sensor: rowsFor('vsd_trend_signal_alarm_limit_sensor'),
    motor_data_in: sections.motor_data_in
      ? items
          .filter((item) => MOTOR_DATA_TAGS.includes(item.tag_code))
          .map((item) =>
            isBearingTag(item.tag_code)
              ? {
                  modelConfigurationTagCode: item.tag_code,
                  title: item.title,
                  value: null,
                  bearingId: catalogueBearing(master, item.default_value),
                }
              : {
                  modelConfigurationTagCode: item.tag_code,
                  title: item.title,
                  value: Number(item.default_value) || null,
                },
          )
      : [],
    v_and_i_locus_in: [],
    q_setting_in: [],
    vibration_sensor_in: [],
    raw_vibration_sensor_in: [],
    rvs_diagram_in: { diagram_url: null },
  };
}

/**
 * Checks everything a form cannot: sections belong to the model's type, sensor types and groups to the section,
 * ids exist, no duplicates, and warning on the right side of alarm for the sensor's direction. Throws 400.
 */
export function validateSettings(typeId: number, settings: ModelSettings, master: MasterData): void {
  const type = typeTitle(master, typeId);
  const sections = sectionsByType[typeId] ?? {};
  const fail = (message: string) => {
    throw badRequest(message);
  };

  for (const section of Object.keys(sectionsByType).flatMap((id) =>
    Object.keys(sectionsByType[Number(id)] ?? {}),
  ) as Section[]) {
    if (!sections[section] && (settings[section] as unknown[]).length > 0)
      fail(`${section} does not belong to a ${type} model.`);
  }

  const items = new Set(
    master.configurationItems.filter((item) => item.model_type_id === typeId).map((item) => item.id),
  );
  for (const id of settings.configuration_in)
    if (!items.has(id)) fail(`configuration_in: item ${id} does not belong to a ${type} model.`);

  const sensors = new Map(master.sensorTypes.map((sensor) => [sensor.id, sensor]));
  for (const section of limitSections) {
    const codes = sections[section];
    if (!Array.isArray(codes)) continue;
    const groups = groupsOf(master, typeId, codes);
    const seen = new Set<number>();
    for (const row of settings[section] as AlarmLimitRow[]) {
      const sensor = sensors.get(row.sensorTypeId);
      if (!sensor || !groups.has(sensor.group_id))
        fail(
          `${section}: sensor type ${row.sensorTypeId} does not belong to this section of a ${type} model.`,
        );
      const known = sensor as SensorTypeRow;
      if (row.sensorGroupId !== undefined && row.sensorGroupId !== known.group_id) {
        fail(
          `${section}: sensor type ${known.id} (${known.name}) belongs to group ${known.group_id}, not ${row.sensorGroupId}.`,
        );
      }
      if (seen.has(known.id)) fail(`${section}: sensor type ${known.id} (${known.name}) appears twice.`);
      seen.add(known.id);
      checkOrder(`${section}: ${known.name}`, row.warning, row.alarm, known.direction, fail);
      // Remaining life falls as it is used up: its warning sits above its alarm. 0/0 is the untouched default of
      // apply-to-all (spec 02 §4), not an order.
      checkOrder(
        `${section}: ${known.name} RUL`,
        row.rul_warning,
        row.rul_alarm,
        section === 'vsd_alarm_limit_sensor_new_in' ? 'low' : 'high',
        fail,
        true,
      );
    }
  }

  for (const row of settings.vsd_alarm_limit_sensor_new_in) {
    if (row.brandId !== null && !master.brands.some((brand) => brand.id === row.brandId))
      fail(`Unknown VSD brand ${row.brandId}.`);
    if (row.vsdModelId !== null) {
      const model = master.vsdModels.find((candidate) => candidate.id === row.vsdModelId);
      if (!model || (row.brandId !== null && model.brand_id !== row.brandId))
        fail(`VSD model ${row.vsdModelId} is not a model of brand ${row.brandId}.`);
    }
  }

  unique(
    'v_and_i_locus_in',
    settings.v_and_i_locus_in.map((row) => row.locus_name),
    fail,
  );
  for (const row of settings.q_setting_in)
    checkOrder(`q_setting_in: ${row.score}`, row.warning, row.alarm, 'high', fail);

  const points = new Set(master.sensorPoints.map((point) => point.id));
  const templates = new Set(master.machineTemplates.map((template) => template.id));
  unique(
    'vibration_sensor_in',
    settings.vibration_sensor_in.map((row) => row.sensorId),
    fail,
  );
  for (const row of settings.vibration_sensor_in) {
    if (!points.has(row.sensorPointId))
      fail(`vibration_sensor_in: unknown sensor point ${row.sensorPointId}.`);
    if (!templates.has(row.machineTemplateId))
      fail(`vibration_sensor_in: unknown machine template ${row.machineTemplateId}.`);
    for (const quantity of ['acceleration', 'velocity', 'temperature'] as const) {
      checkOrder(
        `vibration_sensor_in: ${row.sensorId} ${quantity}`,
        row[quantity].warning,
        row[quantity].alarm,
        'high',
        fail,
        true,
      );
    }
  }

  const bearings = new Set(master.bearings.map((bearing) => bearing.id));
  for (const row of settings.motor_data_in) {
    if (row.bearingId !== undefined && row.bearingId !== null && !bearings.has(row.bearingId))
      fail(`motor_data_in: ${row.modelConfigurationTagCode} refers to unknown bearing ${row.bearingId}.`);
  }
  unique(
    'raw_vibration_sensor_in',
    settings.raw_vibration_sensor_in.map((row) => row.sensorId),
    fail,
  );
  for (const row of settings.raw_vibration_sensor_in) {
    if (row.bearingId !== null && !bearings.has(row.bearingId))
      fail(`raw_vibration_sensor_in: unknown bearing ${row.bearingId}.`);
    unique(
      `raw_vibration_sensor_in ${row.sensorId} limits`,
      row.limits.map((limit) => `${limit.type}/${limit.axis}`),
      fail,
    );
    for (const limit of row.limits)
      checkOrder(
        `raw_vibration_sensor_in: ${row.sensorId} ${limit.type} ${limit.axis}`,
        limit.warning,
        limit.alarm,
        'high',
        fail,
      );
    checkOrder(
      `raw_vibration_sensor_in: ${row.sensorId} temperature`,
      row.temperatureLimit.warning,
      row.temperatureLimit.alarm,
      'high',
      fail,
    );
    checkOrder(
      `raw_vibration_sensor_in: ${row.sensorId} battery`,
      row.batteryLimit.warning,
      row.batteryLimit.alarm,
      'low',
      fail,
    );
  }
}

function checkOrder(
  what: string,
  warning: number | null | undefined,
  alarm: number | null | undefined,
  direction: 'high' | 'low',
  fail: (message: string) => void,
  allowZeroPair = false,
) {
  if (warning === null || warning === undefined || alarm === null || alarm === undefined) return;
  // New EVS rows start at 0/0 (spec 02 §4) until the user fills them in.
  if (allowZeroPair && warning === 0 && alarm === 0) return;
  if (direction === 'high' && !(warning < alarm))
    fail(`${what}: the warning limit must be below the alarm limit.`);
  if (direction === 'low' && !(warning > alarm))
    fail(`${what}: for a falling value the warning limit must be above the alarm limit.`);
}

function unique(what: string, values: string[], fail: (message: string) => void) {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) fail(`${what}: ${value} appears twice.`);
    seen.add(value);
  }
}

/**
 * The tags a model is monitored by, as gateways name them in ingestion and fault events do in messages:
 * transformer, MCA and VCA use the sensor type's tag code (h2, top_oil_temperature …); EVS `<sensorId>.<quantity>`;
 * RVS `<sensorId>.<quantity>.<axis>` for acceleration, velocity and envelope, `<sensorId>.temperature` and `<sensorId>.battery`.
 */
export function monitoredTags(settings: ModelSettings, master: MasterData): string[] {
  const sensors = new Map(master.sensorTypes.map((sensor) => [sensor.id, sensor.tag_code]));
  const limitRows = [
    ...settings.alarm_limit_sensor_new_in,
    ...settings.mca_alarm_limit_sensor_new,
    ...settings.vsd_alarm_limit_sensor_new_in,
    ...settings.vsd_tag_alarm_limit_in,
    ...settings.vsd_trend_signal_alarm_limit_sensor,
  ];
  const tags = limitRows
    .filter((row) => row.isSelect)
    .map((row) => sensors.get(row.sensorTypeId) ?? String(row.sensorTypeId));
  for (const row of settings.vibration_sensor_in) {
    if (row.selected)
      tags.push(`${row.sensorId}.acceleration`, `${row.sensorId}.velocity`, `${row.sensorId}.temperature`);
  }
  for (const row of settings.raw_vibration_sensor_in) {
    for (const quantity of ['acceleration', 'velocity', 'envelope']) {
      for (const axis of ['x', 'y', 'z']) tags.push(`${row.sensorId}.${quantity}.${axis}`);
    }
    tags.push(`${row.sensorId}.temperature`, `${row.sensorId}.battery`);
  }
  for (const row of settings.q_setting_in) tags.push(row.score);
  return [...new Set(tags)];
}
