import type { TrScoreResult } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import type { RangeQuery } from './get-tr-losses.ts';
import { modelViewKeys } from './keys.ts';

/** The anomaly score trend of one pair with its limits (`GET /correlation/score-result`). */
export function useScoreResult(modelId: string, score: string | undefined, query: RangeQuery | undefined) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'score-result', score, query],
    queryFn: ({ signal }) =>
      apiClient.get<TrScoreResult>('/api/v1/correlation/score-result', {
        signal,
        query: { modelId, score, startDate: query?.from, endDate: query?.to, width: query?.width },
      }),
    enabled: score !== undefined && query !== undefined,
    placeholderData: keepPreviousData,
  });
}
