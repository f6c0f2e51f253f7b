import type { RvsWaveformResult } from '@sdp/contracts';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { rvsKeys } from './keys.ts';

/** Time waveforms of the chosen data sets (acceleration m/s² or g). */
export function useTimeWaveform(
  modelId: string,
  search: { sensor: string; phase: string; axis: string; fileNames: readonly string[] } | undefined,
) {
  return useQuery({
    queryKey: rvsKeys.of(modelId, 'time-waveform', { ...search }),
    enabled: Boolean(search),
    queryFn: ({ signal }) =>
      apiClient.get<RvsWaveformResult>('/api/v1/rvs-graph-result/time-waveform', {
        signal,
        query: {
          modelId,
          sensor: search?.sensor,
          phase: search?.phase,
          axis: search?.axis,
          fileNames: search?.fileNames.join(','),
        },
      }),
  });
}
