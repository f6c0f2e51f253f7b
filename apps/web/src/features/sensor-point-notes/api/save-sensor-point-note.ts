import type { SensorPointNote } from '@sdp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { sensorPointNotesKeys } from './keys.ts';

export type SensorPointNoteChange =
  | {
      kind: 'create';
      modelCode: string;
      sensorId: string;
      phase: string;
      axis: string;
      /** ISO instant of the point. */
      timestamp: string;
      y: number;
      description: string;
    }
  | { kind: 'update'; modelCode: string; id: string; rvsGraphId: string; description: string }
  | { kind: 'delete'; modelCode: string; id: string; rvsGraphId: string };

/**
 * Create, edit and delete a sensor point note (spec 03 §7.5 bodies); the server keeps them to ADMIN, OWNER,
 * SUPERMEMBER and OWNER_RVS and stores an empty description as '-'.
 */
export function saveSensorPointNote(
  change: SensorPointNoteChange,
): Promise<SensorPointNote | { id: string }> {
  switch (change.kind) {
    case 'create':
      return apiClient.post('/api/v1/rvs/sensor-point-notes', {
        description: change.description,
        model_code: change.modelCode,
        timestamp: change.timestamp,
        y_position: change.y,
        type: change.phase,
        axis: change.axis,
        rvs_graph_id: '',
        sensor_id: change.sensorId,
      });
    case 'update':
      return apiClient.put('/api/v1/rvs/sensor-point-notes', {
        modelCode: change.modelCode,
        description: change.description,
        rvsGraphId: change.rvsGraphId,
        noteId: change.id,
      });
    case 'delete':
      return apiClient.delete('/api/v1/rvs/sensor-point-notes', {
        query: { rvs_graph_id: change.rvsGraphId, model_code: change.modelCode, note_id: change.id },
      });
  }
}

export function useSaveSensorPointNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSensorPointNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensorPointNotesKeys.all }),
  });
}
