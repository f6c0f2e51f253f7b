import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

type Variables = { companyId: string; modelId: string; start: string; end: string; type: 'MCA' | 'RVS' };

/** Get report PDF (spec 03 §7.6): the server renders the report and answers {url}; no url is an error (§8). */
export async function getReportPdf({
  companyId,
  modelId,
  start,
  end,
  type,
}: Variables): Promise<{ url: string }> {
  const answer = await apiClient.get<{ url?: string }>(`/api/v1/companies/${companyId}/online-report/pdf`, {
    query: { model_id: modelId, start, end, type },
  });
  if (!answer.url) throw new Error('The report has no url.');
  return { url: answer.url };
}

/** A mutation, not a query: every Preview renders anew from the data stored at that moment. */
export function useReportPdf() {
  return useMutation({ mutationFn: getReportPdf });
}
