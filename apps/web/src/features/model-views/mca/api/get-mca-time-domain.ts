import type { McaTimeDomain } from '@sdp/contracts';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { mcaKeys } from './keys.ts';

/** Ia, Ib, Ic of one capture against seconds (`…/time_domain`); idle until a Search. */
export function useMcaTimeDomain(modelId: string, fileName: string | undefined) {
  return useQuery({
    queryKey: mcaKeys.timeDomain(modelId, fileName ?? ''),
    enabled: fileName !== undefined,
    queryFn: ({ signal }) =>
      apiClient.get<McaTimeDomain>(
        `/api/v1/mca-result-data-new/${modelId}/time_domain?fileName=${encodeURIComponent(fileName ?? '')}`,
        { signal },
      ),
  });
}
