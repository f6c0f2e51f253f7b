import { useState } from 'react';
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

/** The drawer width, remembered across visits; `save` stores the current width once a drag ends. */
export function useDrawerWidth() {
  const [width, setWidth] = useState(() =>
    readPreference(preferenceKeys.drawerWidth, parseWidth, DRAWER_DEFAULT_WIDTH),
  );
  return {
    width,
    resize: (next: number) => setWidth(clampDrawerWidth(next)),
    save: (next: number) => {
      const clamped = clampDrawerWidth(next);
      setWidth(clamped);
      writePreference(preferenceKeys.drawerWidth, String(clamped));
    },
  };
}
