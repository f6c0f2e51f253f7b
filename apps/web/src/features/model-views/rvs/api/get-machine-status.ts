import type { RvsOverallFailureMode } from '@sdp/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client.ts';
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
