import type { AuthConfigResponse } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { authKeys } from './keys.ts';

export function getAuthConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AuthConfigResponse> {
  return apiClient.get<AuthConfigResponse>('/auth/config', { signal });
}

export function authConfigQueryOptions() {
  return queryOptions({
    queryKey: authKeys.config(),
    queryFn: ({ signal }) => getAuthConfig({ signal }),
    // The sign-in mode and the Report Issue address are deployment settings: they do not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
