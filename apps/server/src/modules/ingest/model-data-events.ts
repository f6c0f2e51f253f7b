import type pg from 'pg';

/** At most one `model-data` event per model in this window (per server process); the last burst is never lost. */
export const MODEL_DATA_EVENT_INTERVAL_MS = 1_000;

/**
 * Tells open model pages that a model has new data (issue 12 item 1): a `model-data` live event (LISTEN sdp_events,
 * events.routes.ts filters it per equipment like every event) after ingest commits points or a capture of a
 * model. Throttled per model: the first of a burst goes at once, the rest fold into one more at the end of the
 * window, so a page reloads at most once a second whatever the gateway's rate. A plain NOTIFY, not sdp_publish: a
 * model-data event only says "reload now", so a stream that resumes has nothing to replay, and a streaming plant would
 * otherwise write a live_events row per model every second.
 */
export function createModelDataEvents(
  pool: Pick<pg.Pool, 'query'>,
  log: (message: string) => void,
  intervalMs = MODEL_DATA_EVENT_INTERVAL_MS,
) {
  const lastSent = new Map<string, number>();
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  let stopped = false;

  const send = (companyId: string, modelId: string) => {
    lastSent.set(modelId, Date.now());
    const payload = JSON.stringify({ type: 'model-data', companyId, modelId });
    pool.query('SELECT pg_notify($1, $2)', ['sdp_events', payload]).catch((error: Error) => {
      log(`model-data event not sent: ${error.message}`);
    });
  };

  return {
    /** Models of `companyId` whose new data has just been committed. */
    announce(companyId: string, modelIds: Iterable<string>) {
      if (stopped) return;
      const now = Date.now();
      for (const modelId of modelIds) {
        if (waiting.has(modelId)) continue;
        const wait = (lastSent.get(modelId) ?? 0) + intervalMs - now;
        if (wait <= 0) {
          send(companyId, modelId);
          continue;
        }
        const timer = setTimeout(() => {
          waiting.delete(modelId);
          if (!stopped) send(companyId, modelId);
        }, wait);
        timer.unref();
        waiting.set(modelId, timer);
      }
      // Forget models quiet for a while, so the map does not grow with every model ever heard.
      if (lastSent.size > 10_000)
        for (const [modelId, at] of lastSent) if (now - at > intervalMs) lastSent.delete(modelId);
    },
    stop() {
      stopped = true;
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}

export type ModelDataEvents = ReturnType<typeof createModelDataEvents>;
