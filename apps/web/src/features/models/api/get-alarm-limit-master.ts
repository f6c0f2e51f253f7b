import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { LOOKUP_STALE_TIME, modelsKeys } from './keys.ts';

/**
 * A measured or computed tag with its default limits. `direction` 'high': the status rises with the value (warning
 * below alarm); 'low': it rises as the value falls (warning above alarm).
 */
export type SensorType = {
  id: number;
  name: string;
  tagCode: string;
  unit: string;
  sensorGroupId: number;
  equipmentModelTypeId: number;
  warning: number | null;
  alarm: number | null;
  direction: 'high' | 'low';
};

/** An alarm limit group of a model type ('Rotor', 'H Main Tank DGA', 'Remaining life') with its sensor types. */
export type AlarmLimitGroup = {
  id: number;
  name: string;
  code: string;
  equipmentModelTypeId: number;
  sensorTypes: SensorType[];
};

/** The alarm limit master form of a model type: its groups, each with its sensor types and default limits. */
export function getAlarmLimitMaster(
  modelTypeId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AlarmLimitGroup[]> {
  return apiClient.get<AlarmLimitGroup[]>('/api/v1/equipment-models/alarm-limit-group_master/all', {
    query: { equipment_type: modelTypeId },
    signal,
  });
}

export function alarmLimitMasterQueryOptions(modelTypeId: number) {
  return queryOptions({
    queryKey: modelsKeys.alarmLimitMaster(modelTypeId),
    queryFn: ({ signal }) => getAlarmLimitMaster(modelTypeId, { signal }),
    staleTime: LOOKUP_STALE_TIME,
  });
}

export function useAlarmLimitMaster(modelTypeId: number) {
  return useQuery(alarmLimitMasterQueryOptions(modelTypeId));
}
