import type { TrDgaSample } from '@sdp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

export type DgaSensorType = 'main_tank' | 'oltc';

export interface DgaRawQuery {
  sensorType: DgaSensorType;
  from: string;
  to: string;
  reloads?: number;
}

/** DGA samples over a range, each placed in Duval Triangle 1 (`GET /advance-analysis/dga-raw`). */
export function useDgaRaw(modelId: string, query: DgaRawQuery | undefined) {
  return useQuery({
    queryKey: [...modelViewKeys.model(modelId), 'dga-raw', query],
    queryFn: ({ signal }) =>
      apiClient.get<TrDgaSample[]>('/api/v1/advance-analysis/dga-raw', {
        signal,
        query: {
          modelId,
          sensorType: query?.sensorType,
          startDate: query?.from,
          endDate: query?.to,
          maxPoints: 500,
        },
      }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}
