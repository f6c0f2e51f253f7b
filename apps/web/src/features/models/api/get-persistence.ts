import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelsKeys } from './keys.ts';

/** 'X out of Y' persistence of alarm management. */
export type Persistence = { persistence_from: number; persistence_to: number };

/** A model's persistence, or its type's default when the model has none of its own. */
export function getPersistence(
  modelId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Persistence> {
  return apiClient.get<Persistence>(`/api/v1/equipment-models/alarm-management/persistence/${modelId}`, {
    signal,
  });
}

export function persistenceQueryOptions(modelId: string) {
  return queryOptions({
    queryKey: modelsKeys.persistence(modelId),
    queryFn: ({ signal }) => getPersistence(modelId, { signal }),
  });
}

/** Asked only when the model's form carries no alarm management (`enabled` false otherwise). */
export function usePersistence(modelId: string, enabled: boolean) {
  return useQuery({ ...persistenceQueryOptions(modelId), enabled });
}
