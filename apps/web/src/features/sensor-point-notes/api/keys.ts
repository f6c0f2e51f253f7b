import { MODEL_VIEW_QUERY_ROOT } from '../../../lib/query-roots.ts';

/** Query keys of sensor point notes; under the model-view root so note activity pushed live reloads them. */
export const sensorPointNotesKeys = {
  all: [MODEL_VIEW_QUERY_ROOT, 'sensor-point-notes'] as const,
  range: (modelCode: string, start: string, end: string) =>
    [...sensorPointNotesKeys.all, modelCode, start, end] as const,
};
