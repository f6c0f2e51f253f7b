import type { Db } from '../../db/pool.ts';

export interface SensorTypeRow {
  id: number;
  group_id: number;
  model_type_id: number;
  tag_code: string;
  name: string;
  unit: string;
  default_warning: number | null;
  default_alarm: number | null;
  direction: 'high' | 'low';
}

export interface MasterData {
  types: { id: number; title: string; short_code: string; information_title: string }[];
  configurationItems: {
    id: number;
    model_type_id: number;
    tag_code: string;
    title: string;
    unit_code: string;
    default_value: string;
  }[];
  groups: { id: number; model_type_id: number; code: string; name: string }[];
  sensorTypes: SensorTypeRow[];
  persistence: { model_type_id: number; persistence_from: number; persistence_to: number }[];
  brands: { id: number; name: string }[];
  vsdModels: {
    id: number;
    brand_id: number;
    name: string;
    capacitor_l0_hours: number;
    capacitor_t0_c: number;
    fan_l10_hours: number;
    fan_t0_c: number;
  }[];
  sensorPoints: { id: number; name: string }[];
  machineTemplates: { id: number; name: string; description: string }[];
  bearings: {
    id: number;
    designation: string;
    rolling_elements: number;
    ball_diameter_mm: number;
    pitch_diameter_mm: number;
    contact_angle_deg: number;
  }[];
  tabs: { id: number; model_type_id: number; key: string; name: string; group_code: string }[];
}

/** Master data ships with the migrations and never changes while the server runs: read once, then from memory. */
export function createMasterRepository(db: Db) {
  let cached: Promise<MasterData> | null = null;
  const load = async (): Promise<MasterData> => {
    const [
      types,
      configurationItems,
      groups,
      sensorTypes,
      persistence,
      brands,
      vsdModels,
      sensorPoints,
      machineTemplates,
      bearings,
      tabs,
    ] = await Promise.all([
      db.selectFrom('model_types').selectAll().orderBy('id').execute(),
      db.selectFrom('configuration_items').selectAll().orderBy('id').execute(),
      db.selectFrom('alarm_limit_groups').selectAll().orderBy('id').execute(),
      db.selectFrom('sensor_types').selectAll().orderBy('id').execute(),
      db.selectFrom('alarm_management_master').selectAll().orderBy('model_type_id').execute(),
      db.selectFrom('vsd_brands').selectAll().orderBy('id').execute(),
      db.selectFrom('vsd_models').selectAll().orderBy('id').execute(),
      db.selectFrom('sensor_points').selectAll().orderBy('id').execute(),
      db.selectFrom('machine_templates').selectAll().orderBy('id').execute(),
      db.selectFrom('bearings').selectAll().orderBy('id').execute(),
      db.selectFrom('health_monitoring_tabs').selectAll().orderBy('id').execute(),
    ]);
    return {
      types,
      configurationItems,
      groups,
      sensorTypes,
      persistence,
      brands,
      vsdModels,
      sensorPoints,
      machineTemplates,
      bearings,
      tabs,
    };
  };
  return {
    get(): Promise<MasterData> {
      cached ??= load().catch((error) => {
        cached = null;
        throw error;
      });
      return cached;
    },
  };
}

export type MasterRepository = ReturnType<typeof createMasterRepository>;
