import { useCallback, useSyncExternalStore } from 'react';

/**
 * Which rows of each company's tree the user collapsed. Everything is open by default, so only the
 * exceptions are kept, in sessionStorage: they survive navigation and a reload in the same tab.
 */
const storageKey = (companyId: string) => `sdp.tree-collapsed.${companyId}`;
const EMPTY: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
// The set last parsed per company with the text it came from, so a snapshot stays the same object until it changes.
const parsed = new Map<string, { raw: string; collapsed: ReadonlySet<string> }>();

function readRaw(companyId: string): string {
  try {
    return window.sessionStorage.getItem(storageKey(companyId)) ?? '[]';
  } catch {
    return '[]';
  }
}

function read(companyId: string): ReadonlySet<string> {
  const raw = readRaw(companyId);
  const known = parsed.get(companyId);
  if (known?.raw === raw) return known.collapsed;
  let collapsed = EMPTY;
  try {
    const keys: unknown = JSON.parse(raw);
    if (Array.isArray(keys)) collapsed = new Set(keys.filter((key) => typeof key === 'string'));
  } catch {
    // A damaged value: start with everything open.
  }
  parsed.set(companyId, { raw, collapsed });
  return collapsed;
}

function write(companyId: string, collapsed: ReadonlySet<string>) {
  const raw = JSON.stringify([...collapsed]);
  parsed.set(companyId, { raw, collapsed });
  try {
    window.sessionStorage.setItem(storageKey(companyId), raw);
  } catch {
    // Storage unavailable: the state lasts until the next read finds nothing.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The collapsed rows of a company's tree and a way to open or close one; kept per company. */
export function useCollapsedRows(companyId: string) {
  const collapsed = useSyncExternalStore(
    subscribe,
    () => read(companyId),
    () => EMPTY,
  );
  const setExpanded = useCallback(
    (key: string, expanded: boolean) => {
      const next = new Set(read(companyId));
      if (expanded) next.delete(key);
      else next.add(key);
      write(companyId, next);
    },
    [companyId],
  );
  return { collapsed, setExpanded };
}
