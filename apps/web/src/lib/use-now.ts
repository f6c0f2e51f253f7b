import { useSyncExternalStore } from 'react';

/** Subscribers wanting the time at one precision: their snapshot changes only when that unit does. */
type Clock = { listeners: Set<() => void>; now: Date };

const clocks = new Map<number, Clock>();
let timer: ReturnType<typeof setInterval> | undefined;

const unitOf = (instant: Date, precisionMs: number) => Math.floor(instant.getTime() / precisionMs);

function tick() {
  const instant = new Date();
  for (const [precisionMs, clock] of clocks) {
    if (unitOf(instant, precisionMs) === unitOf(clock.now, precisionMs)) continue;
    clock.now = instant;
    for (const notify of clock.listeners) notify();
  }
}

function clockFor(precisionMs: number): Clock {
  let clock = clocks.get(precisionMs);
  if (!clock) {
    clock = { listeners: new Set(), now: new Date() };
    clocks.set(precisionMs, clock);
  }
  return clock;
}

/** A clock nobody listens to is not ticked: brought up to date when read (the same value within its unit). */
function current(clock: Clock, precisionMs: number): Date {
  if (clock.listeners.size === 0) {
    const instant = new Date();
    if (unitOf(instant, precisionMs) !== unitOf(clock.now, precisionMs)) clock.now = instant;
  }
  return clock.now;
}

function subscribe(precisionMs: number, listener: () => void): () => void {
  const clock = clockFor(precisionMs);
  current(clock, precisionMs);
  clock.listeners.add(listener);
  timer ??= setInterval(tick, 1000);
  return () => {
    clock.listeners.delete(listener);
    if ([...clocks.values()].every((each) => each.listeners.size === 0)) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const subscribers = new Map<number, (listener: () => void) => () => void>();

/**
 * The current instant; all clocks on the page share one timer of a second. `precisionMs` is how often the caller
 * needs a new value: a clock showing minutes, or days left, passes 60,000 and re-renders once a minute rather than
 * every second (issue 29: the header clock and the side panel re-rendered every second on every page, the clock
 * even where a phone hides it).
 */
export function useNow(precisionMs = 1000): Date {
  let subscribeAt = subscribers.get(precisionMs);
  if (!subscribeAt) {
    subscribeAt = (listener) => subscribe(precisionMs, listener);
    subscribers.set(precisionMs, subscribeAt);
  }
  const clock = clockFor(precisionMs);
  const snapshot = () => current(clock, precisionMs);
  return useSyncExternalStore(subscribeAt, snapshot, snapshot);
}
