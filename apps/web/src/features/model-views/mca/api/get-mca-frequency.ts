import type { McaFrequencyResult } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { fileNameParams, mcaKeys } from './keys.ts';

export interface McaFrequencyRequest {
  fileNames: readonly string[];
  groupCode: 'FL' | 'FH';
  maxPoints: number;
  /** '3d' reads the 3D frequency data path; the figures are the same. */
  view: '2d' | '3d';
}

/** Current spectrum of the searched captures (`…/frequency` or `…/frequency_3d`); idle until a Search. */
export function useMcaFrequency(modelId: string, request: McaFrequencyRequest | undefined) {
  return useQuery({
    queryKey: mcaKeys.frequency(modelId, request),
    enabled: request !== undefined && request.fileNames.length > 0,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const r = request as McaFrequencyRequest;
      const path = r.view === '3d' ? 'frequency_3d' : 'frequency';
      return apiClient.get<McaFrequencyResult>(
        `/api/v1/mca-result-data-new/${modelId}/${path}?groupCode=${r.groupCode}&maxPoints=${r.maxPoints}&${fileNameParams(r.fileNames)}`,
        { signal },
      );
    },
  });
}
