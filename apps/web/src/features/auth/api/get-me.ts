import type { MeResponse } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { authKeys } from './keys.ts';

export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<MeResponse> {
  return apiClient.get<MeResponse>('/api/v1/users/me', { signal });
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 60_000,
    // A 401 here means "not signed in"; the sign-in guard decides where to go instead of the global handler.
    meta: { handlesUnauthorized: true },
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
