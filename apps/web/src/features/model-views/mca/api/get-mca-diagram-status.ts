import type { McaDiagramStatus } from '@sdp/contracts';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { mcaKeys } from './keys.ts';

/** MCA diagram status (`GET /api/v1/mca-result-data-new/{id}/diagram_status`). */
export function useMcaDiagramStatus(modelId: string) {
  return useQuery({
    queryKey: mcaKeys.diagram(modelId),
    queryFn: ({ signal }) =>
      apiClient.get<McaDiagramStatus>(`/api/v1/mca-result-data-new/${modelId}/diagram_status`, { signal }),
  });
}
