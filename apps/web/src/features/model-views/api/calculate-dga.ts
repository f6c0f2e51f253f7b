import type { TrDgaResult } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type DgaCalculation = Pick<
  TrDgaResult,
  'ch4_level_cal' | 'c2h4_level_cal' | 'c2h2_level_cal' | 'point'
> & { zone: string | null; description: string };

/** The DGA manual calculator (`GET /advance-analysis/dga-calculate`): zone and point of three gases in ppm. */
export function useCalculateDga() {
  return useMutation({
    mutationFn: (gases: { ch4: number; c2h4: number; c2h2: number }) =>
      apiClient.get<DgaCalculation>('/api/v1/advance-analysis/dga-calculate', { query: gases }),
  });
}
