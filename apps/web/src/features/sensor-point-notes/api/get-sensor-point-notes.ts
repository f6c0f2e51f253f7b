import type { SensorPointNote } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { sensorPointNotesKeys } from './keys.ts';

/** Sensor point notes of a model between two instants, every sensor (spec 03 §7.5 'List'). */
export function getSensorPointNotes(
  modelCode: string,
  start: string,
  end: string,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiClient.get<SensorPointNote[]>('/api/v1/rvs/sensor-point-notes', {
    query: { modelCode, startDate: start, endDate: end },
    signal,
  });
}

export function sensorPointNotesQueryOptions(modelCode: string, start: string, end: string) {
  return queryOptions({
    queryKey: sensorPointNotesKeys.range(modelCode, start, end),
    queryFn: ({ signal }) => getSensorPointNotes(modelCode, start, end, { signal }),
  });
}

/** The notes of a chart's date range; nothing is asked while `range` is undefined (no range yet, yearly mode). */
export function useSensorPointNotesOf(modelCode: string, range: { from: string; to: string } | undefined) {
  return useQuery({
    ...sensorPointNotesQueryOptions(modelCode, range?.from ?? '', range?.to ?? ''),
    enabled: range !== undefined && modelCode !== '',
  });
}
