import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { CHART_HEIGHT } from './chart-logic.ts';
import { ChartOverlay } from './chart-overlay.tsx';
import { EChartsCanvas } from './echarts-canvas.tsx';
import { buildXyOption, type XyAxis, type XySeries } from './xy-logic.ts';

type XyChartProps = {
  title: string;
  timeZone: string;
  x: XyAxis;
  y: XyAxis;
  series: readonly XySeries[] | undefined;
  loading: boolean;
  error?: string | undefined;
  onRetry?: (() => void) | undefined;
  height?: number;
  /** Axis limits from the axis inputs (spec 02 §5); an absent bound is automatic. */
  range?: { xMin?: number; xMax?: number; yMin?: number; yMax?: number };
  /** A zoom slider under the x axis besides the wheel and drag zoom (long signals). */
  slider?: boolean;
};

/**
 * A value against another value (no time axis): lines and scatters with named axes and units, zoom, tooltips with
 * the time of a point when it has one, the loading graph, 'No data', and a failed fetch with Retry.
 */
export function XyChart({
  title,
  timeZone,
  x,
  y,
  series,
  loading,
  error,
  onRetry,
  height = CHART_HEIGHT,
  range,
  slider = false,
}: XyChartProps) {
  const option = useMemo(
    () => buildXyOption(series ?? [], { x, y, timeZone, slider, ...(range ? { range } : {}) }),
    [series, x, y, timeZone, range, slider],
  );
  const empty = !loading && !error && (series ?? []).every((one) => one.points.length === 0);
  return (
    <Box sx={{ position: 'relative' }}>
      <EChartsCanvas option={option} height={height} label={title} />
      <ChartOverlay loading={loading} empty={empty} error={error} onRetry={onRetry} />
    </Box>
  );
}
