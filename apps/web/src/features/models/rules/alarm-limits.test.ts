import { describe, expect, it } from 'vitest';
import {
  applyAlertToAll,
  applyAllState,
  applyMonitorToAll,
  applyValueToAll,
  DEFAULT_APPLY_ALL_VALUES,
  type LimitRow,
  setAlert,
  setMonitor,
} from './alarm-limits.ts';

type Row = LimitRow & { sensorTypeId: number; sensorGroupId: number };

function row(sensorTypeId: number, sensorGroupId: number, flags: Partial<Row> = {}): Row {
  return {
    sensorTypeId,
    sensorGroupId,
    warning: -45,
    alarm: -40,
    rul_warning: null,
    rul_alarm: null,
    isSelect: true,
    isAlert: true,
    ...flags,
  };
}

const rotor = (candidate: Row) => candidate.sensorGroupId === 21;

describe('monitor and alert of one row', () => {
  it('clears the alert when monitoring is unticked', () => {
    expect(setMonitor(row(2101, 21), false)).toMatchObject({ isSelect: false, isAlert: false });
  });

  it('turns the alert on with monitoring', () => {
    expect(setMonitor(row(2101, 21, { isSelect: false, isAlert: false }), true)).toMatchObject({
      isSelect: true,
      isAlert: true,
    });
  });

  it('selects the row when its alert is ticked', () => {
    expect(setAlert(row(2101, 21, { isSelect: false, isAlert: false }), true)).toMatchObject({
      isSelect: true,
      isAlert: true,
    });
  });

  it('keeps the row monitored when only its alert is unticked', () => {
    expect(setAlert(row(2101, 21), false)).toMatchObject({ isSelect: true, isAlert: false });
  });
});

describe('the apply-to-all row of a group', () => {
  const rows = [
    row(2101, 21, { isSelect: false, isAlert: false }),
    row(2102, 21, { isSelect: true, isAlert: false }),
    row(2201, 22, { isSelect: false, isAlert: false, warning: -50, alarm: -44 }),
  ];

  it('ticking monitor sets both flags and copies warning, alarm and RUL onto every row of the group only', () => {
    const values = { warning: -47, alarm: -41, rul_warning: 5, rul_alarm: 9 };
    const next = applyMonitorToAll(rows, rotor, true, values);
    for (const changed of next.slice(0, 2)) {
      expect(changed).toMatchObject({ isSelect: true, isAlert: true, ...values });
    }
    expect(next[2]).toEqual(rows[2]);
  });

  it('unticking monitor clears both flags and leaves the values', () => {
    const next = applyMonitorToAll(rows, rotor, false, DEFAULT_APPLY_ALL_VALUES);
    expect(next[1]).toMatchObject({ isSelect: false, isAlert: false, warning: -45, alarm: -40 });
  });

  it('ticking alert alerts and selects every row of the group', () => {
    const next = applyAlertToAll(rows, rotor, true);
    expect(next.slice(0, 2).every((candidate) => candidate.isSelect && candidate.isAlert)).toBe(true);
    expect(next[2]?.isAlert).toBe(false);
  });

  it('copies a typed value to that column of every row of the group', () => {
    const next = applyValueToAll(rows, rotor, 'alarm', -39);
    expect(next.map((candidate) => candidate.alarm)).toEqual([-39, -39, -44]);
  });

  it('shows its boxes ticked only when every row of the group is, indeterminate when some are', () => {
    expect(applyAllState(rows.filter(rotor))).toEqual({
      monitor: false,
      monitorIndeterminate: true,
      alert: false,
      alertIndeterminate: false,
    });
    const all = applyMonitorToAll(rows, rotor, true, DEFAULT_APPLY_ALL_VALUES).filter(rotor);
    expect(applyAllState(all)).toEqual({
      monitor: true,
      monitorIndeterminate: false,
      alert: true,
      alertIndeterminate: false,
    });
  });

  it('starts with monitor ticked, alert unticked and values 0 (spec 02 §4)', () => {
    expect(applyAllState([row(2101, 21, { isAlert: false })])).toMatchObject({ monitor: true, alert: false });
    expect(DEFAULT_APPLY_ALL_VALUES).toEqual({ warning: 0, alarm: 0, rul_warning: 0, rul_alarm: 0 });
  });
});
