import type { RvsSpectrumResult } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { rvsKeys } from './keys.ts';

export interface SpectrumSearch {
  sensor: string;
  phase: string;
  axis: string;
  fileNames: readonly string[];
  mark: string | null;
}

/** Spectrum, marks and table of the chosen data sets; runs once Search gave a search. */
export function useSpectrum(modelId: string, search: SpectrumSearch | undefined) {
  return useQuery({
    queryKey: rvsKeys.of(modelId, 'spectrum', { ...search }),
    enabled: Boolean(search),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiClient.get<RvsSpectrumResult>('/api/v1/rvs-graph-result/spectrum', {
        signal,
        query: {
          modelId,
          sensor: search?.sensor,
          phase: search?.phase,
          axis: search?.axis,
          fileNames: search?.fileNames.join(','),
          mark: search?.mark ?? undefined,
        },
      }),
  });
}
