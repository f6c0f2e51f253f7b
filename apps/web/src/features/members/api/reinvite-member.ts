import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type MemberRef, useMembersChanged } from './keys.ts';

/** Sends a pending member's invitation again. */
export function reinviteMember(member: MemberRef): Promise<{ message: string }> {
  return apiClient.post<{ message: string }>('/api/v1/member/reinvite', member);
}

export function useReinviteMember() {
  const changed = useMembersChanged();
  return useMutation({
    mutationFn: reinviteMember,
    onSuccess: (_answer, { company_id }) => changed(company_id),
  });
}
