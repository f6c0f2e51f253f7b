import type { Member } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import type { InviteRole } from '../roles.ts';
import { useMembersChanged } from './keys.ts';

type SwitchRoleVariables = { userId: string; companyId: string; role: InviteRole };

/** Switches an active member to another role. */
export function switchMemberRole({ userId, companyId, role }: SwitchRoleVariables): Promise<Member> {
  return apiClient.put<Member>(
    '/api/v1/member/switch-role',
    { role },
    { query: { user_id: userId, company_id: companyId } },
  );
}

export function useSwitchMemberRole() {
  const changed = useMembersChanged();
  return useMutation({
    mutationFn: switchMemberRole,
    onSuccess: (_member, { companyId }) => changed(companyId),
  });
}
