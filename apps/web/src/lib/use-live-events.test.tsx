import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeRealtimeFaultEvent } from './realtime-switch.ts';
import { LIVE_RELOAD_WINDOW_MS, useLiveEvents } from './use-live-events.ts';

/** Stands in for the browser's EventSource: records what is opened and lets a test deliver events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private readonly listeners = new Map<string, Array<() => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

function setup(companyId: string | undefined = 'c1') {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  queryClient.setQueryData(['structure', 'c1', 'tree'], { id: 'root' });
  queryClient.setQueryData(['structure', 'c1', 'overview', 'company'], { total: 1 });
  queryClient.setQueryData(['members', 'c1'], { items: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ company }) => useLiveEvents(company, ['structure']), {
    wrapper,
    initialProps: { company: companyId },
  });
  return { queryClient, invalidate, hook };
}

const stale = (queryClient: QueryClient, key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('useLiveEvents', () => {
  it("opens the company's stream and reloads the structure queries on model-status and fault-event", () => {
    const { queryClient, invalidate } = setup();

    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/v1/events?company_id=c1']);
    act(() => FakeEventSource.opened[0]?.emit('model-status'));

    expect(stale(queryClient, ['structure', 'c1', 'tree'])).toBe(true);
    expect(stale(queryClient, ['structure', 'c1', 'overview', 'company'])).toBe(true);
    expect(stale(queryClient, ['members', 'c1'])).toBe(false);

    act(() => vi.advanceTimersByTime(LIVE_RELOAD_WINDOW_MS));
    act(() => FakeEventSource.opened[0]?.emit('fault-event'));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('folds a burst of events into one reload at its start and one after it', () => {
    const { invalidate } = setup();
    const source = FakeEventSource.opened[0];
    act(() => {
      for (let i = 0; i < 10; i++) source?.emit(i % 2 ? 'fault-event' : 'model-status');
    });
    expect(invalidate).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(LIVE_RELOAD_WINDOW_MS - 1));
    expect(invalidate).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    expect(invalidate).toHaveBeenCalledTimes(2);
    // Quiet afterwards: nothing more, and the next event reloads at once again.
    act(() => vi.advanceTimersByTime(5 * LIVE_RELOAD_WINDOW_MS));
    expect(invalidate).toHaveBeenCalledTimes(2);
    act(() => source?.emit('model-status'));
    expect(invalidate).toHaveBeenCalledTimes(3);
  });

  it('reloads nothing after the stream is closed, even for a burst still waiting', () => {
    const { invalidate, hook } = setup();
    act(() => {
      FakeEventSource.opened[0]?.emit('model-status');
      FakeEventSource.opened[0]?.emit('model-status');
    });
    hook.unmount();
    act(() => vi.advanceTimersByTime(LIVE_RELOAD_WINDOW_MS));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('keeps the stream open whatever the real time switch says (the switch only adds notifications)', () => {
    writeRealtimeFaultEvent(false);
    const { hook } = setup();
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => writeRealtimeFaultEvent(true));
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.opened[0]?.closed).toBe(false);
    hook.unmount();
  });

  it('closes the stream when the company changes and on unmount', () => {
    const { hook } = setup();
    hook.rerender({ company: 'c2' });

    expect(FakeEventSource.opened[0]?.closed).toBe(true);
    expect(FakeEventSource.opened[1]?.url).toBe('/api/v1/events?company_id=c2');
    hook.unmount();
    expect(FakeEventSource.opened[1]?.closed).toBe(true);
  });
});
