import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { faultEventsKeys } from './keys.ts';

export type FaultEventMember = { id: string; name: string; email: string; role: string };

/** Members of the model's company the acknowledge and done mails can go to. */
export function getFaultEventMembers(modelId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<{ items: FaultEventMember[] }>(
    `/api/v1/fault-event/members?equipment_model_id=${modelId}`,
    { signal },
  );
}

export function faultEventMembersQueryOptions(modelId: string) {
  return queryOptions({
    queryKey: faultEventsKeys.members(modelId),
    queryFn: ({ signal }) => getFaultEventMembers(modelId, { signal }),
    staleTime: 60_000,
  });
}

export function useFaultEventMembers(modelId: string, enabled: boolean) {
  return useQuery({ ...faultEventMembersQueryOptions(modelId), enabled });
}
