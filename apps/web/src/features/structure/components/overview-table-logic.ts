import type { OverallStatusRow } from '@sdp/contracts';

/** The count cards of the company page as filters of the model table (spec 01 'dashboard_data'). */
export const STATUS_FILTERS = ['all', 'normal', 'warning', 'alarm', 'stop'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const SORT_KEYS = ['equipment', 'model', 'type', 'status', 'alarmSince', 'lastData'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

/** What the address holds: `status`, `sort` and `dir`, so a link reproduces the view. */
export interface OverviewView {
  status: StatusFilter;
  sort: SortKey;
  dir: SortDirection;
}

export const DEFAULT_VIEW: OverviewView = { status: 'all', sort: 'status', dir: 'desc' };

const oneOf = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
  values.includes(raw as T) ? (raw as T) : fallback;

/** The view of the address; unknown values fall back to the default view's. */
export function readView(search: URLSearchParams): OverviewView {
  return {
    status: oneOf(STATUS_FILTERS, search.get('status'), DEFAULT_VIEW.status),
    sort: oneOf(SORT_KEYS, search.get('sort'), DEFAULT_VIEW.sort),
    dir: oneOf(['asc', 'desc'] as const, search.get('dir'), DEFAULT_VIEW.dir),
  };
}

/** The address of a view: defaults left out, other parameters (folderSelect …) kept. */
export function writeView(search: URLSearchParams, view: OverviewView): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of ['status', 'sort', 'dir'] as const) {
    if (view[key] === DEFAULT_VIEW[key]) next.delete(key);
    else next.set(key, view[key]);
  }
  return next;
}

/** Whether a model's status counts under a card: offline and disabled are 'stop', as the counts are made. */
export function matchesFilter(status: number, filter: StatusFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'normal':
      return status === 0;
    case 'warning':
      return status === 1;
    case 'alarm':
      return status === 2;
    case 'stop':
      return status < 0 || status > 2;
  }
}

/** How long a model has been in warning or alarm at `nowMs`; null when it is not. */
export function alarmDurationMs(row: Pick<OverallStatusRow, 'alarmSince'>, nowMs: number): number | null {
  return row.alarmSince ? Math.max(0, nowMs - Date.parse(row.alarmSince)) : null;
}

const compareText = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });
/** Empty values sort last whichever the direction. */
function compareNullable(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return direction * (a - b);
}

/**
 * The rows under the chosen card, sorted by the chosen column; ties by equipment then model name. 'In alarm since'
 * sorts by the duration (longest first when descending), rows not in alarm last.
 */
export function viewRows(
  rows: readonly OverallStatusRow[],
  view: OverviewView,
  nowMs: number,
): OverallStatusRow[] {
  const direction = view.dir === 'asc' ? 1 : -1;
  const tie = (a: OverallStatusRow, b: OverallStatusRow) =>
    compareText(a.equipment_name, b.equipment_name) || compareText(a.model_name, b.model_name);
  const primary = (a: OverallStatusRow, b: OverallStatusRow): number => {
    switch (view.sort) {
      case 'equipment':
        return direction * compareText(a.equipment_name, b.equipment_name);
      case 'model':
        return direction * compareText(a.model_name, b.model_name);
      case 'type':
        return direction * (a.model_type_id - b.model_type_id);
      case 'status':
        return direction * (a.status - b.status);
      case 'alarmSince':
        return compareNullable(alarmDurationMs(a, nowMs), alarmDurationMs(b, nowMs), direction);
      case 'lastData':
        return compareNullable(
          a.lastDataAt ? Date.parse(a.lastDataAt) : null,
          b.lastDataAt ? Date.parse(b.lastDataAt) : null,
          direction,
        );
    }
  };
  return rows
    .filter((row) => matchesFilter(row.status, view.status))
    .sort((a, b) => primary(a, b) || tie(a, b));
}

const DURATION_UNITS = {
  en: { d: 'd', h: 'h', min: 'min' },
  th: { d: 'วัน', h: 'ชม.', min: 'นาที' },
} as const;

/** A duration as an engineer reads it: '3 d 4 h', '5 h 12 min', '8 min'; in Thai '3 วัน 4 ชม.' (issue 27 item 5). */
export function formatDuration(ms: number, language = 'en'): string {
  const unit = DURATION_UNITS[language.startsWith('th') ? 'th' : 'en'];
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} ${unit.d} ${hours} ${unit.h}`;
  if (hours > 0) return `${hours} ${unit.h} ${minutes % 60} ${unit.min}`;
  return `${minutes} ${unit.min}`;
}
