import type { EvsResult, EvsSensorType } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { type RangeQuery, steadyQuery } from './get-vca-trend.ts';
import { modelViewKeys } from './keys.ts';

/** EVS Current Analysis of a sensor type: one line per unit id (`GET /api/v1/evs/result`). */
export function useEvsResult(modelId: string, sensorType: EvsSensorType, range: RangeQuery | undefined) {
  const query = steadyQuery(range);
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'evs-result', sensorType, query],
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const q = query as RangeQuery;
      const params = new URLSearchParams({
        modelId,
        groupCode: sensorType,
        startDate: q.from,
        endDate: q.to,
        isNormal: String(q.isNormal),
        width: String(q.width),
      });
      return apiClient.get<EvsResult>(`/api/v1/evs/result?${params}`, { signal });
    },
  });
}
