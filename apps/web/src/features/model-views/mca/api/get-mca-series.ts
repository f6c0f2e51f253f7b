import type { McaSeriesRow } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { mcaKeys } from './keys.ts';

export interface McaSeriesRequest {
  tabId: 21 | 22;
  from: string;
  to: string;
  isNormal: boolean;
  width: number;
  reloads: number;
}

/** Time Series Detail (21) or Frequency Detail (22) rows (`GET /api/v1/mca-result-data-new/{id}/result_data_new`). */
export function useMcaSeries(modelId: string, request: McaSeriesRequest | undefined) {
  return useQuery({
    queryKey: mcaKeys.series(modelId, request),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const r = request as McaSeriesRequest;
      const query = new URLSearchParams({
        tabId: String(r.tabId),
        startDate: r.from,
        endDate: r.to,
        isNormal: String(r.isNormal),
        width: String(r.width),
      });
      return apiClient.get<McaSeriesRow[]>(
        `/api/v1/mca-result-data-new/${modelId}/result_data_new?${query}`,
        {
          signal,
        },
      );
    },
  });
}
