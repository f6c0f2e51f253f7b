import Box from '@mui/material/Box';
import { type ReactNode, type RefObject, startTransition, useEffect, useRef, useState } from 'react';

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
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    // Rendered as a transition: React yields to the browser while it builds what comes in, so input stays served.
    const cancelIdle = idle ? runWhenIdle(() => startTransition(() => setNear(true))) : undefined;
    return () => {
      observer.disconnect();
      cancelIdle?.();
    };
  }, [near, rootMargin, idle]);
  return [ref, near];
}

/**
 * Mounts its chart only once it scrolls near the screen (and keeps it), so a page of many trends draws and fetches
 * only what is seen. Where IntersectionObserver is missing everything mounts at once.
 */
export function WhenVisible({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const [box, visible] = useNearScreen<HTMLDivElement>('200px 0px');
  return visible ? children : <Box ref={box} sx={{ minHeight }} aria-hidden />;
}

/**
 * A panel of a long page mounted when it comes near the screen or the browser is idle after the first paint
 * (issue 29: the page's first render and requests are what is on screen). Until then a section of the panel's
 * name and about its height stands in its place, so the page's outline lists it, scrolling to it mounts it, and
 * nothing below it moves when it comes.
 */
export function DeferredPanel({
  label,
  minHeight,
  children,
}: {
  label: string;
  minHeight: number;
  children: ReactNode;
}) {
  const [box, near] = useNearScreen<HTMLElement>('400px 0px', true);
  return near ? children : <Box component="section" ref={box} aria-label={label} sx={{ minHeight }} />;
}
