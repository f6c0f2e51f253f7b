import pg from 'pg';

export interface LiveEvent {
  type: string;
  companyId: string;
  [key: string]: unknown;
}

type Listener = (event: LiveEvent) => void;

/**
 * One LISTEN connection per process on the `sdp_events` channel: whatever instance raised an event (a worker
 * finishing an analysis), every instance hears it and passes it to its own open browsers.
 */
export function createEventBus(connectionString: string, log: (message: string) => void) {
  const listeners = new Set<Listener>();
  let client: pg.Client | null = null;
  let stopped = false;

  async function connect(attempt = 0): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (!message.payload) return;
      try {
        const event = JSON.parse(message.payload) as LiveEvent;
        for (const listener of listeners) listener(event);
      } catch {
        log('ignored a malformed live event');
      }
    });
    next.on('error', () => {
      // Reconnect after a lost connection; events raised meanwhile are missed, and pages refetch on reconnect.
      client = null;
      setTimeout(() => void connect(attempt + 1), Math.min(30_000, 500 * 2 ** Math.min(attempt, 6))).unref();
    });
    try {
      await next.connect();
      await next.query('LISTEN sdp_events');
      client = next;
    } catch {
      await next.end().catch(() => undefined);
      setTimeout(() => void connect(attempt + 1), Math.min(30_000, 500 * 2 ** Math.min(attempt, 6))).unref();
    }
  }

  return {
    start: () => connect(),
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      stopped = true;
      listeners.clear();
      await client?.end().catch(() => undefined);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
