import type { TrDgaDetail } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';

/** The zones of Duval Triangle 1 with their plot polygons (`GET /advance-analysis/dga-detail`); never change. */
export function useDgaDetail() {
  return useQuery({
    queryKey: ['dga-detail'],
    queryFn: ({ signal }) => apiClient.get<TrDgaDetail>('/api/v1/advance-analysis/dga-detail', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
