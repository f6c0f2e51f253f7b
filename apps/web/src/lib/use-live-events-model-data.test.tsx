import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODEL_VIEW_QUERY_ROOT, STRUCTURE_QUERY_ROOT } from './query-roots.ts';
import {
  MODEL_DATA_EVENT,
  MODEL_DATA_RELOAD_WINDOW_MS,
  modelOfDataEvent,
  useLiveEvents,
} from './use-live-events.ts';

/** The browser's EventSource, standing in: a test delivers named events with their data. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  private readonly listeners = new Map<string, Array<(event: { data: string }) => void>>();
  constructor() {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }
}

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('model-data live events', () => {
  it("reload the queries of that model's page only", () => {
    const queryClient = new QueryClient();
    const keys = {
      summary: [MODEL_VIEW_QUERY_ROOT, 'm1', 'summary'],
      chart: [MODEL_VIEW_QUERY_ROOT, 'm1', 'series-data', { tag: 'h2' }],
      other: [MODEL_VIEW_QUERY_ROOT, 'm2', 'summary'],
      tree: [STRUCTURE_QUERY_ROOT, 'c1', 'tree'],
    };
    // Answers older than the reload window.
    const loadedAt = Date.now() - 2 * MODEL_DATA_RELOAD_WINDOW_MS;
    for (const key of Object.values(keys))
      queryClient.setQueryData(key, { loaded: true }, { updatedAt: loadedAt });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderHook(() => useLiveEvents('c1', [STRUCTURE_QUERY_ROOT, MODEL_VIEW_QUERY_ROOT]), { wrapper });
    FakeEventSource.last?.emit(MODEL_DATA_EVENT, { type: 'model-data', companyId: 'c1', modelId: 'm1' });
    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(keys.summary)).toBe(true);
    expect(stale(keys.chart)).toBe(true);
    expect(stale(keys.other)).toBe(false);
    expect(stale(keys.tree)).toBe(false);
  });

  it('reload at once, then fold a streaming model into one reload per window', () => {
    vi.useFakeTimers();
    try {
      const queryClient = new QueryClient();
      const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      );
      renderHook(() => useLiveEvents('c1', [MODEL_VIEW_QUERY_ROOT]), { wrapper });
      const emit = () =>
        FakeEventSource.last?.emit(MODEL_DATA_EVENT, { type: 'model-data', companyId: 'c1', modelId: 'm1' });
      emit();
      expect(invalidate).toHaveBeenCalledTimes(1);
      // A gateway every 5 s: the next events wait for the window, then reload once.
      emit();
      vi.advanceTimersByTime(5_000);
      emit();
      expect(invalidate).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(MODEL_DATA_RELOAD_WINDOW_MS);
      expect(invalidate).toHaveBeenCalledTimes(2);
      // Quiet after that: nothing more, and the next event reloads at once again.
      vi.advanceTimersByTime(MODEL_DATA_RELOAD_WINDOW_MS * 2);
      expect(invalidate).toHaveBeenCalledTimes(2);
      emit();
      expect(invalidate).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fold the first event after a fresh load into one reload a window after that load', () => {
    vi.useFakeTimers();
    try {
      const queryClient = new QueryClient();
      // The page answered 3 s ago.
      queryClient.setQueryData(
        [MODEL_VIEW_QUERY_ROOT, 'm1', 'summary'],
        { loaded: true },
        { updatedAt: Date.now() - 3_000 },
      );
      const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      );
      renderHook(() => useLiveEvents('c1', [MODEL_VIEW_QUERY_ROOT]), { wrapper });
      FakeEventSource.last?.emit(MODEL_DATA_EVENT, { type: 'model-data', companyId: 'c1', modelId: 'm1' });
      expect(invalidate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(MODEL_DATA_RELOAD_WINDOW_MS - 3_000 - 1);
      expect(invalidate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(invalidate).toHaveBeenCalledTimes(1);
      expect(invalidate).toHaveBeenCalledWith({ queryKey: [MODEL_VIEW_QUERY_ROOT, 'm1'] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('read the model from the event data, ignoring anything else', () => {
    expect(modelOfDataEvent('{"type":"model-data","modelId":"m1"}')).toBe('m1');
    expect(modelOfDataEvent('{"type":"model-data"}')).toBeUndefined();
    expect(modelOfDataEvent('not json')).toBeUndefined();
  });
});
