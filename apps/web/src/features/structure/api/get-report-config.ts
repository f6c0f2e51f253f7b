import type { ReportConfig, ReportKind } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { structureKeys } from './keys.ts';

type Params = { companyId: string; kind: ReportKind };

/** Online report config by company and kind: {is_auto_send, interval_day | interval_time, memberIds}. */
export function getReportConfig({ companyId, kind }: Params, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<ReportConfig>(`/api/v1/companies/${companyId}/online-report/${kind}`, { signal });
}

export function reportConfigQueryOptions(params: Params) {
  return queryOptions({
    queryKey: structureKeys.reportConfig(params.companyId, params.kind),
    queryFn: ({ signal }) => getReportConfig(params, { signal }),
  });
}

export function useReportConfig(params: Params) {
  return useQuery(reportConfigQueryOptions(params));
}
