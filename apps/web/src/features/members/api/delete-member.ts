import type { Member } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type MemberRef, useMembersChanged } from './keys.ts';

/** 'Delete' makes an active or pending member inactive; 409 when it would remove the last active owner. */
export function deleteMember(member: MemberRef): Promise<Member> {
  return apiClient.delete<Member>('/api/v1/member/inactive', { body: member });
}

export function useDeleteMember() {
  const changed = useMembersChanged();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: (_member, { company_id }) => changed(company_id),
  });
}
