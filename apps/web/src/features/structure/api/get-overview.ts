import type { Overview } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { structureKeys } from './keys.ts';

type OverviewParams = { companyId: string; folderId: string | null };

/**
 * Model counts by status and the equipment below: of the whole company (its dashboard) when `folderId` is
 * null, else of one folder.
 */
export function getOverview(
  { companyId, folderId }: OverviewParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Overview> {
  const path = folderId
    ? `/api/v1/structure-item/${folderId}/overview`
    : `/api/v1/companies/${companyId}/dashboard`;
  return apiClient.get<Overview>(path, { signal });
}

export function overviewQueryOptions(params: OverviewParams) {
  return queryOptions({
    queryKey: structureKeys.overview(params.companyId, params.folderId),
    queryFn: ({ signal }) => getOverview(params, { signal }),
  });
}

export function useOverview(params: OverviewParams) {
  return useQuery(overviewQueryOptions(params));
}
