import type { ModelBaseline } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

/** A model's learned baselines (`GET /equipment-models/{id}/baseline`): the learning day and each value's band. */
export function getModelBaseline(modelId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<ModelBaseline>(`/api/v1/equipment-models/${modelId}/baseline`, { signal });
}

export const modelBaselineQueryOptions = (modelId: string) =>
  queryOptions({
    queryKey: modelViewKeys.baseline(modelId),
    queryFn: ({ signal }) => getModelBaseline(modelId, { signal }),
  });

export function useModelBaseline(modelId: string) {
  return useQuery(modelBaselineQueryOptions(modelId));
}
