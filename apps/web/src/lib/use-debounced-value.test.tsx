import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDebouncedValue', () => {
  it('takes the first value at once and a change only after it has held for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 1000), {
      initialProps: { value: ['S1'] },
    });
    expect(result.current).toEqual(['S1']);
    rerender({ value: ['S1', 'S2'] });
    act(() => vi.advanceTimersByTime(600));
    rerender({ value: ['S2'] });
    act(() => vi.advanceTimersByTime(600));
    // The change 600 ms ago restarted the wait: still the first value.
    expect(result.current).toEqual(['S1']);
    act(() => vi.advanceTimersByTime(400));
    expect(result.current).toEqual(['S2']);
  });
});
