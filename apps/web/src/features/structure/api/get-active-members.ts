import type { Member } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { structureKeys } from './keys.ts';

/** The company's active members: who can be assigned to an equipment tag. */
export async function getActiveMembers(
  companyId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Member[]> {
  const { items } = await apiClient.get<{ items: Member[] }>(`/api/v1/companies/${companyId}/members-only`, {
    signal,
  });
  return items;
}

export function activeMembersQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: structureKeys.activeMembers(companyId),
    queryFn: ({ signal }) => getActiveMembers(companyId, { signal }),
  });
}

export function useActiveMembers(companyId: string) {
  return useQuery(activeMembersQueryOptions(companyId));
}
