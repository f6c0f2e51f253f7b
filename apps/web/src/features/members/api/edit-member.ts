import type { Member } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import type { InviteRole } from '../roles.ts';
import { type MemberRef, useMembersChanged } from './keys.ts';

type EditMemberVariables = MemberRef & {
  role?: InviteRole;
  name?: string;
  profileImageUrl?: string | null;
};

/** The edit user dialog: changes an active member's role and corrects their name and picture (spec 01 §8). */
export function editMember(body: EditMemberVariables): Promise<Member> {
  return apiClient.put<Member>('/api/v1/member/profile-edit', body);
}

export function useEditMember() {
  const changed = useMembersChanged();
  return useMutation({ mutationFn: editMember, onSuccess: (_member, { company_id }) => changed(company_id) });
}
