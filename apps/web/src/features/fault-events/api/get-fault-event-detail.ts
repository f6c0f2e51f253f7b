import type { FaultEventDetail } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { faultEventsKeys } from './keys.ts';

/** One event with who acknowledged and closed it, and the evidence stored when it opened. */
export function getFaultEventDetail(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<FaultEventDetail>(`/api/v1/fault-event/details/${id}`, { signal });
}

export function faultEventDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: faultEventsKeys.detail(id),
    queryFn: ({ signal }) => getFaultEventDetail(id, { signal }),
  });
}

export function useFaultEventDetail(id: number | null) {
  return useQuery({ ...faultEventDetailQueryOptions(id ?? 0), enabled: id !== null });
}
