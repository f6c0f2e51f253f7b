import type { ReportConfigUpdate, ReportKind } from '@sdp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { structureKeys } from './keys.ts';

type Variables = { companyId: string; kind: ReportKind; input: ReportConfigUpdate };

/** Update online report by company and kind; the server answers {message: 'success'}. */
export function updateReportConfig({ companyId, kind, input }: Variables) {
  return apiClient.put<{ message: string }>(`/api/v1/companies/${companyId}/online-report/${kind}`, input);
}

export function useUpdateReportConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReportConfig,
    onSuccess: async (_answer, { companyId, kind }) => {
      await queryClient.invalidateQueries({ queryKey: structureKeys.reportConfig(companyId, kind) });
      await queryClient.invalidateQueries({ queryKey: structureKeys.reportMembers(companyId, kind) });
    },
  });
}
