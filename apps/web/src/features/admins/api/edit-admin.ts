import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type AdminMessage, useAdminsChanged } from './keys.ts';

export type EditAdminBody = { email: string; name: string; profileImageUrl: string | null };

/** Edits an active administrator, found by e-mail. */
export function editAdmin(body: EditAdminBody): Promise<AdminMessage> {
  return apiClient.put<AdminMessage>('/api/v1/admins/profile-edit', body);
}

export function useEditAdmin() {
  const changed = useAdminsChanged();
  return useMutation({ mutationFn: editAdmin, onSuccess: changed });
}
