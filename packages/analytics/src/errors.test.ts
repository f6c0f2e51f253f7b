import { describe, expect, it } from 'vitest';
import {
  AnalyticsInputError,
  assertFiniteSignal,
  assertIntegerInRange,
  assertNonNegative,
  assertSameLength,
  assertSampleRate,
} from './errors.ts';

describe('AnalyticsInputError', () => {
  it('is an Error with a name, a code and a message naming the input', () => {
    const error = new AnalyticsInputError('EMPTY_INPUT', 'signal is empty');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AnalyticsInputError');
    expect(error.code).toBe('EMPTY_INPUT');
    expect(error.message).toBe('signal is empty');
  });
});

describe('validation helpers', () => {
  it('name the first non-finite sample and its index', () => {
    expect(() => assertFiniteSignal([1, 2, Number.NEGATIVE_INFINITY, Number.NaN], 'current')).toThrow(
      'current[2] is -Infinity; every sample must be a finite number',
    );
    expect(() => assertFiniteSignal([] as number[], 'current')).toThrow('current is empty');
    expect(() => assertFiniteSignal([1, 2, 3], 'current')).not.toThrow();
  });

  it('reject zero or non-finite sample rates, negatives, wrong integers and length mismatches', () => {
    expect(() => assertSampleRate(0)).toThrow(expect.objectContaining({ code: 'INVALID_SAMPLE_RATE' }));
    expect(() => assertSampleRate(Number.NaN)).toThrow(
      expect.objectContaining({ code: 'INVALID_SAMPLE_RATE' }),
    );
    expect(() => assertNonNegative(-0.1, 'CO')).toThrow(expect.objectContaining({ code: 'NEGATIVE_VALUE' }));
    expect(() => assertIntegerInRange(1.5, 1, 3, 'count')).toThrow(
      expect.objectContaining({ code: 'OUT_OF_RANGE' }),
    );
    expect(() => assertSameLength([1], [1, 2], 'a and b')).toThrow(
      expect.objectContaining({ code: 'LENGTH_MISMATCH' }),
    );
  });
});
