import type { AlarmPrecision } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { faultEventsKeys } from './keys.ts';

/** Whose alarm precision: one model, or the company's models the caller sees. */
export type PrecisionScope = { modelId: string } | { companyId: string };

/** Alarm precision of every event closed with an outcome (issue 25 item 5). */
export function getAlarmPrecision(scope: PrecisionScope, { signal }: { signal?: AbortSignal } = {}) {
  const url =
    'modelId' in scope
      ? `/api/v1/fault-event/precision?model_id=${encodeURIComponent(scope.modelId)}`
      : `/api/v1/fault-events/precision?company_id=${encodeURIComponent(scope.companyId)}`;
  return apiClient.get<AlarmPrecision>(url, { signal });
}

/** Under the fault-event keys: closing an event (a live event) makes the figures reload. */
export function useAlarmPrecision(scope: PrecisionScope) {
  return useQuery({
    queryKey: [...faultEventsKeys.all, 'precision', scope],
    queryFn: ({ signal }) => getAlarmPrecision(scope, { signal }),
  });
}
