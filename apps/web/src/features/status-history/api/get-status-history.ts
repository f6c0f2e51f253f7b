import type { StatusHistory } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { MODEL_VIEW_QUERY_ROOT } from '../../../lib/query-roots.ts';
import { useQuery } from '../../../lib/use-query.ts';

/** A range of the history: ISO instants, `from` inclusive, `to` exclusive. */
export interface StatusHistoryRange {
  from: string;
  to: string;
}

/**
 * A model's stored status history over a range (`GET /api/v1/equipment-models/{id}/status-history`, issue 26):
 * the worst status of each day in the company's zone, as the report counts them, and the changes.
 */
export function getStatusHistory(
  modelId: string,
  range: StatusHistoryRange,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StatusHistory> {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return apiClient.get<StatusHistory>(
    `/api/v1/equipment-models/${encodeURIComponent(modelId)}/status-history?${query}`,
    { signal },
  );
}

/** Under the model page's root: live events, Auto and the refresh button reload it with the rest of the page. */
export function statusHistoryQuery(modelId: string, range: StatusHistoryRange) {
  return queryOptions({
    queryKey: [MODEL_VIEW_QUERY_ROOT, modelId, 'status-history', range] as const,
    queryFn: ({ signal }) => getStatusHistory(modelId, range, { signal }),
  });
}

export function useStatusHistory(modelId: string, range: StatusHistoryRange) {
  return useQuery(statusHistoryQuery(modelId, range));
}
