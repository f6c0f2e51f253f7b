import type { MemberPage } from '@sdp/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { membersKeys } from './keys.ts';

type MembersPageParams = { companyId: string; page: number; perPage: number };

export function getMembers(
  { companyId, page, perPage }: MembersPageParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<MemberPage> {
  return apiClient.get<MemberPage>(`/api/v1/companies/${companyId}/members`, {
    query: { page, perPage },
    signal,
  });
}

export function membersQueryOptions(params: MembersPageParams) {
  return queryOptions({
    queryKey: membersKeys.page(params.companyId, params.page, params.perPage),
    queryFn: ({ signal }) => getMembers(params, { signal }),
    // The table keeps the rows it shows while the next page loads, so paging does not flash.
    placeholderData: keepPreviousData,
  });
}

export function useMembers(params: MembersPageParams) {
  return useQuery(membersQueryOptions(params));
}
