import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type AdminMessage, useAdminsChanged } from './keys.ts';

/** Sends a pending administrator's invitation again. */
export function reinviteAdmin(email: string): Promise<AdminMessage> {
  return apiClient.post<AdminMessage>('/api/v1/admins/reinvite', { email });
}

export function useReinviteAdmin() {
  const changed = useAdminsChanged();
  return useMutation({ mutationFn: reinviteAdmin, onSuccess: changed });
}
