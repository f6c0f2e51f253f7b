import pg from 'pg';

export interface LiveEvent {
  type: string;
  companyId: string;
  [key: string]: unknown;
}

type Listener = (event: LiveEvent) => void;

/** What the `sdp_auth` channel tells the auth cache: a change committed, or whether it can hear changes at all. */
export type AuthSignal = { kind: 'change'; payload: string } | { kind: 'listening' } | { kind: 'lost' };
type AuthListener = (signal: AuthSignal) => void;

/**
 * One LISTEN connection per process on the `sdp_events` channel: whatever instance raised an event (a worker
 * finishing an analysis), every instance hears it and passes it to its own open browsers. The same connection
 * listens on `sdp_auth`, where triggers announce changes to sessions, users, companies and memberships.
 */
export function createEventBus(connectionString: string, log: (message: string) => void) {
  const listeners = new Set<Listener>();
  const authListeners = new Set<AuthListener>();
  const tellAuth = (signal: AuthSignal) => {
    for (const listener of authListeners) listener(signal);
  };
  let client: pg.Client | null = null;
  let stopped = false;

  async function connect(attempt = 0): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ connectionString });
    let connected = false;
    let gone = false;
    // Reconnect after a lost connection (an error, or the server closing it); events raised meanwhile are missed,
    // pages refetch on reconnect, and the auth cache stays off until the channel is heard again.
    const retry = () => {
      if (gone) return;
      gone = true;
      if (client === next) client = null;
      if (connected && !stopped) log('the live channel (LISTEN) lost its connection; reconnecting');
      tellAuth({ kind: 'lost' });
      void next.end().catch(() => undefined);
      if (stopped) return;
      const wait = connected ? 0 : attempt;
      setTimeout(() => void connect(wait + 1), Math.min(30_000, 500 * 2 ** Math.min(wait, 6))).unref();
    };
    next.on('error', retry);
    next.on('end', retry);
    next.on('notification', (message) => {
      if (message.channel === 'sdp_auth') {
        tellAuth({ kind: 'change', payload: message.payload ?? '' });
        return;
      }
      if (!message.payload) return;
      try {
        const event = JSON.parse(message.payload) as LiveEvent;
        for (const listener of listeners) listener(event);
      } catch {
        log('ignored a malformed live event');
      }
    });
    try {
      await next.connect();
      await next.query('LISTEN sdp_events');
      await next.query('LISTEN sdp_auth');
    } catch {
      retry();
      return;
    }
    if (gone) return;
    connected = true;
    client = next;
    tellAuth({ kind: 'listening' });
  }

  return {
    start: () => connect(),
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Hears `sdp_auth`; told at once whether the channel is up, so a late subscriber knows where it stands. */
    subscribeAuth(listener: AuthListener) {
      authListeners.add(listener);
      listener(client ? { kind: 'listening' } : { kind: 'lost' });
      return () => authListeners.delete(listener);
    },
    async stop() {
      stopped = true;
      tellAuth({ kind: 'lost' });
      listeners.clear();
      authListeners.clear();
      await client?.end().catch(() => undefined);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
