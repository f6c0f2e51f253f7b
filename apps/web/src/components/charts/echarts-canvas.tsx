import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { observeNear } from './when-visible.tsx';

type EChartsInstance = ReturnType<typeof import('./echarts-setup.ts').init>;

/** Loads the ECharts chunk once, whichever chart asks first. */
let loading: Promise<typeof import('./echarts-setup.ts')> | undefined;
function loadECharts() {
  loading ??= import('./echarts-setup.ts');
  return loading;
}
/** Loads ECharts-GL (the 3D charts) once, in its own chunk, only when a 3D chart is drawn. */
let loadingGl: Promise<typeof import('./echarts-setup.ts')> | undefined;
function loadEChartsGl() {
  loadingGl ??= loadECharts().then(async (core) => {
    await import('./echarts-gl-setup.ts');
    return core;
  });
  return loadingGl;
}

let chartCodeRequested = false;
/**
 * Has the browser download the chart code (named in index.html by the build, apps/web/build/chart-code-hint.ts)
 * without running it, once: a chart scrolled to then waits only for ECharts to start, not for the network.
 */
function prefetchChartCode() {
  if (chartCodeRequested) return;
  chartCodeRequested = true;
  const files =
    document.querySelector('meta[name="sdp-chart-code"]')?.getAttribute('content')?.split(' ') ?? [];
  for (const file of files.filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    // Module scripts are fetched in CORS mode: the same mode lets the import take the downloaded copy.
    link.crossOrigin = 'anonymous';
    link.href = file;
    document.head.append(link);
  }
}

/**
 * Calls `show` once the box is on screen, and answers how to stop waiting: a chart below the fold costs no ECharts
 * start-up, no instance and no drawing before it is scrolled to, so the first paint and the main thread belong to
 * what is on screen (issue 29: ECharts' start-up and a first chart just below a phone's screen were 400–600 ms of
 * blocked main thread). Within 1,000 px of the screen its code is downloaded, so it is drawn as it comes into view.
 * Its box keeps its height meanwhile, so nothing shifts. Where IntersectionObserver is missing the chart is created
 * at once.
 */
function whenOnScreen(element: HTMLElement, show: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    show();
    return () => undefined;
  }
  // Not while the part of the page it is in is still hidden waiting for its data (see observeNear).
  const stopPrefetch = observeNear(element, '1000px 0px', prefetchChartCode);
  const stopShow = observeNear(element, '0px 0px', show);
  return () => {
    stopPrefetch();
    stopShow();
  };
}

/**
 * A click on the chart: `grid` is the clicked point in the axis values of a 2D chart (absent outside the plot
 * area); `value` is the value of the clicked item of a 3D chart.
 */
export interface ChartClick {
  grid?: [number, number];
  value?: readonly number[];
  /** A clicked item (point) of a 2D series: its series, its index in that series' data and its value. */
  item?: { seriesIndex: number; dataIndex: number; value: readonly number[] };
  /** A clicked mark point of a 2D series: the `id` its option item was given. */
  mark?: { seriesIndex: number; id: string };
}

/** What ECharts tells a click on a component. */
interface ClickParams {
  componentType?: string;
  seriesIndex?: number;
  dataIndex?: number;
  value?: unknown;
  /** The option item clicked: an object with its `id` for a mark point. */
  data?: unknown;
}

type EChartsCanvasProps = {
  option: Record<string, unknown>;
  height: number;
  /** Accessible name of the drawing. */
  label: string;
  /** Told the pixel width on mount and on every resize (the series API is asked for that many columns). */
  onWidth?: (width: number) => void;
  /** Draws with ECharts-GL (3D charts): its chunk is loaded only then. */
  gl?: boolean;
  /** Told every click: in the plot area of a 2D chart, on an item of a 3D chart. */
  onClick?: (click: ChartClick) => void;
  /** Charts sharing a group keep their zoom in sync (echarts.connect). */
  group?: string | undefined;
};

/**
 * The one place a chart is drawn: ECharts (loaded lazily, canvas renderer, created when the box nears the screen)
 * in a box of the given height that follows its width. The option is replaced whole on each change. `data-points`
 * counts the points drawn, so a journey can tell a drawn chart from an empty one.
 */
export function EChartsCanvas({
  option,
  height,
  label,
  onWidth,
  gl = false,
  onClick,
  group,
}: EChartsCanvasProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsInstance>();
  // A chart that cannot be drawn (its chunk did not load, no WebGL for a 3D view, an option ECharts refuses) says
  // so in its own box with Retry, instead of taking the whole page down.
  const [failure, setFailure] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const widthListener = useRef(onWidth);
  widthListener.current = onWidth;
  const clickListener = useRef(onClick);
  clickListener.current = onClick;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-creates the chart on Retry.
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
    const failed = (error: unknown) => {
      if (!disposed) setFailure(error instanceof Error ? error.message : String(error));
    };
    const create = () =>
      (gl ? loadEChartsGl() : loadECharts()).then(({ init, connect }) => {
        if (disposed) return;
        let created: EChartsInstance;
        try {
          created = init(element, undefined, { renderer: 'canvas' });
        } catch (error) {
          failed(error);
          return;
        }
        instance = created;
        // Charts of one group zoom together (e.g. the MCA residual and diagnostic charts, spec 02 §2.7).
        if (group) {
          created.group = group;
          connect(group);
        }
        // Journeys and benches read the drawn option from the box (`box.echarts.getOption()`).
        Object.defineProperty(element, 'echarts', { value: created, configurable: true });
        if (gl) {
          created.on?.('click', (params: { value?: unknown }) => {
            if (Array.isArray(params.value)) clickListener.current?.({ value: params.value as number[] });
          });
        } else {
          created.on?.('click', (params: ClickParams) => {
            if (params.componentType === 'markPoint') {
              const id = (params.data as { id?: unknown } | null | undefined)?.id;
              if (params.seriesIndex !== undefined && typeof id === 'string')
                clickListener.current?.({ mark: { seriesIndex: params.seriesIndex, id } });
              return;
            }
            if (
              params.seriesIndex === undefined ||
              params.dataIndex === undefined ||
              !Array.isArray(params.value)
            )
              return;
            clickListener.current?.({
              item: {
                seriesIndex: params.seriesIndex,
                dataIndex: params.dataIndex,
                value: params.value as number[],
              },
            });
          });
          created.getZr?.().on('click', (event: { offsetX: number; offsetY: number }) => {
            const pixel = [event.offsetX, event.offsetY];
            if (!created.containPixel('grid', pixel)) return;
            const [x, y] = created.convertFromPixel({ gridIndex: 0 }, pixel) as number[];
            if (x !== undefined && y !== undefined) clickListener.current?.({ grid: [x, y] });
          });
        }
        setChart(instance);
      }, failed);
    const stopWaiting = whenOnScreen(element, () => void create());
    return () => {
      disposed = true;
      stopWaiting();
      observer?.disconnect();
      instance?.dispose();
      setChart(undefined);
    };
  }, [gl, group, attempt]);

  useEffect(() => {
    if (!chart) return;
    try {
      chart.setOption(option, { notMerge: true });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }, [chart, option]);

  if (failure !== undefined) {
    return (
      <Box sx={{ width: '100%', minHeight: height, display: 'grid', alignItems: 'center' }}>
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setFailure(undefined);
                setAttempt((n) => n + 1);
              }}
            >
              {t('common.retry')}
            </Button>
          }
        >
          {t('charts.drawFailed', { chart: label, message: failure })}
        </Alert>
      </Box>
    );
  }

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
