import type { McaDiagnostic } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { mcaKeys } from './keys.ts';

/** Pattern Recognition: residual and fault series (`GET /api/v1/mca-result-diagnostic/{id}/result_dianostic`). */
export function useMcaDiagnostic(
  modelId: string,
  request: { from: string; to: string; reloads: number } | undefined,
) {
  return useQuery({
    queryKey: mcaKeys.diagnostic(modelId, request),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const r = request as { from: string; to: string };
      const query = new URLSearchParams({ startDate: r.from, endDate: r.to });
      // The path as spec 02 §7 spells it ('dianostic'); the server also answers the corrected spelling.
      return apiClient.get<McaDiagnostic>(
        `/api/v1/mca-result-diagnostic/${modelId}/result_dianostic?${query}`,
        {
          signal,
        },
      );
    },
  });
}
