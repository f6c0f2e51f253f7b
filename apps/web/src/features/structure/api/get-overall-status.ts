import type { OverallStatusRow } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { structureKeys } from './keys.ts';

/** Every model of the company the user sees, with status, alarm start and last data (`/model_summary/overall_status`). */
export function useOverallStatus(companyId: string) {
  return useQuery({
    queryKey: [...structureKeys.company(companyId), 'overall-status'],
    queryFn: ({ signal }) =>
      apiClient.get<OverallStatusRow[]>(`/api/v1/model_summary/overall_status?company_id=${companyId}`, {
        signal,
      }),
  });
}
