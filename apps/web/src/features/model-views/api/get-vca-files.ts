import type { VcaFile } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

/** Output-current captures of a drive, newest first (`GET /api/v1/vca-result-data/file-names`). */
export function useVcaFiles(modelId: string, groupCode: 'TD' | 'FD') {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'vca-files', groupCode],
    queryFn: ({ signal }) =>
      apiClient.get<VcaFile[]>(
        `/api/v1/vca-result-data/file-names?modelId=${modelId}&groupCode=${groupCode}`,
        {
          signal,
        },
      ),
  });
}
