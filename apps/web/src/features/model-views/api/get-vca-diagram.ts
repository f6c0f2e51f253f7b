import type { VcaDiagram } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

/** VCA diagram of spec 02 §2.5 (`GET /api/v1/vca-result-data/diagram`): parts, load gauge, VSD Status card. */
export function useVcaDiagram(modelId: string) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'vca-diagram'],
    queryFn: ({ signal }) =>
      apiClient.get<VcaDiagram>(`/api/v1/vca-result-data/diagram?modelId=${modelId}`, { signal }),
  });
}
