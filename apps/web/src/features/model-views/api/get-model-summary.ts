import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { modelViewKeys } from './keys.ts';

/** What the shell of every model page shows besides the name: the model's status and its open fault events. */
export interface ModelViewSummary {
  status: number;
  /** Open fault events; undefined while the server offers no count (the badge stays hidden). */
  openFaultEvents: number | undefined;
}

/**
 * The summary of the page header. Read from `GET /api/v1/equipment-models/{id}` (status), the call the server has
 * today; the open fault-event count comes with the model summary call of issue 12 once the server offers it.
 */
export async function getModelSummary(
  modelId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ModelViewSummary> {
  const model = await apiClient.get<{ status: number }>(`/api/v1/equipment-models/${modelId}`, { signal });
  return { status: model.status, openFaultEvents: undefined };
}

export function useModelSummary(modelId: string) {
  return useQuery(
    queryOptions({
      queryKey: modelViewKeys.summary(modelId),
      queryFn: ({ signal }) => getModelSummary(modelId, { signal }),
    }),
  );
}
