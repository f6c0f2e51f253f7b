import { useSyncExternalStore } from 'react';
import { preferenceKeys, readPreference, writePreference } from './preferences.ts';

const parseFlag = (raw: string) => (raw === 'on' ? true : raw === 'off' ? false : undefined);
const listeners = new Set<() => void>();

/**
 * The browser's copy of the 'Real time fault event' switch, which follows the server's state (the header reads the
 * server, issue 26 item 6); off until the server said on, so no notification shows while no mail is sent.
 */
export function readRealtimeFaultEvent(): boolean {
  return readPreference(preferenceKeys.realtimeFaultEvent, parseFlag, false);
}

/** Turns the switch on or off, remembers it, and tells every component that follows it. */
export function writeRealtimeFaultEvent(on: boolean): void {
  writePreference(preferenceKeys.realtimeFaultEvent, on ? 'on' : 'off');
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab switching it changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === preferenceKeys.realtimeFaultEvent) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether live updates are wanted: the switch's state, following every change of it. */
export function useRealtimeFaultEvent(): boolean {
  return useSyncExternalStore(subscribe, readRealtimeFaultEvent, readRealtimeFaultEvent);
}
