import type { TrSeries } from '@sdp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { modelViewKeys } from './keys.ts';

export type RangeQuery = { from: string; to: string; width: number; isNormal: boolean; reloads: number };

/** VSD trend signals with limits (`GET /api/v1/vca-model-trend-signal/trend-signal/new`), every trend tag. */
export function useVcaTrend(modelId: string, query: RangeQuery | undefined) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'vca-trend', query],
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const q = query as RangeQuery;
      const params = new URLSearchParams({
        modelId,
        startDate: q.from,
        endDate: q.to,
        isNormal: String(q.isNormal),
        width: String(q.width),
      });
      return apiClient.get<TrSeries[]>(`/api/v1/vca-model-trend-signal/trend-signal/new?${params}`, {
        signal,
      });
    },
  });
}
