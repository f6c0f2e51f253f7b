import type { MasterData } from '../src/modules/models/master.repository.ts';

/** Master data for a service test: every list empty but the ones the test gives. */
export function masterData(lists: Partial<MasterData>): MasterData {
  return {
    types: [],
    configurationItems: [],
    groups: [],
    sensorTypes: [],
    persistence: [],
    brands: [],
    vsdModels: [],
    sensorPoints: [],
    machineTemplates: [],
    bearings: [],
    tabs: [],
    ...lists,
  };
}
