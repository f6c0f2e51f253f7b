import type { rvsAxisLabels, rvsDataSet, rvsSensor } from '@sdp/contracts';
import type { z } from 'zod';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { rvsKeys } from './keys.ts';

export type RvsSensor = z.infer<typeof rvsSensor>;
export type RvsAxisLabels = z.infer<typeof rvsAxisLabels>;
export type RvsDataSet = z.infer<typeof rvsDataSet>;

/** Sensor locations of the model (spec 03 §2.4). */
export function useRvsSensors(modelId: string) {
  return useQuery({
    queryKey: rvsKeys.of(modelId, 'sensors'),
    queryFn: ({ signal }) =>
      apiClient.get<RvsSensor[]>('/api/v1/rvs-graph-result/sensors', { signal, query: { modelId } }),
  });
}
