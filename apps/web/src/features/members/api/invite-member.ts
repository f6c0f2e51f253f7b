import type { InviteMemberRequest, Member } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useMembersChanged } from './keys.ts';

type InviteMemberVariables = { companyId: string } & InviteMemberRequest;

/** A pending membership and an invitation mail; 409 at the limit of 10 active members or for a known e-mail. */
export function inviteMember({ companyId, ...body }: InviteMemberVariables): Promise<Member> {
  return apiClient.post<Member>(`/api/v1/companies/${companyId}/members/invite`, body);
}

export function useInviteMember() {
  const changed = useMembersChanged();
  return useMutation({ mutationFn: inviteMember, onSuccess: (_member, { companyId }) => changed(companyId) });
}
