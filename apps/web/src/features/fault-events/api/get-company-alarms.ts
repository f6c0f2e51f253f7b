import type { CompanyAlarm } from '@sdp/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { faultEventsKeys } from './keys.ts';

export type CompanyAlarmFilters = {
  status: 'open' | 'done' | 'all';
  modelTypeId?: number | undefined;
  acknowledged?: 'yes' | 'no' | undefined;
  age?: 'day' | 'week' | 'older' | undefined;
  sort: 'newest' | 'oldest' | 'severity' | 'model';
};

const AGE: Record<NonNullable<CompanyAlarmFilters['age']>, Record<string, string>> = {
  day: { max_age_hours: '24' },
  week: { max_age_hours: '168' },
  older: { min_age_hours: '168' },
};

/** The company alarm list: every event of the equipment you see, filtered and sorted on the server. */
export function getCompanyAlarms(
  companyId: string,
  filters: CompanyAlarmFilters,
  { signal }: { signal?: AbortSignal } = {},
) {
  const params = new URLSearchParams({ company_id: companyId, status: filters.status, sort: filters.sort });
  if (filters.modelTypeId) params.set('model_type_id', String(filters.modelTypeId));
  if (filters.acknowledged) params.set('acknowledged', filters.acknowledged);
  for (const [key, value] of Object.entries(filters.age ? AGE[filters.age] : {})) params.set(key, value);
  return apiClient.get<{ items: CompanyAlarm[]; total: number }>(`/api/v1/fault-events?${params}`, {
    signal,
  });
}

export function companyAlarmsQueryOptions(companyId: string, filters: CompanyAlarmFilters) {
  return queryOptions({
    queryKey: faultEventsKeys.company({ companyId, ...filters }),
    queryFn: ({ signal }) => getCompanyAlarms(companyId, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyAlarms(companyId: string, filters: CompanyAlarmFilters) {
  return useQuery(companyAlarmsQueryOptions(companyId, filters));
}
