import type { TrLocusRow } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

/** The V–I loci of a transformer with their reference ellipses (`GET /vi-locus/locus-list`). */
export function useLocusList(modelId: string) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'locus-list'],
    queryFn: ({ signal }) =>
      apiClient.get<TrLocusRow[]>('/api/v1/vi-locus/locus-list', { signal, query: { modelId } }),
  });
}
