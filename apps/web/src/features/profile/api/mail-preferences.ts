import type { FaultEventMailPreferences } from '@sdp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';

const mailPreferencesKey = ['fault-event-mail-preferences'] as const;

/** Which new fault events you get by mail at once: levels, models, a quiet period (issue 26 item 6). */
export function useMailPreferences() {
  return useQuery({
    queryKey: mailPreferencesKey,
    queryFn: ({ signal }) =>
      apiClient.get<FaultEventMailPreferences>('/api/v1/fault-event/scheduler/preferences', { signal }),
  });
}

export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: FaultEventMailPreferences) =>
      apiClient.put<FaultEventMailPreferences>('/api/v1/fault-event/scheduler/preferences', preferences),
    onSuccess: (saved) => queryClient.setQueryData(mailPreferencesKey, saved),
  });
}
