import type { McaOverallStatusRow } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { structureKeys } from './keys.ts';

/** The MCA models' part statuses (`GET /api/v1/model_summary/overall_status/mca`). */
export function useMcaOverallStatus(companyId: string) {
  return useQuery({
    queryKey: [...structureKeys.company(companyId), 'overall-status', 'mca'],
    queryFn: ({ signal }) =>
      apiClient.get<McaOverallStatusRow[]>(
        `/api/v1/model_summary/overall_status/mca?company_id=${companyId}`,
        {
          signal,
        },
      ),
  });
}
