import type { FaultEventList } from '@sdp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { faultEventsKeys } from './keys.ts';

/** New fault events and history of a model (spec 03 §7.3): month and year 0 for every event. */
export function getFaultEvents(
  modelId: string,
  month: number,
  year: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FaultEventList> {
  return apiClient.get<FaultEventList>(`/api/v1/fault-event/${modelId}?month=${month}&year=${year}`, {
    signal,
  });
}

export function faultEventsQueryOptions(modelId: string, month: number, year: number) {
  return queryOptions({
    queryKey: faultEventsKeys.list(modelId, month, year),
    queryFn: ({ signal }) => getFaultEvents(modelId, month, year, { signal }),
  });
}

export function useFaultEvents(modelId: string, month: number, year: number) {
  return useQuery(faultEventsQueryOptions(modelId, month, year));
}
