import type { TrDgaResult } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import type { DgaSensorType } from './get-dga-raw.ts';

/**
 * The last CH4, C2H4 and C2H2 samples at or before a time (`GET /advance-analysis/dga-result`): what the manual
 * calculator starts from. Asked on demand, so a plain fetcher.
 */
export function getDgaResult(
  modelId: string,
  sensorType: DgaSensorType,
  datetime: string,
): Promise<TrDgaResult> {
  return apiClient.get<TrDgaResult>('/api/v1/advance-analysis/dga-result', {
    query: { modelId, sensorType, datetime },
  });
}
