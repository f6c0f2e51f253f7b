import Box from '@mui/material/Box';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Mounts its chart only once it scrolls near the screen (and keeps it), so a page of many trends draws and fetches
 * only what is seen. Where IntersectionObserver is missing everything mounts at once.
 */
export function WhenVisible({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  return visible ? children : <Box ref={box} sx={{ minHeight }} aria-hidden />;
}
