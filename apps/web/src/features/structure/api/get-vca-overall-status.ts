import type { VcaOverallStatusRow } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { structureKeys } from './keys.ts';

/** The VCA models' part statuses (`GET /api/v1/model_summary/overall_status/vca`). */
export function useVcaOverallStatus(companyId: string) {
  return useQuery({
    queryKey: [...structureKeys.company(companyId), 'overall-status', 'vca'],
    queryFn: ({ signal }) =>
      apiClient.get<VcaOverallStatusRow[]>(
        `/api/v1/model_summary/overall_status/vca?company_id=${companyId}`,
        {
          signal,
        },
      ),
  });
}
