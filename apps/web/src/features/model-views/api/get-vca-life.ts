import type { VcaLifeTag, VcaRulResult, VcaTemperatureResult } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { type RangeQuery, steadyQuery } from './get-vca-trend.ts';
import { modelViewKeys } from './keys.ts';

type LifeKind = 'rul' | 'temperature';
type LifeResult<K extends LifeKind> = K extends 'rul' ? VcaRulResult : VcaTemperatureResult;

/**
 * A part's remaining life (`GET /api/v1/vca-result-data/rul`) or temperature (`/temperature`) over the range: the
 * chart a Remaining Life card loads when clicked.
 */
export function useVcaLife<K extends LifeKind>(
  modelId: string,
  kind: K,
  tagCode: VcaLifeTag | null,
  range: RangeQuery | undefined,
) {
  const query = steadyQuery(range);
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'vca-life', kind, tagCode, query],
    enabled: query !== undefined && tagCode !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const q = query as RangeQuery;
      const params = new URLSearchParams({
        modelId,
        tagCode: tagCode as string,
        startDate: q.from,
        endDate: q.to,
        width: String(q.width),
      });
      return apiClient.get<LifeResult<K>>(`/api/v1/vca-result-data/${kind}?${params}`, { signal });
    },
  });
}
