import type { NoteComment, NoteTopic } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { notesKeys } from './keys.ts';

export type NoteDetail = { topic: NoteTopic; comments: NoteComment[] };

/** A note and its comments, oldest first (spec 03 §7.4 'Note comments'). */
export function getNoteDetail(topicId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<NoteDetail>(`/api/v1/note/note/comment?note_topic_id=${topicId}`, { signal });
}

export function noteDetailQueryOptions(topicId: string) {
  return queryOptions({
    queryKey: notesKeys.detail(topicId),
    queryFn: ({ signal }) => getNoteDetail(topicId, { signal }),
  });
}

export function useNoteDetail(topicId: string | null) {
  return useQuery({ ...noteDetailQueryOptions(topicId ?? ''), enabled: topicId !== null });
}
