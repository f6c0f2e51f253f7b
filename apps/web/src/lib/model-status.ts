/** How a status code reads (ARCHITECTURE "Status codes"): 0 normal, 1 warning, 2 alarm, −2 disabled, else offline. */
export type ModelStatusKind = 'normal' | 'warning' | 'alarm' | 'offline' | 'disabled';

const DISABLED = -2;

/** The kind of a model, equipment or folder status code (spec 01 §2 'Status dot colours'). */
export function modelStatusKind(status: number): ModelStatusKind {
  if (status === 0) return 'normal';
  if (status === 1) return 'warning';
  if (status === 2) return 'alarm';
  if (status === DISABLED) return 'disabled';
  return 'offline';
}

/** Dot colours: green normal, amber warning, red alarm, grey offline, light grey disabled. */
export const modelStatusColors: Readonly<Record<ModelStatusKind, string>> = {
  normal: '#2e7d32',
  warning: '#f0a202',
  alarm: '#d32f2f',
  offline: '#8a8f98',
  disabled: '#c4c8ce',
};

/** The status colours for text on a light background (WCAG AA ≥ 4.5:1): the amber and the greys darkened. */
export const modelStatusTextColors: Readonly<Record<ModelStatusKind, string>> = {
  normal: '#2e7d32',
  warning: '#8a5300',
  alarm: '#d32f2f',
  offline: '#5f6368',
  disabled: '#5f6368',
};

/** Text on a status-coloured fill: dark on the amber and the greys, white on green and red. */
export const modelStatusInk = (kind: ModelStatusKind) =>
  kind === 'normal' || kind === 'alarm' ? '#fff' : 'rgba(0, 0, 0, 0.87)';
