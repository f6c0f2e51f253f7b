import type { CompanyList } from '@sdp/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { companiesKeys, type DeletedFilter } from './keys.ts';

export function getCompanies(
  deleted: DeletedFilter,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CompanyList> {
  return apiClient.get<CompanyList>('/api/v1/companies', { query: { deleted }, signal });
}

export function companiesQueryOptions(deleted: DeletedFilter) {
  return queryOptions({
    queryKey: companiesKeys.list(deleted),
    queryFn: ({ signal }) => getCompanies(deleted, { signal }),
    // Switching 'Show deleted' keeps the cards on screen until the other list arrives.
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(deleted: DeletedFilter) {
  return useQuery(companiesQueryOptions(deleted));
}
