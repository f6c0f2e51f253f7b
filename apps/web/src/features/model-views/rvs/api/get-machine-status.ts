import type { RvsOverallFailureMode } from '@sdp/contracts';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { rvsKeys } from './keys.ts';

/** Machine Status: the worst sensor and each sensor's status. */
export function useMachineStatus(modelId: string) {
  return useQuery({
    queryKey: rvsKeys.of(modelId, 'overall-failure-mode'),
    queryFn: ({ signal }) =>
      apiClient.get<RvsOverallFailureMode>(`/api/v1/rvs-failure-mode/overall-failure-mode/${modelId}`, {
        signal,
      }),
  });
}
