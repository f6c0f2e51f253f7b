import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { LOOKUP_STALE_TIME, modelsKeys } from './keys.ts';

/** A drive model with its DC-link capacitor rated life L0 (hours) at T0 (°C) and its fan L10 life at T0. */
export type VsdModel = {
  id: number;
  brandId: number;
  name: string;
  capacitorL0Hours: number;
  capacitorT0C: number;
  fanL10Hours: number;
  fanT0C: number;
};

export function getVsdModels(
  brandId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<VsdModel[]> {
  return apiClient.get<VsdModel[]>(`/api/v1/vsd-brands/${brandId}/models`, { signal });
}

export function vsdModelsQueryOptions(brandId: number) {
  return queryOptions({
    queryKey: modelsKeys.vsdModels(brandId),
    queryFn: ({ signal }) => getVsdModels(brandId, { signal }),
    staleTime: LOOKUP_STALE_TIME,
  });
}

/** The models of a brand; nothing is asked while no brand is chosen. */
export function useVsdModels(brandId: number | null) {
  return useQuery({ ...vsdModelsQueryOptions(brandId ?? 0), enabled: brandId !== null });
}
