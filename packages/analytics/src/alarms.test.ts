import { describe, expect, it } from 'vitest';
import {
  type AlarmState,
  INITIAL_ALARM_STATE,
  INITIAL_PERSISTENCE,
  type PersistenceState,
  updateAlarmState,
  updatePersistence,
} from './alarms.ts';

function run(samples: boolean[], occurrences: number, window: number) {
  let state: PersistenceState = INITIAL_PERSISTENCE;
  return samples.map((sample) => {
    const next = updatePersistence(state, sample, { occurrences, window });
    state = next.state;
    return next.transition === null ? (state.active ? 'A' : '.') : next.transition === 'raised' ? 'R' : 'C';
  });
}

describe("'X out of Y' persistence", () => {
  it('raises when X of the last Y samples are out of limit (3 out of 5)', () => {
    expect(run([true, false, true, false, true], 3, 5).join('')).toBe('....R');
    expect(run([true, false, false, false, true, true], 3, 5).join('')).toBe('......');
  });

  it('clears only after X consecutive in-limit samples, so a hovering signal does not chatter', () => {
    const hovering = [true, true, true, false, true, false, true, false, true];
    expect(run(hovering, 3, 5).join('')).toBe('..RAAAAAA');
    expect(run([true, true, true, false, false, false], 3, 5).join('')).toBe('..RAAC');
  });

  it('with 1 out of 1 follows every sample', () => {
    expect(run([true, false, true], 1, 1).join('')).toBe('RCR');
  });

  it('rejects X greater than Y', () => {
    expect(() => updatePersistence(INITIAL_PERSISTENCE, true, { occurrences: 4, window: 3 })).toThrow(
      expect.objectContaining({ code: 'OUT_OF_RANGE' }),
    );
  });
});

describe('updateAlarmState', () => {
  const limits = { warning: 5, alarm: 10 };
  function statuses(values: number[], deadband = 0) {
    let state: AlarmState = INITIAL_ALARM_STATE;
    return values.map((value) => {
      const next = updateAlarmState(state, value, limits, { occurrences: 2, window: 3, deadband });
      state = next.state;
      return next.status;
    });
  }

  it('escalates warning then alarm with persistence and returns to normal with hysteresis', () => {
    expect(statuses([6, 6, 11, 11, 6, 6, 1, 1])).toEqual([0, 1, 1, 2, 2, 1, 1, 0]);
  });

  it('holds an active level inside the deadband (return only below limit − deadband)', () => {
    expect(statuses([6, 6, 4.5, 4.5, 4.5], 1)).toEqual([0, 1, 1, 1, 1]);
    expect(statuses([6, 6, 3.9, 3.9], 1)).toEqual([0, 1, 1, 0]);
  });

  it('works for low limits', () => {
    let state: AlarmState = INITIAL_ALARM_STATE;
    const low = { warning: 20, alarm: 10, direction: 'low' } as const;
    const out = [15, 15, 25, 25].map((v) => {
      const next = updateAlarmState(state, v, low, { occurrences: 2, window: 2 });
      state = next.state;
      return next.status;
    });
    expect(out).toEqual([0, 1, 1, 0]);
  });

  it('rejects NaN values', () => {
    expect(() =>
      updateAlarmState(INITIAL_ALARM_STATE, Number.NaN, limits, { occurrences: 1, window: 1 }),
    ).toThrow(expect.objectContaining({ code: 'NON_FINITE' }));
  });
});
