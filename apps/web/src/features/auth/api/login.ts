import type { LoginRequest, LoginResponse } from '@sdp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiClient.post<LoginResponse>('/auth/login', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // 401 is "Invalid email or password." and is shown on the form, not treated as an expired session.
    meta: { handlesUnauthorized: true },
    onSuccess: ({ user }) => {
      queryClient.setQueryData(authKeys.me(), user);
    },
  });
}
