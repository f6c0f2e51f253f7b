import type { EmailSchedule, EmailScheduleList } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { structureKeys } from './keys.ts';

type Params = { companyId: string; tagId: string };

/** The e-mail notification schedules of an equipment tag (spec 01 §7 'E-mail scheduler'). */
export async function getEmailSchedules({ tagId }: Params, { signal }: { signal?: AbortSignal } = {}) {
  const answer = await apiClient.get<EmailScheduleList>(`/api/v1/email_task_scheduler/scheduler/${tagId}`, {
    signal,
  });
  return answer.items;
}

export function emailSchedulesQueryOptions(params: Params) {
  return queryOptions<EmailSchedule[]>({
    queryKey: structureKeys.emailSchedules(params.companyId, params.tagId),
    queryFn: ({ signal }) => getEmailSchedules(params, { signal }),
  });
}

export function useEmailSchedules(params: Params) {
  return useQuery(emailSchedulesQueryOptions(params));
}
