/**
 * UI preferences kept in localStorage (never secrets: the session lives in an HttpOnly cookie).
 * Reads fall back to the default when storage is unavailable or holds something unexpected.
 */
export const preferenceKeys = {
  language: 'sdp.language',
  drawerWidth: 'sdp.drawer-width',
  realtimeFaultEvent: 'sdp.realtime-fault-event',
  /** Per user: `{ [userId]: true }` for the users who collapsed the model pages' Monitoring Dashboard. */
  dashboardCollapsed: 'sdp.dashboard-collapsed',
} as const;

type PreferenceKey = (typeof preferenceKeys)[keyof typeof preferenceKeys];

export function readPreference<T>(key: PreferenceKey, parse: (raw: string) => T | undefined, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? fallback : (parse(raw) ?? fallback);
  } catch {
    return fallback;
  }
}

export function writePreference(key: PreferenceKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the preference simply does not survive a reload.
  }
}
