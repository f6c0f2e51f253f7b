import { useQueryClient } from '@tanstack/react-query';
import { MODEL_VIEW_QUERY_ROOT } from '../../../lib/query-roots.ts';

/**
 * Query keys of an open model page. All start with MODEL_VIEW_QUERY_ROOT, so a live event, Auto refresh and the
 * refresh button reload everything the page shows at once.
 */
export const modelViewKeys = {
  model: (modelId: string) => [MODEL_VIEW_QUERY_ROOT, modelId] as const,
  summary: (modelId: string) => [...modelViewKeys.model(modelId), 'summary'] as const,
  seriesList: (modelId: string) => [...modelViewKeys.model(modelId), 'series'] as const,
  seriesData: (modelId: string, query: unknown) =>
    [...modelViewKeys.model(modelId), 'series-data', query] as const,
  images: (modelId: string) => [...modelViewKeys.model(modelId), 'images'] as const,
  documents: (modelId: string) => [...modelViewKeys.model(modelId), 'documents'] as const,
  baseline: (modelId: string) => [...modelViewKeys.model(modelId), 'baseline'] as const,
};

/** Reloads what a model page shows (its summary and every chart). */
export function useRefreshModelView() {
  const queryClient = useQueryClient();
  return (modelId: string) => queryClient.invalidateQueries({ queryKey: modelViewKeys.model(modelId) });
}
