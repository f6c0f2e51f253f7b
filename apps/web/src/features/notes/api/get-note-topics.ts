import type { NoteTopic } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { notesKeys } from './keys.ts';

/** Notes of a model updated in a period (spec 03 §7.4 'List note topics'). */
export function getNoteTopics(
  modelId: string,
  start: string,
  end: string,
  { signal }: { signal?: AbortSignal } = {},
) {
  const params = new URLSearchParams({ equipment_model_id: modelId, startDate: start, endDate: end });
  return apiClient.get<NoteTopic[]>(`/api/v1/note/get/note-topic/all?${params}`, { signal });
}

export function noteTopicsQueryOptions(modelId: string, start: string, end: string) {
  return queryOptions({
    queryKey: notesKeys.topics(modelId, start, end),
    queryFn: ({ signal }) => getNoteTopics(modelId, start, end, { signal }),
  });
}

export function useNoteTopics(modelId: string, start: string, end: string) {
  return useQuery(noteTopicsQueryOptions(modelId, start, end));
}
