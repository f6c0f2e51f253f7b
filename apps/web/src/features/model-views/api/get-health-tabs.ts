import { apiClient } from '../../../lib/api-client.ts';
import { MODEL_VIEW_QUERY_ROOT } from '../../../lib/query-roots.ts';
import { useQuery } from '../../../lib/use-query.ts';

/** A secondary tab of Health Monitoring (spec 02 §3 "Secondary tab"). */
export interface HealthTab {
  id: number;
  key: string;
  name: string;
  groupCode: string;
}

/** A sensor type of an alarm limit group: the tag it reads, its name and unit. */
export interface HealthSensorType {
  id: number;
  name: string;
  tagCode: string;
  unit: string;
}

interface LimitGroup {
  code: string;
  sensorTypes: HealthSensorType[];
}

/** A secondary tab with the sensor types of its group, in the master data's order. */
export interface HealthTabWithSensors extends HealthTab {
  sensorTypes: HealthSensorType[];
}

/** Tabs and groups of a model type join on the group code: each tab shows the sensor types of its group. */
export function joinTabsAndGroups(
  tabs: readonly HealthTab[],
  groups: readonly LimitGroup[],
): HealthTabWithSensors[] {
  const byCode = new Map(groups.map((group) => [group.code, group.sensorTypes]));
  return tabs.map((tab) => ({ ...tab, sensorTypes: byCode.get(tab.groupCode) ?? [] }));
}

/**
 * The Health Monitoring secondary tabs of a model type with their sensor types (`/health-monitoring/tabs` and the
 * alarm limit master of the type). Master data: fetched once per visit; a failure leaves no tabs (spec 02 §8).
 */
export function useHealthTabs(modelTypeId: number) {
  return useQuery({
    queryKey: [MODEL_VIEW_QUERY_ROOT, 'lookups', 'health-tabs', modelTypeId],
    queryFn: async ({ signal }) => {
      const query = { equipment_type: modelTypeId };
      const [tabs, groups] = await Promise.all([
        apiClient.get<HealthTab[]>('/api/v1/health-monitoring/tabs', { signal, query }),
        apiClient.get<LimitGroup[]>('/api/v1/equipment-models/alarm-limit-group_master/all', {
          signal,
          query,
        }),
      ]);
      return joinTabsAndGroups(tabs, groups);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
