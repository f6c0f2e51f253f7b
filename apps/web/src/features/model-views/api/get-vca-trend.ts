import type { TrSeries } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

export type RangeQuery = { from: string; to: string; width: number; isNormal: boolean; reloads: number };

/**
 * The query with its width in steps of 200 px: a scrollbar coming and going as a chart fills in moves the plot
 * width by a few pixels, which must not start another fetch (and another layout) each time.
 */
export function steadyQuery(query: RangeQuery | undefined): RangeQuery | undefined {
  return query && { ...query, width: Math.max(200, Math.round(query.width / 200) * 200) };
}

/** VSD trend signals with limits (`GET /api/v1/vca-model-trend-signal/trend-signal/new`), every trend tag. */
export function useVcaTrend(modelId: string, range: RangeQuery | undefined) {
  const query = steadyQuery(range);
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
