import type { EventDiagnosis } from '@sdp/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from './i18n.ts';
import { writeRealtimeFaultEvent } from './realtime-switch.ts';
import { LIVE_RELOAD_WINDOW_MS, useLiveEvents } from './use-live-events.ts';

/** Stands in for the browser's EventSource: records what is opened and lets a test deliver events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: { data: string }) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  emit(type: string, data: unknown = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
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

  it("notifies a new Duval zone event in Thai, its message said from the event's stored diagnosis", async () => {
    vi.useRealTimers();
    initI18n();
    await i18next.changeLanguage('th');
    writeRealtimeFaultEvent(true);
    const shown: string[] = [];
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        constructor(_title: string, options: { body: string }) {
          shown.push(options.body);
        }
      },
    );
    const message = 'Warning: OLTC Duval zone D2 (High-energy discharge (arcing))';
    const diagnosis: EventDiagnosis = {
      mode: 'high_energy_discharge',
      part: 'oltc',
      location: '',
      quantity: 'OLTC Duval zone D2',
      value: 44.88,
      limit: null,
      unit: '%',
      level: 1,
      direction: 'high',
      engine: null,
      workbookRecommendation: null,
      duval: {
        zone: 'D2',
        gases: { ch4: 10, c2h4: 20, c2h2: 30 },
        shares: { ch4: 16.67, c2h4: 33.33, c2h2: 50 },
        gasesWithinLimits: true,
      },
    };
    const fetched = vi.fn(async (_url: string) => Response.json({ id: 7, alarmMessage: message, diagnosis }));
    vi.stubGlobal('fetch', fetched);
    setup();
    act(() => FakeEventSource.opened[0]?.emit('fault-event', { action: 'opened', message, faultEventId: 7 }));
    await vi.waitFor(() =>
      expect(shown).toEqual(['เหตุการณ์ความผิดปกติใหม่: เตือน: โซนดูวาล D2 ของ OLTC (ดิสชาร์จพลังงานสูง (อาร์ก))']),
    );
    expect(fetched.mock.calls[0]?.[0]).toBe('/api/v1/fault-event/details/7');
    await i18next.changeLanguage('en');
  });
});
