import type { ModelSummary } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

/**
 * What the shell of every model page shows besides the name (`GET /api/v1/equipment-models/{id}/summary`): the
 * model's status, its open fault events and when it last sent data.
 */
export function getModelSummary(
  modelId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ModelSummary> {
  return apiClient.get<ModelSummary>(`/api/v1/equipment-models/${modelId}/summary`, { signal });
}

export function modelSummaryQueryOptions(modelId: string) {
  return queryOptions({
    queryKey: modelViewKeys.summary(modelId),
    queryFn: ({ signal }) => getModelSummary(modelId, { signal }),
    // Asked for by the model page's route beside its chunk (router.tsx) and taken by the page when it mounts;
    // refresh, Auto and live events invalidate it.
    staleTime: 10_000,
  });
}

export function useModelSummary(modelId: string) {
  return useQuery(modelSummaryQueryOptions(modelId));
}
