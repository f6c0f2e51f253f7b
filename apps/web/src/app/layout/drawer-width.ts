import { useCallback, useRef, useState } from 'react';
import { preferenceKeys, readPreference, writePreference } from '../../lib/preferences.ts';

/** Drawer width limits and default, in CSS pixels (spec 01 §9). */
export const DRAWER_MIN_WIDTH = 300;
export const DRAWER_MAX_WIDTH = 480;
export const DRAWER_DEFAULT_WIDTH = 300;

export function clampDrawerWidth(width: number): number {
  return Math.round(Math.min(DRAWER_MAX_WIDTH, Math.max(DRAWER_MIN_WIDTH, width)));
}

function parseWidth(raw: string): number | undefined {
  const width = Number(raw);
  return Number.isFinite(width) ? clampDrawerWidth(width) : undefined;
}

/**
 * The drawer width, remembered across visits; `save` stores the current width once a drag ends. Until the user
 * has set one, `fit` sizes the drawer to the tree's names (issue 27.4), within the limits. `settled` says the
 * width will not change by itself any more (a chosen width, or the tree's fit told): until then the page beside
 * an open drawer would be pushed sideways when the tree arrives (issue 29: layout shift).
 */
export function useDrawerWidth() {
  // The width the user chose by dragging, now or on an earlier visit; none until they do.
  const chosen = useRef<number | undefined>(undefined);
  const [width, setWidth] = useState(() => {
    chosen.current = readPreference<number | undefined>(preferenceKeys.drawerWidth, parseWidth, undefined);
    return chosen.current ?? DRAWER_DEFAULT_WIDTH;
  });
  const [fitted, setFitted] = useState(false);
  const fit = useCallback((forNames: number) => {
    setFitted(true);
    if (chosen.current === undefined) setWidth(clampDrawerWidth(forNames));
  }, []);
  return {
    width,
    settled: fitted || chosen.current !== undefined,
    fit,
    resize: (next: number) => setWidth(clampDrawerWidth(next)),
    save: (next: number) => {
      const clamped = clampDrawerWidth(next);
      chosen.current = clamped;
      setWidth(clamped);
      writePreference(preferenceKeys.drawerWidth, String(clamped));
    },
  };
}
