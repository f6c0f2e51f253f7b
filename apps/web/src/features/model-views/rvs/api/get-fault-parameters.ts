import type { rvsFaultParameter } from '@sdp/contracts';
import type { z } from 'zod';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { rvsKeys } from './keys.ts';

export type RvsFaultParameter = z.infer<typeof rvsFaultParameter>;

/** Fault parameters and their trends; never asked for while the view is locked. */
export function useFaultParameters(modelId: string, unlocked: boolean) {
  return useQuery({
    queryKey: rvsKeys.of(modelId, 'fault-parameters'),
    enabled: unlocked,
    queryFn: ({ signal }) =>
      apiClient.get<RvsFaultParameter[]>('/api/v1/rvs-result/fault-parameters', {
        signal,
        query: { modelId },
      }),
  });
}
