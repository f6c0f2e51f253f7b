/**
 * Status codes and the rules that derive them (spec 02 §4, spec 03 §4.1, ARCHITECTURE.md): −2 disabled,
 * −1 offline, 0 normal, 1 warning, 2 alarm; a group's status is the maximum of its members'.
 */
import { ANALYTICS_ERROR_CODES, AnalyticsInputError, assertFinite, assertNonNegative } from './errors.ts';

/** The five status codes by name. */
export const STATUS = { disabled: -2, offline: -1, normal: 0, warning: 1, alarm: 2 } as const;

/** One of the values of {@link STATUS}. */
export type StatusCode = (typeof STATUS)[keyof typeof STATUS];

/** Status a value can earn against limits. */
export type LimitStatus = 0 | 1 | 2;

/** Warning and alarm limits. 'high' (default): bad when at or above; 'low': bad when at or below. */
export interface Limits {
  readonly warning: number;
  readonly alarm: number;
  readonly direction?: 'high' | 'low';
}

/** Throws `INVALID_ARGUMENT` unless the limits are finite and ordered for their direction. */
export function assertLimits(limits: Limits): void {
  assertFinite(limits.warning, 'warning limit');
  assertFinite(limits.alarm, 'alarm limit');
  const low = limits.direction === 'low';
  if (low ? limits.alarm > limits.warning : limits.alarm < limits.warning) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      `alarm limit ${limits.alarm} is ${low ? 'above' : 'below'} warning limit ${limits.warning} for a ${low ? 'low' : 'high'}-limit check`,
    );
  }
}

/**
 * Status of a value (spec 02 §4, charts and exports): ≥ alarm → 2, ≥ warning → 1, else 0; with
 * direction 'low', ≤ alarm → 2, ≤ warning → 1. Throws on a non-finite value or inconsistent limits.
 */
export function valueStatus(value: number, limits: Limits): LimitStatus {
  assertFinite(value, 'value');
  assertLimits(limits);
  if (limits.direction === 'low') return value <= limits.alarm ? 2 : value <= limits.warning ? 1 : 0;
  return value >= limits.alarm ? 2 : value >= limits.warning ? 1 : 0;
}

/**
 * A group's status: the maximum of its members' (so −2 and −1 only when no member is 0, 1 or 2).
 * An empty group is offline (−1).
 */
export function groupStatus(statuses: readonly StatusCode[]): StatusCode {
  return statuses.length === 0 ? STATUS.offline : (Math.max(...statuses) as StatusCode);
}

/**
 * A stored or received status as a {@link StatusCode}: −2…2 unchanged, 3 (the legacy MCA and RVS offline
 * code) and a missing value (null or undefined) become −1. Throws `INVALID_ARGUMENT` for anything else.
 */
export function normalizeStatusCode(raw: number | null | undefined): StatusCode {
  if (raw === null || raw === undefined || raw === 3) return STATUS.offline;
  if (raw === -2 || raw === -1 || raw === 0 || raw === 1 || raw === 2) return raw;
  throw new AnalyticsInputError(
    ANALYTICS_ERROR_CODES.invalid,
    `status ${raw} is not one of −2, −1, 0, 1, 2, 3`,
  );
}

/**
 * True when no sample arrived for longer than the expected interval: now − last > expectedIntervalMs, or
 * no sample at all (`lastSampleMs` null). Times in milliseconds since the epoch.
 */
export function isOffline(lastSampleMs: number | null, nowMs: number, expectedIntervalMs: number): boolean {
  assertFinite(nowMs, 'now');
  assertNonNegative(expectedIntervalMs, 'expected interval (ms)');
  if (lastSampleMs === null) return true;
  assertFinite(lastSampleMs, 'last sample time');
  return nowMs - lastSampleMs > expectedIntervalMs;
}

/** Inputs of {@link sensorStatus}. */
export interface SensorStatusInput {
  /** False for a sensor switched off in the model (status −2). */
  readonly enabled: boolean;
  /** Latest value, or null when none. */
  readonly value: number | null;
  readonly limits: Limits;
  readonly lastSampleMs: number | null;
  readonly nowMs: number;
  readonly expectedIntervalMs: number;
}

/** Status of one sensor: disabled (−2), else offline by gap (−1), else {@link valueStatus} of its value. */
export function sensorStatus(input: SensorStatusInput): StatusCode {
  if (!input.enabled) return STATUS.disabled;
  if (input.value === null || isOffline(input.lastSampleMs, input.nowMs, input.expectedIntervalMs)) {
    return STATUS.offline;
  }
  return valueStatus(input.value, input.limits);
}

/** What a gauge or bar draws (spec 02 §4). */
export interface GaugeDisplay {
  /** Top of the scale: 1.2 × alarm. */
  readonly scaleMax: number;
  /** Value drawn, capped at scaleMax; null where the bar shows a dash (negative status). */
  readonly displayValue: number | null;
  readonly capped: boolean;
  /** Colour class: strictly above alarm 2 (red), strictly above warning 1 (amber), else 0 (green). */
  readonly colour: LimitStatus;
}

/**
 * Gauge scale and capping (spec 02 §4): scale 1.2 × alarm; values above it are drawn at the cap; a
 * negative status (disabled, offline) shows a dash. Note the gauge colours on "above" (strictly greater),
 * whereas {@link valueStatus} uses "at or above" as the charts do.
 */
export function gaugeDisplay(
  value: number,
  limits: Limits,
  status: StatusCode = STATUS.normal,
): GaugeDisplay {
  assertFinite(value, 'value');
  assertLimits(limits);
  const scaleMax = 1.2 * limits.alarm;
  const capped = value > scaleMax;
  const colour: LimitStatus = value > limits.alarm ? 2 : value > limits.warning ? 1 : 0;
  return { scaleMax, displayValue: status < 0 ? null : capped ? scaleMax : value, capped, colour };
}
