import type { ModelDetail } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelsKeys } from './keys.ts';

/** One online model with its configuration items and its whole update form (`settings`). */
export function getModel(modelId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ModelDetail> {
  return apiClient.get<ModelDetail>(`/api/v1/equipment-models/${modelId}`, { signal });
}

export function modelQueryOptions(modelId: string) {
  return queryOptions({
    queryKey: modelsKeys.detail(modelId),
    queryFn: ({ signal }) => getModel(modelId, { signal }),
    // The model page's route asks for the model beside its chunk's download (router.tsx); the page mounting a
    // moment later takes that answer rather than asking again. Edits, refresh and live events invalidate it.
    staleTime: 10_000,
  });
}

export function useModel(modelId: string) {
  return useQuery(modelQueryOptions(modelId));
}
