import type { TrLosses } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

export interface RangeQuery {
  from: string;
  to: string;
  width: number;
  reloads?: number;
}

/** Losses of a transformer over a range (`GET /advance-analysis/transformer-losses`). */
export function useTrLosses(modelId: string, query: RangeQuery | undefined) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'tr-losses', query],
    queryFn: ({ signal }) =>
      apiClient.get<TrLosses>('/api/v1/advance-analysis/transformer-losses', {
        signal,
        query: { modelId, startDate: query?.from, endDate: query?.to, width: query?.width },
      }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}
