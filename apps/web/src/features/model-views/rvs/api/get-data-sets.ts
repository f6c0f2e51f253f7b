import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import type { RvsDataSet } from './get-rvs-sensors.ts';
import { rvsKeys } from './keys.ts';

/** Data sets (captures) of a sensor axis, newest first. */
export function useDataSets(modelId: string, sensor: string | undefined, axis: string) {
  return useQuery({
    queryKey: rvsKeys.of(modelId, 'file-names', { sensor, axis }),
    enabled: Boolean(sensor),
    queryFn: ({ signal }) =>
      apiClient.get<RvsDataSet[]>('/api/v1/rvs-graph-result/file-names', {
        signal,
        query: { modelId, sensor, axis },
      }),
  });
}
