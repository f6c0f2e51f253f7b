import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { structureKeys } from './keys.ts';

type Variables = { companyId: string; tagId: string; jobIds: string[] };

/** 'none' with job ids: each schedule and its job is deleted (spec 01 §4). */
export async function deleteEmailSchedules({ jobIds }: Variables) {
  for (const id of jobIds) await apiClient.delete<null>(`/api/v1/email_task_scheduler/scheduler/${id}`);
}

export function useDeleteEmailSchedules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailSchedules,
    onSuccess: (_answer, { companyId, tagId }) =>
      queryClient.invalidateQueries({ queryKey: structureKeys.emailSchedules(companyId, tagId) }),
  });
}
