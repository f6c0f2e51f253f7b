import type { FaultEventHistory } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { faultEventsKeys } from './keys.ts';

/** The model's history log (issue 26 item 7): who acknowledged, commented, closed which event, in a period. */
export function getFaultEventHistory(
  modelId: string,
  start: string,
  end: string,
  { signal }: { signal?: AbortSignal } = {},
) {
  const params = new URLSearchParams({ equipment_model_id: modelId, startDate: start, endDate: end });
  return apiClient.get<FaultEventHistory>(`/api/v1/fault-event/history?${params}`, { signal });
}

export function faultEventHistoryQueryOptions(modelId: string, start: string, end: string) {
  return queryOptions({
    queryKey: faultEventsKeys.history(modelId, start, end),
    queryFn: ({ signal }) => getFaultEventHistory(modelId, start, end, { signal }),
  });
}

export function useFaultEventHistory(modelId: string, start: string, end: string) {
  return useQuery(faultEventHistoryQueryOptions(modelId, start, end));
}
