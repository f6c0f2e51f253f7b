import type { TrLocusResult } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

export interface LocusResultQuery {
  locusName: string;
  presentFile: string;
  lastFile: string | undefined;
}

/** Ellipses of the present and last captures against the reference, and the process table (`GET /vi-locus/result`). */
export function useLocusResult(modelId: string, query: LocusResultQuery | undefined) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'locus-result', query],
    queryFn: ({ signal }) =>
      apiClient.get<TrLocusResult>('/api/v1/vi-locus/result', { signal, query: { modelId, ...query } }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}
