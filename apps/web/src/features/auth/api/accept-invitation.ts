import type { LoginResponse } from '@sdp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

type AcceptInvitationVariables = { token: string; name: string; password: string };

/** Accepts an invitation with a name and password (local accounts) and signs in: the session cookie is set. */
export function acceptInvitation({ token, ...body }: AcceptInvitationVariables): Promise<LoginResponse> {
  return apiClient.post<LoginResponse>(`/auth/invitations/${encodeURIComponent(token)}/accept`, body);
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    meta: { handlesUnauthorized: true },
    onSuccess: ({ user }) => {
      queryClient.setQueryData(authKeys.me(), user);
    },
  });
}
