import type { RvsWaterfallResult } from '@sdp/contracts';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { rvsKeys } from './keys.ts';

/** Waterfall lines of the chosen data sets, each reduced by the server to `width` points. */
export function useWaterfall(
  modelId: string,
  search:
    | { sensor: string; phase: string; axis: string; fileNames: readonly string[]; width: number }
    | undefined,
) {
  return useQuery({
    queryKey: rvsKeys.of(modelId, 'waterfall', { ...search }),
    enabled: Boolean(search),
    queryFn: ({ signal }) =>
      apiClient.get<RvsWaterfallResult>('/api/v1/rvs-graph-result/waterfall', {
        signal,
        query: {
          modelId,
          sensorId: search?.sensor,
          phase: search?.phase,
          axis: search?.axis,
          fileNames: search?.fileNames.join(','),
          width: search?.width,
        },
      }),
  });
}
