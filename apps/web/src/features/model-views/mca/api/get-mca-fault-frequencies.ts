import type { McaFaultFrequencies } from '@sdp/contracts';
import { apiClient } from '../../../../lib/api-client.ts';
import { useQuery } from '../../../../lib/use-query.ts';
import { fileNameParams, mcaKeys } from './keys.ts';

/** Fault frequencies of each searched capture from the motor data (`…/fault_frequency`). */
export function useMcaFaultFrequencies(modelId: string, fileNames: readonly string[]) {
  return useQuery({
    queryKey: mcaKeys.faults(modelId, fileNames),
    enabled: fileNames.length > 0,
    queryFn: ({ signal }) =>
      apiClient.get<McaFaultFrequencies>(
        `/api/v1/mca-result-data-new/${modelId}/fault_frequency?${fileNameParams(fileNames)}`,
        { signal },
      ),
  });
}
