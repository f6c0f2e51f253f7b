import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { LOOKUP_STALE_TIME, modelsKeys } from './keys.ts';

/** A rolling bearing of the catalogue: the geometry its defect frequencies come from (mm, degrees). */
export type Bearing = {
  id: number;
  designation: string;
  rollingElements: number;
  ballDiameterMm: number;
  pitchDiameterMm: number;
  contactAngleDeg: number;
};

export function getBearings({ signal }: { signal?: AbortSignal } = {}): Promise<Bearing[]> {
  return apiClient.get<Bearing[]>('/api/v1/bearings', { signal });
}

export function bearingsQueryOptions() {
  return queryOptions({
    queryKey: modelsKeys.bearings(),
    queryFn: ({ signal }) => getBearings({ signal }),
    staleTime: LOOKUP_STALE_TIME,
  });
}

export function useBearings() {
  return useQuery(bearingsQueryOptions());
}
