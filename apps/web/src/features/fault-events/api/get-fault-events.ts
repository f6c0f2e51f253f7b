import type { FaultEventList } from '@sdp/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { faultEventsKeys } from './keys.ts';

/**
 * What the panel asks: month and year (0 and 0 for every event, spec 03 §7.3), the alarm type of the chips (0
 * both), and the page of each table (page size -1 for all).
 */
export interface FaultEventListParams {
  month: number;
  year: number;
  alarmType: 0 | 1 | 2;
  pageSize: number;
  historyPageSize: number;
  newPage: number;
  historyPage: number;
}

/** New fault events and history of a model, one page of each, with their totals and the open counts by type. */
export function getFaultEvents(
  modelId: string,
  params: FaultEventListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FaultEventList> {
  const query = new URLSearchParams({
    month: String(params.month),
    year: String(params.year),
    alarm_type: String(params.alarmType),
    page_size: String(params.pageSize),
    history_page_size: String(params.historyPageSize),
    new_page: String(params.newPage),
    history_page: String(params.historyPage),
  });
  return apiClient.get<FaultEventList>(`/api/v1/fault-event/${modelId}?${query}`, { signal });
}

export function faultEventsQueryOptions(modelId: string, params: FaultEventListParams) {
  return queryOptions({
    queryKey: faultEventsKeys.list(modelId, params),
    queryFn: ({ signal }) => getFaultEvents(modelId, params, { signal }),
    // Turning a page or changing a filter keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useFaultEvents(modelId: string, params: FaultEventListParams) {
  return useQuery(faultEventsQueryOptions(modelId, params));
}
