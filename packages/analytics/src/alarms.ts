/**
 * 'X out of Y' alarm persistence with hysteresis (ANALYTICS.md §8; ISA-18.2 terms; spec 02 §3
 * alarm_management persistence_from / persistence_to shown as 'X out of Y').
 *
 * Semantics used by the engine:
 * - Each sample is "out of limit" or not. A level (warning or alarm) is raised when at least X of the last
 *   Y samples were out of limit.
 * - An active level clears only after X consecutive in-limit samples (count hysteresis), so a signal
 *   hovering at the limit does not chatter between raised and cleared.
 * - Optional value deadband: while a level is active, a sample is still out of limit until it falls past
 *   limit − deadband (limit + deadband for low limits).
 * - State is a plain object, so it can be stored between analysis jobs and fed back.
 */
import { assertFinite, assertIntegerInRange, assertNonNegative } from './errors.ts';
import { assertLimits, type LimitStatus, type Limits } from './status.ts';

/** X (occurrences) out of Y (window) and an optional value deadband in the value's unit. */
export interface PersistenceConfig {
  /** X, 1 ≤ X ≤ Y. */
  readonly occurrences: number;
  /** Y, the number of most recent samples considered (1–1000). */
  readonly window: number;
  /** Default 0. */
  readonly deadband?: number;
}

/** Persistence state of one level: the last Y samples (1 = out of limit, newest last) and whether active. */
export interface PersistenceState {
  readonly recent: readonly (0 | 1)[];
  readonly active: boolean;
}

/** What changed with a sample. */
export type PersistenceTransition = 'raised' | 'cleared' | null;

/** A fresh state: no history, not active. */
export const INITIAL_PERSISTENCE: PersistenceState = { recent: [], active: false };

function assertConfig(config: PersistenceConfig): void {
  assertIntegerInRange(config.window, 1, 1000, "persistence window Y of 'X out of Y'");
  assertIntegerInRange(config.occurrences, 1, config.window, "persistence count X of 'X out of Y'");
  assertNonNegative(config.deadband ?? 0, 'deadband');
}

/** Feeds one sample (out of limit or not) to a level's state; returns the new state and the transition. */
export function updatePersistence(
  state: PersistenceState,
  outOfLimit: boolean,
  config: PersistenceConfig,
): { state: PersistenceState; transition: PersistenceTransition } {
  assertConfig(config);
  const recent = [...state.recent, outOfLimit ? 1 : 0].slice(-config.window) as (0 | 1)[];
  const count = recent.reduce<number>((sum, flag) => sum + flag, 0);
  let active = state.active;
  let transition: PersistenceTransition = null;
  if (!active && count >= config.occurrences) {
    active = true;
    transition = 'raised';
  } else if (
    active &&
    recent.length >= config.occurrences &&
    recent.slice(-config.occurrences).every((flag) => flag === 0)
  ) {
    active = false;
    transition = 'cleared';
  }
  return { state: { recent, active }, transition };
}

/** Persistence states of the warning and alarm levels of one measurement. */
export interface AlarmState {
  readonly warning: PersistenceState;
  readonly alarm: PersistenceState;
}

/** A fresh alarm state. */
export const INITIAL_ALARM_STATE: AlarmState = { warning: INITIAL_PERSISTENCE, alarm: INITIAL_PERSISTENCE };

function outOfLimit(value: number, limit: number, low: boolean, active: boolean, deadband: number): boolean {
  const threshold = active ? (low ? limit + deadband : limit - deadband) : limit;
  if (low) return active ? value < threshold : value <= threshold;
  return active ? value > threshold : value >= threshold;
}

/**
 * Feeds one value to the warning and alarm levels and returns the persisted status: 2 while the alarm
 * level is active, else 1 while the warning level is active, else 0. The instantaneous comparison is
 * the one of valueStatus (≥ limit, or ≤ for low limits).
 */
export function updateAlarmState(
  state: AlarmState,
  value: number,
  limits: Limits,
  config: PersistenceConfig,
): { state: AlarmState; status: LimitStatus; previousStatus: LimitStatus } {
  assertFinite(value, 'value');
  assertLimits(limits);
  assertConfig(config);
  const low = limits.direction === 'low';
  const deadband = config.deadband ?? 0;
  const warning = updatePersistence(
    state.warning,
    outOfLimit(value, limits.warning, low, state.warning.active, deadband),
    config,
  ).state;
  const alarm = updatePersistence(
    state.alarm,
    outOfLimit(value, limits.alarm, low, state.alarm.active, deadband),
    config,
  ).state;
  return {
    state: { warning, alarm },
    status: persistedStatus({ warning, alarm }),
    previousStatus: persistedStatus(state),
  };
}

/** The status an alarm state stands for: 2 alarm active, 1 warning active, else 0. */
export function persistedStatus(state: AlarmState): LimitStatus {
  return state.alarm.active ? 2 : state.warning.active ? 1 : 0;
}
