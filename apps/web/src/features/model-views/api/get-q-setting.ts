import type { TrQSetting } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

/** The correlation (anomaly) pairs of a model (`GET /correlation/q-setting`). */
export function useQSetting(modelId: string) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'q-setting'],
    queryFn: ({ signal }) =>
      apiClient.get<TrQSetting[]>('/api/v1/correlation/q-setting', { signal, query: { modelId } }),
  });
}
