import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The wheel events a chart library listens to (zrender takes both). */
const WHEEL_EVENTS = ['wheel', 'mousewheel'] as const;

/**
 * Keeps a chart that zooms on the mouse wheel (the 3D waterfall) from taking the page's wheel (issue 27 item 1):
 * until the chart is clicked, wheel events over it go to the page, which scrolls past it; once clicked the wheel
 * zooms the chart, until the pointer leaves it or Esc is pressed. A line under the chart says which is the case
 * (on devices with a mouse). `data-wheel` tells a journey: 'page' or 'chart'.
 */
export function WheelGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(false);
  const activeNow = useRef(active);
  activeNow.current = active;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Capture phase on the wrapper: the chart's own listeners, further in, never hear of a wheel meant for the page.
    const hold = (event: Event) => {
      if (!activeNow.current) event.stopPropagation();
    };
    for (const name of WHEEL_EVENTS) element.addEventListener(name, hold, { capture: true });
    return () => {
      for (const name of WHEEL_EVENTS) element.removeEventListener(name, hold, { capture: true });
    };
  }, []);

  useEffect(() => {
    if (!active) return;
    const release = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setActive(false);
    };
    document.addEventListener('keydown', release);
    return () => document.removeEventListener('keydown', release);
  }, [active]);

  return (
    <>
      <Box
        ref={box}
        data-wheel={active ? 'chart' : 'page'}
        onPointerDown={() => setActive(true)}
        onPointerLeave={() => setActive(false)}
        sx={{
          borderRadius: 1,
          outline: active ? 2 : 0,
          outlineStyle: 'solid',
          outlineColor: 'primary.light',
          outlineOffset: 2,
        }}
      >
        {children}
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        aria-live="polite"
        sx={{ mt: 0.5, '@media (hover: none)': { display: 'none' } }}
      >
        {active ? t('charts.wheelZooms') : t('charts.clickToZoom')}
      </Typography>
    </>
  );
}
