import {
  type AlarmState,
  type BaselineRule,
  baselineLearningComplete,
  baselineLimits,
  DEFAULT_BASELINE_RULE,
  INITIAL_ALARM_STATE,
  type LearnedBaseline,
  type LimitStatus,
  type Limits,
  learnBaseline,
  type PersistenceConfig,
  updateAlarmState,
} from '@sdp/analytics';
import type { ModelSettings } from '@sdp/contracts';

/**
 * A monitored value's learned baseline between analysis jobs (stored in its alarm state as `learned`): the learning
 * period's values until it is complete, then the band and the 'X out of Y' state of its warning and alarm levels.
 */
export interface LearnedState {
  /** Start of the learning period, sample time (ms): the first value, or the last Reset baseline. */
  readonly sinceMs: number;
  /** Learning values; every `stride`-th one once the period holds more than MAX_LEARNING_VALUES. */
  readonly values: readonly number[];
  readonly stride: number;
  /** Values the period has seen (before thinning). */
  readonly seen: number;
  readonly band?: LearnedBaseline;
  readonly learnedAtMs?: number;
  readonly alarm: AlarmState;
}

/**
 * At most this many learning values are kept per series: a minute-rate series collects 20,160 values in 14 days; every
 * other one is dropped when the list is full, which leaves the median and MAD of a long period statistically the same
 * and keeps the stored state small.
 */
const MAX_LEARNING_VALUES = 2000;

/** A learning period that starts at `sinceMs` (Reset baseline, or the series' first value). */
export function startLearning(sinceMs: number): LearnedState {
  return { sinceMs, values: [], stride: 1, seen: 0, alarm: INITIAL_ALARM_STATE };
}

/**
 * The state to learn on after the model's last Reset baseline (`resetMs`, null when never reset): a learning period
 * that began before the reset starts again at it.
 */
export function afterReset(
  state: LearnedState | undefined,
  resetMs: number | null,
): LearnedState | undefined {
  if (resetMs === null || (state && state.sinceMs >= resetMs)) return state;
  return startLearning(resetMs);
}

/** The model's baseline rule: its settings' `baseline_in`, else the defaults (docs/baselines.md). */
export function baselineRuleOf(settings: ModelSettings): BaselineRule {
  const set = settings.baseline_in;
  if (!set) return DEFAULT_BASELINE_RULE;
  return {
    ...DEFAULT_BASELINE_RULE,
    learningDays: set.learning_days,
    learningCaptures: set.learning_captures,
    warningDeviations: set.warning_deviations,
    alarmDeviations: set.alarm_deviations,
  };
}

/**
 * Feeds one value to a learned baseline: while learning it is collected (and the band learned once the period is
 * complete; `scale` 'decibel' for levels in dB); afterwards it goes through the band's warning and alarm levels with the
 * model's persistence. Values
 * dated before the learning period (backfill older than a reset) neither teach nor judge.
 */
export function feedLearnedBaseline(
  previous: LearnedState | undefined,
  sample: { t: number; value: number },
  direction: 'high' | 'low',
  rule: BaselineRule,
  config: PersistenceConfig,
  scale: 'linear' | 'decibel' = 'linear',
): { state: LearnedState; status: LimitStatus; limits: Limits | null } {
  const state = previous ?? startLearning(sample.t);
  if (sample.t < state.sinceMs) return { state, status: 0, limits: null };
  if (!state.band) {
    const seen = state.seen + 1;
    let values = state.seen % state.stride === 0 ? [...state.values, sample.value] : [...state.values];
    let stride = state.stride;
    if (values.length > MAX_LEARNING_VALUES) {
      values = values.filter((_, index) => index % 2 === 0);
      stride *= 2;
    }
    if (values.length >= 3 && baselineLearningComplete(state.sinceMs, sample.t, seen, rule)) {
      const band = learnBaseline(values, direction, rule, scale);
      return {
        state: { ...state, values: [], stride: 1, seen, band, learnedAtMs: sample.t },
        status: 0,
        limits: null,
      };
    }
    return { state: { ...state, values, stride, seen }, status: 0, limits: null };
  }
  const limits = baselineLimits(state.band);
  if (!limits) return { state, status: 0, limits: null };
  const result = updateAlarmState(state.alarm, sample.value, limits, config);
  return { state: { ...state, alarm: result.state }, status: result.status, limits };
}
