import type { FaultEventDetail } from '@sdp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type OutcomeChoice, outcomeBody } from '../components/outcome-fields.tsx';
import { faultEventsKeys } from './keys.ts';

export type FaultEventAction = 'acknowledge' | 'update' | 'done';

export type SendFaultEventCommentVariables = {
  action: FaultEventAction;
  ids: number[];
  emailTo: string[];
  comment: string;
  /** Done: what was found (issue 25 item 5). */
  outcome?: OutcomeChoice;
  /** Done although the condition still holds (the dialog showed the warning; issue 26 item 1). */
  confirmStillActive?: boolean;
};

const body = (id: number, emailTo: string[], comment: string) => ({
  comment_info: { fault_event_id: id, email_to: emailTo, comment },
});

/**
 * Acknowledge (POST), comment update (PATCH, comment_type 1) or done (POST) of one or more events (Select All),
 * one call per event in order; the first refusal stops and is reported.
 */
export async function sendFaultEventComment({
  action,
  ids,
  emailTo,
  comment,
  confirmStillActive,
  outcome,
}: SendFaultEventCommentVariables): Promise<FaultEventDetail[]> {
  const confirmed = action === 'done' && confirmStillActive ? { confirm_still_active: true } : {};
  const results: FaultEventDetail[] = [];
  for (const id of ids) {
    if (action === 'update')
      results.push(
        await apiClient.patch<FaultEventDetail>('/api/v1/fault-event/comment', {
          ...body(id, emailTo, comment),
          comment_type: 1,
        }),
      );
    else
      results.push(
        await apiClient.post<FaultEventDetail>(`/api/v1/fault-event/${action}`, {
          ...body(id, emailTo, comment),
          ...confirmed,
          ...(action === 'done' ? outcomeBody(outcome) : {}),
        }),
      );
  }
  return results;
}

export function useSendFaultEventComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFaultEventComment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: faultEventsKeys.all }),
  });
}
