import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now.ts';

let renders = 0;

function Clock({ precisionMs }: { precisionMs?: number }) {
  const now = useNow(precisionMs);
  renders += 1;
  return <time>{now.toISOString()}</time>;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-27T10:00:30.000Z'));
  renders = 0;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useNow', () => {
  it('gives a new instant every second by default', () => {
    render(<Clock />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('2026-11-27T10:00:31.000Z')).toBeTruthy();
  });

  it('with a minute precision re-renders only when the minute changes', () => {
    render(<Clock precisionMs={60_000} />);
    const first = renders;
    act(() => vi.advanceTimersByTime(29_000));
    expect(renders).toBe(first);
    expect(screen.getByText('2026-11-27T10:00:30.000Z')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(renders).toBe(first + 1);
    expect(screen.getByText('2026-11-27T10:01:00.000Z')).toBeTruthy();
  });
});
