import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { LOOKUP_STALE_TIME, modelsKeys } from './keys.ts';

export type VsdBrand = { id: number; name: string };

/** Drive (VSD) brands, for the Brand select of the remaining-life table. */
export function getVsdBrands({ signal }: { signal?: AbortSignal } = {}): Promise<VsdBrand[]> {
  return apiClient.get<VsdBrand[]>('/api/v1/vsd-brands', { signal });
}

export function vsdBrandsQueryOptions() {
  return queryOptions({
    queryKey: modelsKeys.vsdBrands(),
    queryFn: ({ signal }) => getVsdBrands({ signal }),
    staleTime: LOOKUP_STALE_TIME,
  });
}

export function useVsdBrands() {
  return useQuery(vsdBrandsQueryOptions());
}
