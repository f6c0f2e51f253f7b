import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { LOOKUP_STALE_TIME, modelsKeys } from './keys.ts';

/** Where a vibration sensor sits ('Motor DE', 'Pump NDE'). */
export type SensorPoint = { id: number; name: string };

export function getSensorPoints({ signal }: { signal?: AbortSignal } = {}): Promise<SensorPoint[]> {
  return apiClient.get<SensorPoint[]>('/api/v1/sensor-points', { signal });
}

export function sensorPointsQueryOptions() {
  return queryOptions({
    queryKey: modelsKeys.sensorPoints(),
    queryFn: ({ signal }) => getSensorPoints({ signal }),
    staleTime: LOOKUP_STALE_TIME,
  });
}

export function useSensorPoints() {
  return useQuery(sensorPointsQueryOptions());
}
