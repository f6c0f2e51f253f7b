import type { assignedMember, assignmentPage } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { structureKeys } from './keys.ts';

export type AssignedMember = z.infer<typeof assignedMember>;
type AssignmentPage = z.infer<typeof assignmentPage>;

/** Spec 01 §9: assigned members are fetched 50 at a time. */
const ASSIGNED_PAGE_SIZE = 50;

type AssignedMembersParams = { companyId: string; tagId: string };

/** Every member assigned to an equipment tag, reading page after page while the total says there are more. */
export async function getAssignedMembers(
  { tagId }: AssignedMembersParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AssignedMember[]> {
  const members: AssignedMember[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await apiClient.get<AssignmentPage>('/api/v1/equipment_model_member', {
      query: { equipment_tag_id: tagId, page, size: ASSIGNED_PAGE_SIZE },
      signal,
    });
    members.push(...answer.items);
    if (answer.items.length === 0 || members.length >= answer.total) return members;
  }
}

export function assignedMembersQueryOptions(params: AssignedMembersParams) {
  return queryOptions({
    queryKey: structureKeys.assignedMembers(params.companyId, params.tagId),
    queryFn: ({ signal }) => getAssignedMembers(params, { signal }),
  });
}

export function useAssignedMembers(params: AssignedMembersParams) {
  return useQuery(assignedMembersQueryOptions(params));
}
