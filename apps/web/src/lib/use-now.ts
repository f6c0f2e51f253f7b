import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let now = new Date();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = new Date();
    timer = setInterval(() => {
      now = new Date();
      for (const notify of listeners) notify();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current instant, refreshed every second; all clocks on the page share one timer. */
export function useNow(): Date {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
