import type { FaultEventBulkResult } from '@sdp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type OutcomeChoice, outcomeBody } from '../components/outcome-fields.tsx';
import { faultEventsKeys } from './keys.ts';

export type BulkFaultEventVariables = {
  action: 'acknowledge' | 'done';
  ids: number[];
  comment: string;
  /** Empty: the server mails everyone who sees each event's model. */
  emailTo: string[];
  /** Done although conditions still hold (the dialog showed the warning; issue 26 item 1). */
  confirmStillActive?: boolean;
  /** Done: what was found, the same for every event (issue 25 item 5). */
  outcome?: OutcomeChoice;
};

/** Acknowledge or done of several events in one call, all or nothing (issue 26 item 5). */
export function bulkFaultEvents({
  action,
  ids,
  comment,
  emailTo,
  confirmStillActive,
  outcome,
}: BulkFaultEventVariables) {
  return apiClient.post<FaultEventBulkResult>('/api/v1/fault-event/bulk', {
    ...(action === 'done' && confirmStillActive ? { confirm_still_active: true } : {}),
    action,
    fault_event_ids: ids,
    comment,
    ...(emailTo.length ? { email_to: emailTo } : {}),
    ...(action === 'done' ? outcomeBody(outcome) : {}),
  });
}

export function useBulkFaultEvents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkFaultEvents,
    onSettled: () => queryClient.invalidateQueries({ queryKey: faultEventsKeys.all }),
  });
}
