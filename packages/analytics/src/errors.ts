/**
 * Typed input errors of the analytics package. Every public function validates what it is given and
 * throws an {@link AnalyticsInputError} with a `code` instead of returning garbage.
 */

/** Machine-readable reasons for rejecting an input. */
export const ANALYTICS_ERROR_CODES = {
  empty: 'EMPTY_INPUT',
  nonFinite: 'NON_FINITE',
  notPowerOfTwo: 'NOT_POWER_OF_TWO',
  sampleRate: 'INVALID_SAMPLE_RATE',
  negative: 'NEGATIVE_VALUE',
  geometry: 'IMPOSSIBLE_GEOMETRY',
  lengthMismatch: 'LENGTH_MISMATCH',
  outOfRange: 'OUT_OF_RANGE',
  invalid: 'INVALID_ARGUMENT',
} as const;

/** One of the values of {@link ANALYTICS_ERROR_CODES}. */
export type AnalyticsErrorCode = (typeof ANALYTICS_ERROR_CODES)[keyof typeof ANALYTICS_ERROR_CODES];

/** Error thrown for input the analytics cannot process; `code` says why, `message` says what and where. */
export class AnalyticsInputError extends Error {
  readonly code: AnalyticsErrorCode;

  constructor(code: AnalyticsErrorCode, message: string) {
    super(message);
    this.name = 'AnalyticsInputError';
    this.code = code;
  }
}

/** Throws `EMPTY_INPUT` when `values` has no element and `NON_FINITE` at the first NaN or ±Infinity. */
export function assertFiniteSignal(values: ArrayLike<number>, name: string): void {
  if (values.length === 0) {
    throw new AnalyticsInputError(ANALYTICS_ERROR_CODES.empty, `${name} is empty`);
  }
  // One branch-free pass (v·0 is NaN only for NaN, ±Infinity or a non-number); the search below names the culprit.
  let probe = 0;
  for (let i = 0; i < values.length; i++) probe += values[i]! * 0;
  if (probe === 0) return;
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) {
      throw new AnalyticsInputError(
        ANALYTICS_ERROR_CODES.nonFinite,
        `${name}[${i}] is ${values[i]}; every sample must be a finite number`,
      );
    }
  }
}

/** Throws `NON_FINITE` unless `value` is a finite number. */
export function assertFinite(value: number, name: string): void {
  if (!Number.isFinite(value)) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.nonFinite,
      `${name} is ${value}; expected a finite number`,
    );
  }
}

/** Throws `INVALID_SAMPLE_RATE` unless the sample rate is a finite number above zero (Hz). */
export function assertSampleRate(sampleRateHz: number): void {
  if (!(Number.isFinite(sampleRateHz) && sampleRateHz > 0)) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.sampleRate,
      `sample rate is ${sampleRateHz} Hz; it must be a finite number above 0`,
    );
  }
}

/** Throws `OUT_OF_RANGE` unless `value` is finite and strictly positive. */
export function assertPositive(value: number, name: string): void {
  assertFinite(value, name);
  if (value <= 0) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.outOfRange,
      `${name} is ${value}; it must be above 0`,
    );
  }
}

/** Throws `NEGATIVE_VALUE` unless `value` is finite and at least zero. */
export function assertNonNegative(value: number, name: string): void {
  assertFinite(value, name);
  if (value < 0) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.negative,
      `${name} is ${value}; it must not be negative`,
    );
  }
}

/** Throws `OUT_OF_RANGE` unless `value` is an integer in [min, max]. */
export function assertIntegerInRange(value: number, min: number, max: number, name: string): void {
  if (!(Number.isInteger(value) && value >= min && value <= max)) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.outOfRange,
      `${name} is ${value}; it must be an integer from ${min} to ${max}`,
    );
  }
}

/** Throws `LENGTH_MISMATCH` unless both arrays have the same length. */
export function assertSameLength(a: ArrayLike<number>, b: ArrayLike<number>, names: string): void {
  if (a.length !== b.length) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.lengthMismatch,
      `${names} differ in length (${a.length} and ${b.length})`,
    );
  }
}
