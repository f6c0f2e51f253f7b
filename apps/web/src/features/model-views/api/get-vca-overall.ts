import type { VcaOverallItem } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

/** Remaining life now of each part, % and years (`GET /api/v1/vca-result-data/overall`, kind 'rul_p_y'). */
export function useVcaOverall(modelId: string) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'vca-overall'],
    queryFn: ({ signal }) =>
      apiClient.get<VcaOverallItem[]>(
        `/api/v1/vca-result-data/overall?modelId=${modelId}&resultType=rul_p_y`,
        {
          signal,
        },
      ),
  });
}
