import Box from '@mui/material/Box';
import {
  type ReactNode,
  type RefObject,
  Suspense,
  startTransition,
  useEffect,
  useRef,
  useState,
} from 'react';

/** Mounts waiting for the browser to be idle, one at a time in page order (one idle period each). */
const idleQueue: (() => void)[] = [];
let idleScheduled = false;

function runWhenIdle(task: () => void): () => void {
  idleQueue.push(task);
  if (!idleScheduled) {
    idleScheduled = true;
    const next = () => {
      idleQueue.shift()?.();
      if (idleQueue.length) schedule(next);
      else idleScheduled = false;
    };
    schedule(next);
  }
  return () => {
    const at = idleQueue.indexOf(task);
    if (at >= 0) idleQueue.splice(at, 1);
  };
}

function schedule(callback: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 200);
}

/**
 * Calls `onNear` once the element is within `rootMargin` of the screen, and answers how to stop waiting. Near the
 * screen but inside a part of the page still hidden while its data come (a type view shows what follows its first
 * panel only with it), the page above is not at its height yet, so 'near' may not last: it is checked again until
 * that part is shown (issue 29: the transformer's Monitoring Dashboard and the RVS Overall Trend mounted, fetched and
 * drew during a phone's load, far below the first screen once the page had its height).
 */
export function observeNear(element: HTMLElement, rootMargin: string, onNear: () => void): () => void {
  let hiddenCheck: ReturnType<typeof setTimeout> | undefined;
  const whenShown = () => {
    if (hidden(element)) hiddenCheck = setTimeout(whenShown, HIDDEN_RECHECK_MS);
    else if (stillNear(element, rootMargin)) {
      observer.disconnect();
      onNear();
    }
  };
  const observer = new IntersectionObserver(
    (entries) => {
      clearTimeout(hiddenCheck);
      if (entries.at(-1)?.isIntersecting) whenShown();
    },
    { rootMargin },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    clearTimeout(hiddenCheck);
  };
}

/**
 * Whether the element has come near the screen (within `rootMargin`) and so should hold its real content; once
 * true it stays true. With `idle`, it also turns true when the browser is next idle after the page's first work,
 * so everything is on the page a moment after load (find in page, links) without making the first paint wait.
 * Where IntersectionObserver is missing everything mounts at once.
 */
export function useNearScreen<T extends HTMLElement>(
  rootMargin: string,
  idle = false,
): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const stopObserving = observeNear(element, rootMargin, () => setNear(true));
    // Rendered as a transition: React yields to the browser while it builds what comes in, so input stays served.
    const cancelIdle = idle ? runWhenIdle(() => startTransition(() => setNear(true))) : undefined;
    return () => {
      stopObserving();
      cancelIdle?.();
    };
  }, [near, rootMargin, idle]);
  return [ref, near];
}

const HIDDEN_RECHECK_MS = 200;

/** Whether the element is within the margin of the screen now (the margin's first length, in px). */
function stillNear(element: HTMLElement, rootMargin: string): boolean {
  const margin = Number.parseInt(rootMargin, 10) || 0;
  const box = element.getBoundingClientRect();
  return box.top < window.innerHeight + margin && box.bottom > -margin;
}

/** Whether the element is inside `visibility: hidden` (browsers without checkVisibility say no). */
function hidden(element: HTMLElement): boolean {
  return (
    typeof element.checkVisibility === 'function' && !element.checkVisibility({ visibilityProperty: true })
  );
}

/**
 * Mounts its chart only once it scrolls near the screen (and keeps it), so a page of many trends draws and fetches
 * only what is seen. Where IntersectionObserver is missing everything mounts at once.
 */
export function WhenVisible({
  minHeight,
  children,
}: {
  /** About the chart's height, by breakpoint where its toolbar wraps on narrower screens. */
  minHeight: number | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', number>>;
  children: ReactNode;
}) {
  const [box, visible] = useNearScreen<HTMLDivElement>('200px 0px');
  return visible ? children : <Box ref={box} sx={{ minHeight }} aria-hidden />;
}

/**
 * Whether the browser has painted once since the component mounted: false in its first render, true a frame later
 * (set as a transition, so React builds what it mounts in slices). A view draws its first screen alone and adds
 * what lies below it after that paint, where the environment has no animation frames, at once.
 */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(typeof requestAnimationFrame !== 'function');
  useEffect(() => {
    if (painted) return;
    // The frame callback runs before that frame's paint; the task it queues runs after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}

/**
 * Whether the screen is wide enough for the app's side-by-side layout (MUI's `md`, 900 px): a desktop or a large
 * tablet, not a phone.
 */
function wideScreen(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 900px)').matches;
}

/**
 * A panel of a long page mounted when it comes near the screen or, on a wide screen, when the browser is idle after
 * the first paint (issue 29: the page's first render and requests are what is on screen). On a phone it waits to be
 * scrolled near: mounting the fault event table, status history, alarm precision and notes while the page loaded
 * took 0.4 s of a phone's main thread after the first screen (1.6 s in Lighthouse's 4× slowed CPU) and their
 * requests, for panels far below the first screen. Until then, and while a lazy panel's code comes (`load`), a
 * section of the panel's name and about its height stands in its place, so the page's outline lists it, scrolling to
 * it mounts it, and nothing below it moves when it comes.
 */
export function DeferredPanel({
  label,
  minHeight,
  load,
  children,
}: {
  label: string;
  /** About the panel's height, by breakpoint where it differs (a phone stacks what a desktop puts side by side). */
  minHeight: number | { xs: number; md: number };
  /**
   * The panel's code when it is a chunk of its own (the import its React.lazy uses): fetched once the panel is to
   * mount, the stand-in staying the same element meanwhile, so the panel replaces it in one step.
   */
  load?: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [idle] = useState(wideScreen);
  const [box, near] = useNearScreen<HTMLElement>('400px 0px', idle);
  const [loaded, setLoaded] = useState(load === undefined);
  useEffect(() => {
    if (!near || loaded || !load) return;
    let current = true;
    // A failed download mounts the panel anyway: its lazy import fails again there, to the page's error boundary.
    const done = () => current && startTransition(() => setLoaded(true));
    load().then(done, done);
    return () => {
      current = false;
    };
  }, [near, loaded, load]);
  const standIn = <Box component="section" ref={box} aria-label={label} sx={{ minHeight }} />;
  return near && loaded ? <Suspense fallback={standIn}>{children}</Suspense> : standIn;
}
