import type { AuditPage } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';

export interface AuditFilters {
  q: string;
  entity: string;
  /** Instants (ISO) of the chosen days' bounds in the company's zone. */
  from: string | undefined;
  to: string | undefined;
  page: number;
  size: number;
}

/** One page of a company's audit log, or of every company's when `companyId` is undefined (administrator). */
export function useAuditLog(companyId: string | undefined, filters: AuditFilters) {
  const query: Record<string, string | number> = { page: filters.page, size: filters.size };
  if (filters.q) query.q = filters.q;
  if (filters.entity) query.entity = filters.entity;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  return useQuery({
    queryKey: ['audit-log', companyId ?? 'all', query],
    queryFn: ({ signal }) =>
      apiClient.get<AuditPage>(companyId ? `/api/v1/companies/${companyId}/audit-log` : '/api/v1/audit-log', {
        query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
