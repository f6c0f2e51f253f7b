import type { AlarmLimitRow } from '@sdp/contracts';

/** What every alarm limit row has, whichever section it sits in (transformer, MCA, VCA). */
export type LimitRow = Pick<
  AlarmLimitRow,
  'isSelect' | 'isAlert' | 'warning' | 'alarm' | 'rul_warning' | 'rul_alarm'
>;

/** The values the 'apply to all' row copies onto every row of its group. */
export type ApplyAllValues = Pick<LimitRow, 'warning' | 'alarm' | 'rul_warning' | 'rul_alarm'>;

/** Spec 02 §4: the apply-all row starts with monitor ticked, alert unticked and its values at 0. */
export const DEFAULT_APPLY_ALL_VALUES: ApplyAllValues = {
  warning: 0,
  alarm: 0,
  rul_warning: 0,
  rul_alarm: 0,
};

/**
 * Ticks or unticks a row's monitor box (isSelect). Monitoring a tag turns its alert on with it; a tag that is
 * not monitored has nothing to alert on, so unticking clears the alert too (spec 02 §4).
 */
export function setMonitor<Row extends LimitRow>(row: Row, monitored: boolean): Row {
  return { ...row, isSelect: monitored, isAlert: monitored };
}

/** Ticks or unticks a row's alert box; an alert needs the tag monitored, so ticking it selects the row too. */
export function setAlert<Row extends LimitRow>(row: Row, alert: boolean): Row {
  return alert ? { ...row, isSelect: true, isAlert: true } : { ...row, isAlert: false };
}

/** How the apply-all checkboxes of a group look: ticked when every row is, indeterminate when only some are. */
export type ApplyAllState = {
  monitor: boolean;
  monitorIndeterminate: boolean;
  alert: boolean;
  alertIndeterminate: boolean;
};

/** The apply-all checkbox state of a group's rows (an empty group reads as the default: monitor ticked). */
export function applyAllState(rows: readonly LimitRow[]): ApplyAllState {
  const selected = rows.filter((row) => row.isSelect).length;
  const alerted = rows.filter((row) => row.isAlert).length;
  return {
    monitor: selected === rows.length,
    monitorIndeterminate: selected > 0 && selected < rows.length,
    alert: rows.length > 0 && alerted === rows.length,
    alertIndeterminate: alerted > 0 && alerted < rows.length,
  };
}

/**
 * The apply-all monitor box of a group: ticking it sets monitor and alert on every row of the group and copies
 * the apply-all warning, alarm, RUL warning and RUL alarm onto them; unticking clears both flags. Rows of other
 * groups stay as they are.
 */
export function applyMonitorToAll<Row extends LimitRow>(
  rows: readonly Row[],
  inGroup: (row: Row) => boolean,
  monitored: boolean,
  values: ApplyAllValues,
): Row[] {
  return rows.map((row) => {
    if (!inGroup(row)) return row;
    return monitored ? { ...setMonitor(row, true), ...values } : setMonitor(row, false);
  });
}

/** The apply-all alert box of a group: the same alert on every row of the group (ticking selects them too). */
export function applyAlertToAll<Row extends LimitRow>(
  rows: readonly Row[],
  inGroup: (row: Row) => boolean,
  alert: boolean,
): Row[] {
  return rows.map((row) => (inGroup(row) ? setAlert(row, alert) : row));
}

/** A value typed in the apply-all row goes to that column of every row of the group at once. */
export function applyValueToAll<Row extends LimitRow>(
  rows: readonly Row[],
  inGroup: (row: Row) => boolean,
  field: keyof ApplyAllValues,
  value: number | null,
): Row[] {
  return rows.map((row) => (inGroup(row) ? { ...row, [field]: value } : row));
}
