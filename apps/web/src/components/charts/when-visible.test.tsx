import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneScreen } from '../../testing/phone-screen.ts';
import { DeferredPanel, usePaintedOnce, WhenVisible } from './when-visible.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An IntersectionObserver whose callback the test calls: `notify.current([{ isIntersecting }])`. */
function stubIntersectionObserver() {
  const notify: { current: (entries: { isIntersecting: boolean }[]) => void } = { current: () => undefined };
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: typeof notify.current) {
        notify.current = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  return notify;
}

/** requestIdleCallback that runs when the test says the browser is idle: `idle.current()`. */
function stubIdle() {
  const idle: { current: () => void } = { current: () => undefined };
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
    idle.current = callback;
    return 1;
  });
  return idle;
}

describe('WhenVisible', () => {
  it('mounts the chart only once it comes near the screen, and keeps it', () => {
    const notify = stubIntersectionObserver();
    render(
      <WhenVisible minHeight={600}>
        <p>chart</p>
      </WhenVisible>,
    );
    expect(screen.queryByText('chart')).toBeNull();
    act(() => notify.current([{ isIntersecting: false }]));
    expect(screen.queryByText('chart')).toBeNull();
    act(() => notify.current([{ isIntersecting: true }]));
    expect(screen.getByText('chart')).toBeTruthy();
  });

  it('waits while the part of the page it is in is hidden, then mounts if still near', () => {
    const notify = stubIntersectionObserver();
    let shown = false;
    // jsdom has no checkVisibility: the browser's answer for an element inside `visibility: hidden`.
    Object.defineProperty(HTMLElement.prototype, 'checkVisibility', {
      configurable: true,
      value: () => shown,
    });
    vi.useFakeTimers();
    try {
      render(
        <WhenVisible minHeight={600}>
          <p>chart</p>
        </WhenVisible>,
      );
      act(() => notify.current([{ isIntersecting: true }]));
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByText('chart')).toBeNull();
      shown = true;
      act(() => vi.advanceTimersByTime(200));
      expect(screen.getByText('chart')).toBeTruthy();
    } finally {
      vi.useRealTimers();
      Reflect.deleteProperty(HTMLElement.prototype, 'checkVisibility');
    }
  });

  it('mounts at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible minHeight={600}>
        <p>chart</p>
      </WhenVisible>,
    );
    expect(screen.getByText('chart')).toBeTruthy();
  });
});

describe('DeferredPanel', () => {
  it('stands in as a section of the panel’s name until it nears the screen, then mounts the panel', () => {
    const notify = stubIntersectionObserver();
    // No idle period until the end of this test: only the screen mounts the panel.
    const idle = stubIdle();
    render(
      <DeferredPanel label="Fault Event Alarm" minHeight={300}>
        <section aria-label="Fault Event Alarm">
          <table aria-label="New Fault Event Alarm" />
        </section>
      </DeferredPanel>,
    );
    expect(screen.getByRole('region', { name: 'Fault Event Alarm' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    act(() => notify.current([{ isIntersecting: true }]));
    expect(screen.getByRole('table', { name: 'New Fault Event Alarm' })).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(1);
    act(() => idle.current());
  });

  it('mounts the panel when the browser is next idle, out of sight too', async () => {
    stubIntersectionObserver();
    const idle = stubIdle();
    render(
      <DeferredPanel label="Note" minHeight={300}>
        <p>notes</p>
      </DeferredPanel>,
    );
    expect(screen.queryByText('notes')).toBeNull();
    act(() => idle.current());
    expect(await screen.findByText('notes')).toBeTruthy();
  });

  it('on a phone waits to be scrolled near: an idle browser does not mount it', async () => {
    phoneScreen();
    const notify = stubIntersectionObserver();
    const idle = stubIdle();
    render(
      <DeferredPanel label="Note" minHeight={300}>
        <p>notes</p>
      </DeferredPanel>,
    );
    act(() => idle.current());
    expect(screen.queryByText('notes')).toBeNull();
    expect(screen.getByRole('region', { name: 'Note' })).toBeTruthy();
    act(() => notify.current([{ isIntersecting: true }]));
    expect(await screen.findByText('notes')).toBeTruthy();
  });

  it('with its code to load keeps the same stand-in until the code is in, then shows the panel', async () => {
    const notify = stubIntersectionObserver();
    stubIdle();
    let arrive: () => void = () => undefined;
    const load = vi.fn(() => new Promise<void>((resolve) => (arrive = resolve)));
    render(
      <DeferredPanel label="Status history" minHeight={300} load={load}>
        <p>history</p>
      </DeferredPanel>,
    );
    const standIn = screen.getByRole('region', { name: 'Status history' });
    expect(load).not.toHaveBeenCalled();
    act(() => notify.current([{ isIntersecting: true }]));
    expect(load).toHaveBeenCalledOnce();
    expect(screen.getByRole('region', { name: 'Status history' })).toBe(standIn);
    expect(screen.queryByText('history')).toBeNull();
    await act(async () => arrive());
    expect(await screen.findByText('history')).toBeTruthy();
  });
});

function Body() {
  const painted = usePaintedOnce();
  return (
    <>
      <p>Overall Status</p>
      {painted ? <p>Machine Status</p> : null}
    </>
  );
}

// A view draws its first screen alone and adds what lies below after the browser painted it (issue 29: the RVS
// machine diagram waited for the whole body's commit).
describe('usePaintedOnce', () => {
  it('is false in the first render and true once a frame has passed and its task has run', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    try {
      render(<Body />);
      expect(screen.getByText('Overall Status')).toBeTruthy();
      expect(screen.queryByText('Machine Status')).toBeNull();
      await act(async () => {
        vi.advanceTimersToNextFrame();
      });
      // The frame's callback only queued the task: nothing more before the paint.
      expect(screen.queryByText('Machine Status')).toBeNull();
      await act(async () => {
        vi.runOnlyPendingTimers();
      });
      expect(screen.getByText('Machine Status')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
