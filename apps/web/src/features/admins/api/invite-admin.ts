import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type AdminMessage, useAdminsChanged } from './keys.ts';

export type InviteAdminBody = { fullname: string; email: string; profileImageUrl: string };

/** A pending administrator and an invitation mail. */
export function inviteAdmin(body: InviteAdminBody): Promise<AdminMessage> {
  return apiClient.post<AdminMessage>('/api/v1/admins', body);
}

export function useInviteAdmin() {
  const changed = useAdminsChanged();
  return useMutation({ mutationFn: inviteAdmin, onSuccess: changed });
}
