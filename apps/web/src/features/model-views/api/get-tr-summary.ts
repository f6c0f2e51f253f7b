import type { TrSummaryStatus } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

/** Transformer detail of spec 02 §2.4 (`GET /api/v1/equipment-models/tr-summary-status/{id}`). */
export function useTrSummary(modelId: string) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'tr-summary'],
    queryFn: ({ signal }) =>
      apiClient.get<TrSummaryStatus>(`/api/v1/equipment-models/tr-summary-status/${modelId}`, { signal }),
  });
}
