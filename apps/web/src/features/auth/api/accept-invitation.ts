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

/** An existing account, signed in as itself, accepts the invitation sent to its e-mail. */
export function acceptInvitationSignedIn(token: string): Promise<{ message: string }> {
  return apiClient.post<{ message: string }>(
    `/auth/invitations/${encodeURIComponent(token)}/accept-signed-in`,
  );
}

/** Signs in with the account's own password when asked, then accepts: an invitation never sets that password. */
export function useAcceptInvitationSignedIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ token, email, password }: { token: string; email: string; password?: string }) => {
      if (password !== undefined) {
        const { user } = await apiClient.post<LoginResponse>('/auth/login', { email, password });
        queryClient.setQueryData(authKeys.me(), user);
      }
      return acceptInvitationSignedIn(token);
    },
    meta: { handlesUnauthorized: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}
