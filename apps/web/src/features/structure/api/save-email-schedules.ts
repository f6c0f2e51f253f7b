import type { EmailScheduleList, EmailSchedulePayload } from '@sdp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { structureKeys } from './keys.ts';

type Variables = { payload: EmailSchedulePayload; update: boolean };

/** Saves the dialog: PUT when the tag already has schedules (job ids), POST otherwise (spec 01 §4). */
export function saveEmailSchedules({ payload, update }: Variables) {
  return update
    ? apiClient.put<EmailScheduleList>('/api/v1/email_task_scheduler/scheduler', payload)
    : apiClient.post<EmailScheduleList>('/api/v1/email_task_scheduler/scheduler', payload);
}

export function useSaveEmailSchedules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailSchedules,
    onSuccess: (_answer, { payload }) =>
      queryClient.invalidateQueries({
        queryKey: structureKeys.emailSchedules(payload.companies_id, payload.equipment_tag_id),
      }),
  });
}
