import type { RvsTrendResult } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { rvsKeys } from './keys.ts';

export interface TrendSearch {
  sensors: readonly string[];
  phase: string;
  from: string;
  to: string;
  isNormal: boolean;
  width: number;
  reloads: number;
}

/** Overall values of up to two sensors on every axis over a range. */
export function useOverallTrend(modelId: string, search: TrendSearch | undefined) {
  return useQuery({
    queryKey: rvsKeys.of(modelId, 'trend', { ...search }),
    enabled: Boolean(search),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiClient.get<RvsTrendResult>('/api/v1/rvs-graph-result/trend', {
        signal,
        query: {
          modelId,
          phase: search?.phase,
          sensor: search?.sensors.join(','),
          startDate: search?.from,
          endDate: search?.to,
          isNormal: search?.isNormal,
          width: search?.width,
        },
      }),
  });
}
