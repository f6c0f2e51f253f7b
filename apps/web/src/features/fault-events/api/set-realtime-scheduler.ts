import type { RealtimeSchedulerState } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * The server side (a POST: a GET could be followed by a link from any page, issue 23 item 12) of the 'Real time fault event' switch (spec 01 §7): on, a mail per new event of your equipment
 * in `language`; off, none. The browser asks for permission to notify when it is turned on.
 */
export async function setRealtimeScheduler(on: boolean, language: string): Promise<RealtimeSchedulerState> {
  if (on && typeof Notification !== 'undefined' && Notification.permission === 'default')
    void Notification.requestPermission().catch(() => undefined);
  return on
    ? apiClient.post<RealtimeSchedulerState>(
        `/api/v1/fault-event/scheduler/enable?language=${language.startsWith('th') ? 'th' : 'en'}`,
      )
    : apiClient.delete<RealtimeSchedulerState>('/api/v1/fault-event/scheduler/disable');
}
