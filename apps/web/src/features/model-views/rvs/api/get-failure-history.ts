import type { RvsHistoryResult } from '@sdp/contracts';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { rvsKeys } from './keys.ts';

/** 0/1/2 state of each failure mode per capture; only when unlocked and chosen. */
export function useFailureHistory(
  modelId: string,
  search: { sensorId: string; from: string; to: string } | undefined,
) {
  return useQuery({
    queryKey: rvsKeys.of(modelId, 'failure-history', { ...search }),
    enabled: Boolean(search),
    queryFn: ({ signal }) =>
      apiClient.get<RvsHistoryResult>(`/api/v1/rvs-failure-mode/graph/history-failure-mode/${modelId}`, {
        signal,
        query: { sensorId: search?.sensorId, startdate: search?.from, enddate: search?.to },
      }),
  });
}
