import type { NoteComment, NoteTopic } from '@sdp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { notesKeys } from './keys.ts';

export type NoteChange =
  | { kind: 'create-topic'; modelId: string; topic: string; description: string }
  | { kind: 'update-topic'; modelId: string; id: string; topic: string; description: string }
  | { kind: 'delete-topic'; id: string }
  | { kind: 'create-comment'; modelId: string; topicId: string; description: string }
  | { kind: 'update-comment'; modelId: string; topicId: string; id: string; description: string }
  | { kind: 'delete-comment'; id: string };

/** Every change of notes and comments (spec 03 §7.4); the server refuses another author's edit or deletion. */
export function saveNote(change: NoteChange): Promise<NoteTopic | NoteComment | { id: string }> {
  switch (change.kind) {
    case 'create-topic':
      return apiClient.post('/api/v1/note/note-topic', {
        topic: change.topic,
        description: change.description,
        equipmentModelId: change.modelId,
      });
    case 'update-topic':
      return apiClient.put(`/api/v1/note/update/note-topic?note_topic_id=${change.id}`, {
        topic: change.topic,
        description: change.description,
        equipmentModelId: change.modelId,
      });
    case 'delete-topic':
      return apiClient.delete(`/api/v1/note/note-topic/${change.id}`);
    case 'create-comment':
      return apiClient.post('/api/v1/note-comment', {
        description: change.description,
        equipmentModelId: change.modelId,
        noteTopicId: change.topicId,
      });
    case 'update-comment':
      return apiClient.put(`/api/v1/note-comment/${change.id}`, {
        description: change.description,
        equipmentModelId: change.modelId,
        noteTopicId: change.topicId,
      });
    case 'delete-comment':
      return apiClient.delete(`/api/v1/note-comment/${change.id}`);
  }
}

export function useSaveNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesKeys.all }),
  });
}
