import type { Member } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type MemberRef, useMembersChanged } from './keys.ts';

/** Makes an inactive member active again; 409 when the company has 10 active members already. */
export function activateMember(member: MemberRef): Promise<Member> {
  return apiClient.post<Member>('/api/v1/member/active', member);
}

export function useActivateMember() {
  const changed = useMembersChanged();
  return useMutation({
    mutationFn: activateMember,
    onSuccess: (_member, { company_id }) => changed(company_id),
  });
}
