import type { EscalationPolicy } from '@sdp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';

const policyKey = (companyId: string) => ['escalation-policy', companyId] as const;

/** How long the company's fault events may wait for an acknowledgement before reminders go out (issue 26 item 6). */
export function useEscalationPolicy(companyId: string) {
  return useQuery({
    queryKey: policyKey(companyId),
    queryFn: ({ signal }) =>
      apiClient.get<EscalationPolicy>(`/api/v1/fault-event/escalation-policy?company_id=${companyId}`, {
        signal,
      }),
    enabled: companyId !== '',
  });
}

export function useSaveEscalationPolicy(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: EscalationPolicy) =>
      apiClient.put<EscalationPolicy>(
        `/api/v1/fault-event/escalation-policy?company_id=${companyId}`,
        policy,
      ),
    onSuccess: (saved) => queryClient.setQueryData(policyKey(companyId), saved),
  });
}
