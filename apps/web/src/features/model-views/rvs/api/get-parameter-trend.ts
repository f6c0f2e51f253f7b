import type { RvsParameterTrendResult } from '@sdp/contracts';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { rvsKeys } from './keys.ts';

/** A fault parameter's trend per axis with fast and slow averages; only when unlocked and chosen. */
export function useParameterTrend(
  modelId: string,
  search: { sensorId: string; parameter: string; keyValue: string; from: string; to: string } | undefined,
) {
  return useQuery({
    queryKey: rvsKeys.of(modelId, 'parameter-trend', { ...search }),
    enabled: Boolean(search),
    queryFn: ({ signal }) =>
      apiClient.get<RvsParameterTrendResult>('/api/v1/rvs-result/parameter-trend', {
        signal,
        query: {
          modelId,
          sensorId: search?.sensorId,
          parameter: search?.parameter,
          keyValue: search?.keyValue,
          startDate: search?.from,
          endDate: search?.to,
        },
      }),
  });
}
