import type { TrTagResult } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import type { RangeQuery } from './get-tr-losses.ts';
import { modelViewKeys } from './keys.ts';

/** Tag A against tag B at the same instants, with the learned baseline (`GET /correlation/tag-result`). */
export function useTagResult(
  modelId: string,
  pair: { tagA: string; tagB: string } | undefined,
  query: Pick<RangeQuery, 'from' | 'to' | 'reloads'> | undefined,
) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'tag-result', pair, query],
    queryFn: ({ signal }) =>
      apiClient.get<TrTagResult>('/api/v1/correlation/tag-result', {
        signal,
        query: { modelId, tagA: pair?.tagA, tagB: pair?.tagB, startDate: query?.from, endDate: query?.to },
      }),
    enabled: pair !== undefined && query !== undefined,
    placeholderData: keepPreviousData,
  });
}
