import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';

type EChartsInstance = ReturnType<typeof import('./echarts-setup.ts').init>;

/** Loads the ECharts chunk once, whichever chart asks first. */
let loading: Promise<typeof import('./echarts-setup.ts')> | undefined;
function loadECharts() {
  loading ??= import('./echarts-setup.ts');
  return loading;
}

type EChartsCanvasProps = {
  option: Record<string, unknown>;
  height: number;
  /** Accessible name of the drawing. */
  label: string;
  /** Told the pixel width on mount and on every resize (the series API is asked for that many columns). */
  onWidth?: (width: number) => void;
};

/**
 * The one place a chart is drawn: ECharts (loaded lazily, canvas renderer) in a box of the given height that
 * follows its width. The option is replaced whole on each change. `data-points` counts the points drawn, so a
 * journey can tell a drawn chart from an empty one.
 */
export function EChartsCanvas({ option, height, label, onWidth }: EChartsCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsInstance>();
  const widthListener = useRef(onWidth);
  widthListener.current = onWidth;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let disposed = false;
    let instance: EChartsInstance | undefined;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            instance?.resize();
            widthListener.current?.(element.clientWidth);
          });
    observer?.observe(element);
    widthListener.current?.(element.clientWidth);
    void loadECharts().then(({ init }) => {
      if (disposed) return;
      instance = init(element, undefined, { renderer: 'canvas' });
      setChart(instance);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      instance?.dispose();
    };
  }, []);

  useEffect(() => {
    chart?.setOption(option, { notMerge: true });
  }, [chart, option]);

  const series = Array.isArray(option.series) ? (option.series as { data?: unknown[] }[]) : [];
  const points = series.reduce((sum, one) => sum + (one.data?.length ?? 0), 0);
  return (
    <Box
      ref={box}
      role="img"
      aria-label={label}
      data-points={points}
      data-ready={chart ? 'true' : 'false'}
      sx={{ width: '100%', height }}
    />
  );
}
