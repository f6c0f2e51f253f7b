import type { InvitationInfo } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { authKeys } from './keys.ts';

/** What an invitation link is for; 404 for an unknown link, 410 for a used or expired one. */
export function getInvitation(
  token: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InvitationInfo> {
  return apiClient.get<InvitationInfo>(`/auth/invitations/${encodeURIComponent(token)}`, { signal });
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: authKeys.invitation(token),
    queryFn: ({ signal }) => getInvitation(token, { signal }),
    // A link's state changes only by accepting it, which leaves this page.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesUnauthorized: true },
  });
}

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}
