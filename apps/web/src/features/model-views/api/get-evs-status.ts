import type { EvsStatus } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

/** EVS result of spec 02 §3 with the Sensor Detail rows (`GET /api/v1/evs/status`). */
export function useEvsStatus(modelId: string) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'evs-status'],
    queryFn: ({ signal }) => apiClient.get<EvsStatus>(`/api/v1/evs/status?modelId=${modelId}`, { signal }),
  });
}
