import type { PdFiles, PdResult } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

/** PD sub-modules and the capture files of one (`GET /api/v1/advance-analysis/pd-files`, spec 02 §7 'PD file names'). */
export function usePdFiles(modelId: string, subModule: string | undefined) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'pd-files', subModule ?? null],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ modelId });
      if (subModule) query.set('subModule', subModule);
      return apiClient.get<PdFiles>(`/api/v1/advance-analysis/pd-files?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** The PRPD scatter of one capture (`GET /api/v1/advance-analysis/pd-result`, spec 02 §7 'PD result'). */
export function usePdResult(modelId: string, subModule: string | null, fileName: string | null) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'pd-result', subModule, fileName],
    enabled: subModule !== null && fileName !== null,
    queryFn: ({ signal }) =>
      apiClient.get<PdResult>(
        `/api/v1/advance-analysis/pd-result?${new URLSearchParams({
          modelId,
          subModule: subModule ?? '',
          fileName: fileName ?? '',
        })}`,
        { signal },
      ),
  });
}
