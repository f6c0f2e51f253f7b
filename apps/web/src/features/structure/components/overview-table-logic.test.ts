import type { OverallStatusRow } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, formatDuration, readView, viewRows, writeView } from './overview-table-logic.ts';

const now = Date.parse('2026-11-22T00:00:00Z');
const row = (name: string, status: number, alarmSinceDaysAgo: number | null, type = 3): OverallStatusRow => ({
  model_id: `00000000-0000-4000-8000-00000000000${name.length}`,
  model_name: name,
  model_code: name,
  model_type_id: type,
  equipment_id: '00000000-0000-4000-8000-000000000001',
  equipment_name: name,
  equipment_alias: null,
  isActive: true,
  status,
  alarmSince:
    alarmSinceDaysAgo === null ? null : new Date(now - alarmSinceDaysAgo * 86_400_000).toISOString(),
  lastDataAt: new Date(now).toISOString(),
});
const rows = [
  row('VSD1', 2, 2),
  row('FAN1', 2, 6, 4),
  row('TX2', 0, null, 1),
  row('P102', 1, 1, 2),
  row('P101', -1, null, 2),
];

describe('company overview table', () => {
  it("'Alarm' keeps only alarm rows; 'stop' the offline ones", () => {
    const view = { ...DEFAULT_VIEW, status: 'alarm' as const };
    expect(
      viewRows(rows, view, now)
        .map((r) => r.model_name)
        .sort(),
    ).toEqual(['FAN1', 'VSD1']);
    expect(viewRows(rows, { ...view, status: 'stop' }, now).map((r) => r.model_name)).toEqual(['P101']);
  });

  it('sorts by the time in alarm, longest first, rows not in alarm last both ways', () => {
    const desc = viewRows(rows, { status: 'all', sort: 'alarmSince', dir: 'desc' }, now).map(
      (r) => r.model_name,
    );
    expect(desc.slice(0, 3)).toEqual(['FAN1', 'VSD1', 'P102']);
    const asc = viewRows(rows, { status: 'all', sort: 'alarmSince', dir: 'asc' }, now).map(
      (r) => r.model_name,
    );
    expect(asc.slice(0, 3)).toEqual(['P102', 'VSD1', 'FAN1']);
    expect(asc.slice(3).sort()).toEqual(['P101', 'TX2']);
  });

  it('keeps the view in the address, defaults left out, and reads it back', () => {
    const search = writeView(new URLSearchParams('folderSelect=x'), {
      status: 'alarm',
      sort: 'alarmSince',
      dir: 'desc',
    });
    expect(search.toString()).toBe('folderSelect=x&status=alarm&sort=alarmSince');
    expect(readView(search)).toEqual({ status: 'alarm', sort: 'alarmSince', dir: 'desc' });
    expect(readView(new URLSearchParams('status=bogus&sort=x'))).toEqual(DEFAULT_VIEW);
  });

  it('writes durations in days and hours, hours and minutes, or minutes', () => {
    expect(formatDuration(3 * 86_400_000 + 4 * 3_600_000 + 5 * 60_000)).toBe('3 d 4 h');
    expect(formatDuration(5 * 3_600_000 + 12 * 60_000)).toBe('5 h 12 min');
    expect(formatDuration(8 * 60_000 + 59_000)).toBe('8 min');
    expect(formatDuration(4 * 86_400_000 + 22 * 3_600_000, 'th')).toBe('4 วัน 22 ชม.');
    expect(formatDuration(5 * 3_600_000 + 12 * 60_000, 'th')).toBe('5 ชม. 12 นาที');
  });
});
