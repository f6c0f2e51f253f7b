import type { RvsSensorDetailRow } from '@sdp/contracts';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { rvsKeys } from './keys.ts';

/** Sensor Detail rows: last overall values with limits and statuses. */
export function useSensorDetail(modelId: string) {
  return useQuery({
    queryKey: rvsKeys.of(modelId, 'sensor-detail'),
    queryFn: ({ signal }) =>
      apiClient.get<RvsSensorDetailRow[]>('/api/v1/rvs-result/sensor-detail', { signal, query: { modelId } }),
  });
}
