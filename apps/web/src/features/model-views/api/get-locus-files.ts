import type { TrLocusFiles } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

/** Captures of one locus, newest first, with the default present and last files (`GET /vi-locus/files`). */
export function useLocusFiles(modelId: string, locusName: string | undefined) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'locus-files', locusName],
    queryFn: ({ signal }) =>
      apiClient.get<TrLocusFiles>('/api/v1/vi-locus/files', { signal, query: { modelId, locusName } }),
    enabled: locusName !== undefined,
  });
}
