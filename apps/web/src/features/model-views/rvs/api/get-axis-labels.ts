import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import type { RvsAxisLabels } from './get-rvs-sensors.ts';
import { rvsKeys } from './keys.ts';

/** A sensor's axis labels (`GET /rvs-graph-result/axis-filter`), H, V, A unless configured. */
export function useAxisLabels(modelId: string, sensorId: string | undefined) {
  return useQuery({
    queryKey: rvsKeys.of(modelId, 'axis-filter', { sensorId }),
    enabled: Boolean(sensorId),
    queryFn: ({ signal }) =>
      apiClient.get<RvsAxisLabels>('/api/v1/rvs-graph-result/axis-filter', {
        signal,
        query: { modelId, sensor_id: sensorId },
      }),
  });
}
