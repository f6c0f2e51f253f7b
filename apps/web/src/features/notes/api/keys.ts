import { MODEL_VIEW_QUERY_ROOT } from '../../../lib/query-roots.ts';

/** Query keys of notes; under the model-view root so note activity pushed live reloads them. */
export const notesKeys = {
  all: [MODEL_VIEW_QUERY_ROOT, 'notes'] as const,
  topics: (modelId: string, start: string, end: string) =>
    [...notesKeys.all, 'topics', modelId, start, end] as const,
  detail: (topicId: string) => [...notesKeys.all, 'detail', topicId] as const,
};
