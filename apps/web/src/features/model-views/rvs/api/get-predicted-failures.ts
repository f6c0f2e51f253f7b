import type { RvsPredictedFailure } from '@sdp/contracts';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { rvsKeys } from './keys.ts';

/** Predicted failures per sensor from its newest capture; never asked for while locked. */
export function usePredictedFailures(modelId: string, unlocked: boolean) {
  return useQuery({
    queryKey: rvsKeys.of(modelId, 'predicted-failures'),
    enabled: unlocked,
    queryFn: ({ signal }) =>
      apiClient.get<RvsPredictedFailure[]>(`/api/v1/rvs-failure-mode/model-failure-mode/${modelId}`, {
        signal,
      }),
  });
}
