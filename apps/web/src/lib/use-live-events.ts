import { alarmMessageWords, type FaultEventDetail } from '@sdp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect } from 'react';
import { apiClient } from './api-client.ts';
import { MODEL_VIEW_QUERY_ROOT } from './query-roots.ts';
import { readRealtimeFaultEvent } from './realtime-switch.ts';

/** Events of `GET /api/v1/events` after which what the screens show may be out of date. */
export const liveEventTypes = ['model-status', 'fault-event', 'note'] as const;

/**
 * One analysis often moves several models at once. The first event of a burst reloads at once; the rest of the
 * burst is folded into one more reload when this window has passed, so a 5,000-node tree is not fetched per event.
 */
export const LIVE_RELOAD_WINDOW_MS = 1_000;

/**
 * `model-data`: a model got new data (issue 12 item 1; the server sends at most one a second per model). Only that
 * model's page reloads: the queries keyed [MODEL_VIEW_QUERY_ROOT, modelId, …] (summary, charts, panels).
 */
export const MODEL_DATA_EVENT = 'model-data';

/**
 * A streaming gateway sends every few seconds: a model page reloads on a `model-data` at most once per this window,
 * counting its own load (the rest folded into one reload at the window's end), so its charts are redrawn, not
 * refetched without pause.
 */
export const MODEL_DATA_RELOAD_WINDOW_MS = 15_000;

/** The model a `model-data` event names, or undefined for anything else. */
export function modelOfDataEvent(data: string): string | undefined {
  try {
    const event = JSON.parse(data) as { modelId?: unknown };
    return typeof event.modelId === 'string' ? event.modelId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A new event's alarm message in the interface language ('แจ้งเตือนอันตราย: มีเทน CH4', issue 27 item 5). The live
 * event carries the stored English message; in Thai the event itself is read, as a Duval zone event's message is
 * said from its stored diagnosis. Should that read fail, the message of the live event is said as it can be.
 */
async function newEventMessage(message: string | undefined, faultEventId: number | undefined) {
  const language = i18next.language?.startsWith('th') ? 'th' : 'en';
  if (!message) return '-';
  if (language === 'en' || typeof faultEventId !== 'number') return alarmMessageWords(message, language);
  try {
    // The diagnosis' words come with their schemas (zod): fetched here, on a Thai notification, not in every page's
    // first download (issue 29: 17 kB gzip of the initial JavaScript).
    const [{ eventAlarmMessage }, event] = await Promise.all([
      import('./event-alarm-message.ts'),
      apiClient.get<FaultEventDetail>(`/api/v1/fault-event/details/${faultEventId}`),
    ]);
    return eventAlarmMessage(event.alarmMessage, event.diagnosis, language);
  } catch {
    return alarmMessageWords(message, language);
  }
}

/** A browser notification of a newly opened fault event, when the 'Real time fault event' switch is on. */
async function notifyNewEvent(event: MessageEvent) {
  if (
    !readRealtimeFaultEvent() ||
    typeof Notification === 'undefined' ||
    Notification.permission !== 'granted'
  )
    return;
  try {
    const data = JSON.parse(String(event.data)) as {
      action?: string;
      message?: string;
      faultEventId?: number;
    };
    if (data.action !== 'opened') return;
    new Notification('SDP', {
      body: i18next.t('faultEvents.newEventNotification', {
        message: await newEventMessage(data.message, data.faultEventId),
      }),
      tag: `fault-event-${data.faultEventId}`,
    });
  } catch {
    // A malformed event changes nothing on screen either.
  }
}

/**
 * Follows a company's live events (one Server-Sent Events stream per tab, same-origin session cookie): a
 * `model-status`, `fault-event` or `note` reloads the queries whose key starts with one of `queryKeyRoots` (the
 * caller names them, as lib never imports features), bursts folded as said above. The server numbers its events,
 * so the browser resumes a dropped stream with Last-Event-ID and misses nothing. With the 'Real time fault event'
 * switch on, a new event also shows a browser notification. Nothing is opened without a company; the stream
 * closes on unmount and when the company changes.
 */
export function useLiveEvents(companyId: string | undefined, queryKeyRoots: readonly string[]): void {
  const queryClient = useQueryClient();
  // A stable dependency even when the caller passes a new array each render.
  const roots = queryKeyRoots.join('\n');

  useEffect(() => {
    if (!companyId || typeof EventSource === 'undefined') return;
    const wanted = new Set(roots.split('\n'));
    const source = new EventSource(`/api/v1/events?${new URLSearchParams({ company_id: companyId })}`);
    const reload = () =>
      void queryClient.invalidateQueries({
        predicate: (query) => {
          const first = query.queryKey[0];
          return typeof first === 'string' && wanted.has(first);
        },
      });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending = false;
    const flush = () => {
      timer = undefined;
      if (!pending) return;
      pending = false;
      reload();
      timer = setTimeout(flush, LIVE_RELOAD_WINDOW_MS);
    };
    const onEvent = () => {
      if (timer !== undefined) {
        pending = true;
        return;
      }
      reload();
      timer = setTimeout(flush, LIVE_RELOAD_WINDOW_MS);
    };
    for (const type of liveEventTypes) source.addEventListener(type, onEvent);
    source.addEventListener('fault-event', (event) => void notifyNewEvent(event));
    const modelTimers = new Map<string, { timer: ReturnType<typeof setTimeout>; pending: boolean }>();
    const reloadModel = (modelId: string) =>
      void queryClient.invalidateQueries({ queryKey: [MODEL_VIEW_QUERY_ROOT, modelId] });
    const settle = (modelId: string) => {
      const entry = modelTimers.get(modelId);
      modelTimers.delete(modelId);
      if (!entry?.pending) return;
      reloadModel(modelId);
      modelTimers.set(modelId, {
        timer: setTimeout(() => settle(modelId), MODEL_DATA_RELOAD_WINDOW_MS),
        pending: false,
      });
    };
    // When the page's own answers for the model came last: a page that has just loaded counts as reloaded then.
    const answeredAt = (modelId: string) =>
      Math.max(
        0,
        ...queryClient
          .getQueryCache()
          .findAll({ queryKey: [MODEL_VIEW_QUERY_ROOT, modelId] })
          .map((query) => query.state.dataUpdatedAt),
      );
    const onModelData = (event: MessageEvent<string>) => {
      const modelId = modelOfDataEvent(event.data);
      if (!modelId) return;
      const entry = modelTimers.get(modelId);
      if (entry) {
        entry.pending = true;
        return;
      }
      // Answers younger than the window wait for its end (issue 29: a page that had just loaded fetched and drew
      // everything again on the gateway's next message, seconds later, while a phone was still busy with the load).
      const wait = answeredAt(modelId) + MODEL_DATA_RELOAD_WINDOW_MS - Date.now();
      if (wait > 0) {
        modelTimers.set(modelId, { timer: setTimeout(() => settle(modelId), wait), pending: true });
        return;
      }
      reloadModel(modelId);
      modelTimers.set(modelId, {
        timer: setTimeout(() => settle(modelId), MODEL_DATA_RELOAD_WINDOW_MS),
        pending: false,
      });
    };
    source.addEventListener(MODEL_DATA_EVENT, onModelData);
    return () => {
      clearTimeout(timer);
      for (const entry of modelTimers.values()) clearTimeout(entry.timer);
      source.close();
    };
  }, [companyId, roots, queryClient]);
}
