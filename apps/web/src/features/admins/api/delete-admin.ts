import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type AdminMessage, useAdminsChanged } from './keys.ts';

/** Deactivates an administrator (by id); 400 for yourself. */
export function deleteAdmin(id: string): Promise<AdminMessage> {
  return apiClient.delete<AdminMessage>(`/api/v1/admins/${encodeURIComponent(id)}`);
}

export function useDeleteAdmin() {
  const changed = useAdminsChanged();
  return useMutation({ mutationFn: deleteAdmin, onSuccess: changed });
}
