import type { ReportKind, ReportMember } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { structureKeys } from './keys.ts';

type Params = { companyId: string; kind: ReportKind };

/** Members and e-mails for a report kind: {id, email, role, isNotify} (spec 01 §7). */
export async function getReportMembers(
  { companyId, kind }: Params,
  { signal }: { signal?: AbortSignal } = {},
) {
  const answer = await apiClient.get<{ items: ReportMember[] }>(
    `/api/v1/companies/${companyId}/report-members/${kind}`,
    { signal },
  );
  return answer.items;
}

export function reportMembersQueryOptions(params: Params) {
  return queryOptions({
    queryKey: structureKeys.reportMembers(params.companyId, params.kind),
    queryFn: ({ signal }) => getReportMembers(params, { signal }),
  });
}

export function useReportMembers(params: Params) {
  return useQuery(reportMembersQueryOptions(params));
}
