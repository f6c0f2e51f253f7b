import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type AdminMessage, useAdminsChanged } from './keys.ts';

/** Makes an inactive administrator active again. */
export function activateAdmin(email: string): Promise<AdminMessage> {
  return apiClient.post<AdminMessage>('/api/v1/admins/active', { email });
}

export function useActivateAdmin() {
  const changed = useAdminsChanged();
  return useMutation({ mutationFn: activateAdmin, onSuccess: changed });
}
