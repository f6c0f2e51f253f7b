import type { AuthSignal } from '../events/event-bus.ts';

/** The tables whose triggers announce changes (migration 0008); anything else on the channel changes nothing. */
const WATCHED_TABLES = new Set(['users', 'companies', 'memberships', 'sessions']);

interface Entry<V> {
  value: V;
  until: number;
}

export interface AuthCacheOptions {
  /** How long an entry is trusted without a word from the database; a bound, not the means of freshness. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * The lookups behind every signed-in request (the session by its token, the user with the companies they may open),
 * kept for a few seconds in this process so a page load costs no database round trip.
 *
 * Fresh because it is emptied whenever anything it could hold changes:
 * - by this process: `invalidate()` before the answer to any request that may have written leaves (access.ts);
 * - by anyone else: database triggers NOTIFY `sdp_auth` on commit (migration 0008) and every instance hears it.
 * While the LISTEN connection is down nothing is kept, so a missed notification can never leave a stale entry.
 * A read that overlaps an invalidation is answered but not kept (the generation moved while it ran).
 */
export function createAuthCache({ ttlMs, maxEntries, now = Date.now }: AuthCacheOptions) {
  const maps = new Set<Map<string, Entry<unknown>>>();
  let generation = 0;
  let listening = false;

  function invalidate() {
    generation += 1;
    for (const map of maps) map.clear();
  }

  /** A cached loader: answers from memory while fresh, otherwise from `load` (and keeps a defined answer). */
  function memo<V>(
    load: (key: string) => Promise<V | undefined>,
    stillValid: (value: V) => boolean = () => true,
  ): (key: string) => Promise<V | undefined> {
    // A cache that keeps nothing (AUTH_CACHE_SECONDS=0, noAuthCache) is the loader itself.
    if (ttlMs <= 0) return load;
    const map = new Map<string, Entry<V>>();
    maps.add(map as Map<string, Entry<unknown>>);
    return async (key: string): Promise<V | undefined> => {
      const hit = map.get(key);
      if (hit) {
        if (hit.until > now() && stillValid(hit.value)) return hit.value;
        map.delete(key);
      }
      const seen = generation;
      const value = await load(key);
      if (value !== undefined && listening && seen === generation) {
        if (map.size >= maxEntries) {
          const oldest = map.keys().next().value;
          if (oldest !== undefined) map.delete(oldest);
        }
        map.set(key, { value, until: now() + ttlMs });
      }
      return value;
    };
  }

  return {
    memo,
    invalidate,
    /** Feeds the cache from the `sdp_auth` channel (EventBus.subscribeAuth). */
    hear(signal: AuthSignal) {
      if (signal.kind === 'change' && !WATCHED_TABLES.has(signal.payload)) return;
      if (signal.kind === 'listening') listening = true;
      if (signal.kind === 'lost') listening = false;
      invalidate();
    },
    get listening() {
      return listening;
    },
    size(): number {
      let total = 0;
      for (const map of maps) total += map.size;
      return total;
    },
  };
}

export type AuthCache = ReturnType<typeof createAuthCache>;

/** Keeps nothing: for code outside a serving app (start-up tasks, scripts) and for AUTH_CACHE_SECONDS=0. */
export const noAuthCache: AuthCache = createAuthCache({ ttlMs: 0, maxEntries: 0 });
