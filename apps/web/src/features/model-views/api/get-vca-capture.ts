import type { VcaFrequency, VcaTimeDomain } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

type Capture<G extends 'TD' | 'FD'> = G extends 'TD' ? VcaTimeDomain : VcaFrequency;

/**
 * One capture of a drive: group TD its time domain (`GET /api/v1/vca-result-data/time-domain`), otherwise its
 * spectrum in dB (`/frequency`).
 */
export function useVcaCapture<G extends 'TD' | 'FD'>(modelId: string, groupCode: G, fileName: string | null) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'vca-capture', groupCode, fileName],
    enabled: fileName !== null,
    queryFn: ({ signal }) => {
      const path = groupCode === 'TD' ? 'time-domain' : 'frequency';
      const params = new URLSearchParams({ modelId, fileName: fileName as string });
      return apiClient.get<Capture<G>>(`/api/v1/vca-result-data/${path}?${params}`, { signal });
    },
  });
}
