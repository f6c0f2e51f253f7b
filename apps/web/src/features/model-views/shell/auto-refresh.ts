import { useEffect, useRef, useState } from 'react';

/** Time-out choices of the Auto switch in minutes (spec 02 §2.3, §9); 10 unless chosen otherwise (spec 03 §4.8). */
export const AUTO_REFRESH_MINUTES = [1, 5, 10, 15] as const;
export type AutoRefreshMinutes = (typeof AUTO_REFRESH_MINUTES)[number];
export const DEFAULT_AUTO_REFRESH_MINUTES: AutoRefreshMinutes = 10;
/** A changed interval starts counting again after this delay (spec 02 §9). */
export const AUTO_RESTART_DELAY_MS = 500;

/**
 * The Auto switch: while on, `refresh` runs every chosen interval; changing the interval restarts the count after
 * 500 ms; turning it off stops it (spec 02 §4).
 */
export function useAutoRefresh(refresh: () => void) {
  const [enabled, setEnabled] = useState(false);
  const [minutes, setMinutes] = useState<AutoRefreshMinutes>(DEFAULT_AUTO_REFRESH_MINUTES);
  const latest = useRef(refresh);
  latest.current = refresh;
  const started = useRef(false);

  useEffect(() => {
    if (!enabled) {
      started.current = false;
      return;
    }
    let interval: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      interval = setInterval(() => latest.current(), minutes * 60_000);
    };
    // Switching on starts at once; a new interval while on restarts after the delay.
    const delay = started.current ? setTimeout(start, AUTO_RESTART_DELAY_MS) : undefined;
    if (!started.current) start();
    started.current = true;
    return () => {
      clearTimeout(delay);
      clearInterval(interval);
    };
  }, [enabled, minutes]);

  return { enabled, setEnabled, minutes, setMinutes };
}
