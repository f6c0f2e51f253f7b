import type { RealtimeSchedulerState } from '@sdp/contracts';
import { useEffect } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { writeRealtimeFaultEvent } from '../../../lib/realtime-switch.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { faultEventsKeys } from './keys.ts';

/**
 * Your 'Real time fault event' switch as the server keeps it (issue 26 item 6): the same in every browser, and never
 * ON while no mail would be sent. The browser's copy (for the notifications of live events) follows it.
 */
export function useRealtimeScheduler() {
  const query = useQuery({
    queryKey: faultEventsKeys.scheduler,
    queryFn: ({ signal }) =>
      apiClient.get<RealtimeSchedulerState>('/api/v1/fault-event/scheduler/status', { signal }),
    staleTime: 30_000,
  });
  const enable = query.data?.enable;
  useEffect(() => {
    if (enable !== undefined) writeRealtimeFaultEvent(enable);
  }, [enable]);
  return query;
}
