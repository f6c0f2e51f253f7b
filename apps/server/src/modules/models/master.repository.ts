import type { Db } from '../../db/pool.ts';
import type {
  AlarmLimitGroupsTable,
  AlarmManagementMasterTable,
  BearingsTable,
  ConfigurationItemsTable,
  HealthMonitoringTabsTable,
  MachineTemplatesTable,
  ModelTypesTable,
  NamedTable,
  SensorTypesTable,
  VsdBrandsTable,
  VsdModelsTable,
} from '../../db/schema.ts';

/** Master data rows are read as the migration defines them: the table types of db/schema.ts are their types. */
export type SensorTypeRow = SensorTypesTable;

export interface MasterData {
  types: ModelTypesTable[];
  configurationItems: ConfigurationItemsTable[];
  groups: AlarmLimitGroupsTable[];
  sensorTypes: SensorTypeRow[];
  persistence: AlarmManagementMasterTable[];
  brands: VsdBrandsTable[];
  vsdModels: VsdModelsTable[];
  sensorPoints: NamedTable[];
  machineTemplates: MachineTemplatesTable[];
  bearings: BearingsTable[];
  tabs: HealthMonitoringTabsTable[];
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
