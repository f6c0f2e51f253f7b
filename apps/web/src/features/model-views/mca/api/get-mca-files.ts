import type { McaFile, McaGroupCode } from '@sdp/contracts';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { mcaKeys } from './keys.ts';

/** Capture file names of a frequency range group (`GET /api/v1/mca-result-data-new/{id}/file_name`). */
export function useMcaFiles(modelId: string, groupCode: McaGroupCode) {
  return useQuery({
    queryKey: mcaKeys.files(modelId, groupCode),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ files: McaFile[] }>(
          `/api/v1/mca-result-data-new/${modelId}/file_name?groupCode=${groupCode}`,
          { signal },
        )
      ).files,
  });
}
