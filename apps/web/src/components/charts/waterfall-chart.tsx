import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_HEIGHT } from './chart-logic.ts';
import { ChartOverlay } from './chart-overlay.tsx';
import { type ChartClick, EChartsCanvas } from './echarts-canvas.tsx';
import {
  MarkModeControls,
  PeakBox,
  usePeakPicks,
  useSpectrumLabels,
  XUnitSwitch,
} from './spectrum-controls.tsx';
import {
  buildWaterfallOption,
  fromDisplayX,
  type MarkMode,
  snapToPeak,
  WATERFALL_HARMONICS,
  WATERFALL_SIDEBANDS,
  type WaterfallSeries,
  type XUnit,
} from './spectrum-logic.ts';
import { WheelGate } from './wheel-gate.tsx';

type WaterfallChartProps = {
  title: string;
  /** One spectrum per capture (oldest first), [Hz, amplitude] points, already reduced to the chart's width. */
  series: readonly WaterfallSeries[] | undefined;
  loading: boolean;
  unitLabel: string;
  emptyMessage?: string | undefined;
  error?: string | undefined;
  onRetry?: (() => void) | undefined;
  toolbar?: ReactNode;
  /** Changing it resets the x unit to Hz and clears the peaks. */
  resetKey?: unknown;
  /** Told the pixel width: ask the server for that many points per line. */
  onWidth?: ((width: number) => void) | undefined;
  height?: number;
  /** Draws time waveforms one behind the other (3D Time Waveform): x as given under `xLabel`, no Hz/CPM or marks. */
  timeAxis?: { xLabel: string } | undefined;
};

/** The least height of the plot on a narrow screen. */
const PHONE_MIN_HEIGHT = 340;

/** Whether this browser can draw WebGL (ECharts-GL needs it; without it the chart says so instead of failing). */
function hasWebGl(): boolean {
  if (typeof document === 'undefined') return false;
  const canvas = document.createElement('canvas');
  try {
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * The 3D waterfall of the kit (spec 03 §2.6, §4.3), drawn with ECharts-GL loaded only here: a line per data set
 * one behind the other, Hz/CPM, click a line to set the ref peak then the 2nd peak (right of the ref) with Diff,
 * Harmonic (3 lines by default) and Sideband (4 either side by default) curtains across all data sets, Reset.
 */
export function WaterfallChart({
  title,
  series,
  loading,
  unitLabel,
  emptyMessage,
  error,
  onRetry,
  toolbar,
  resetKey,
  onWidth,
  height = CHART_HEIGHT + 50,
  timeAxis,
}: WaterfallChartProps) {
  const { t } = useTranslation();
  const spectrumLabels = useSpectrumLabels();
  const labels = useMemo(
    () => (timeAxis ? { ...spectrumLabels, frequency: () => timeAxis.xLabel } : spectrumLabels),
    [spectrumLabels, timeAxis],
  );
  const [xUnit, setXUnit] = useState<XUnit>('hz');
  const [mode, setMode] = useState<MarkMode>({ kind: 'none' });
  // The plot's shape sets the camera distance (the box fills a wide desktop plot and a narrow phone one alike); in
  // steps of a quarter, so a scrollbar's few pixels do not redraw the chart and reset its view.
  const [plotWidth, setPlotWidth] = useState(0);
  // On a phone the box is as wide as the screen allows and no higher than about that: a desktop's height would
  // only add empty space above and below it.
  const plotHeight =
    plotWidth > 0 ? Math.min(height, Math.max(PHONE_MIN_HEIGHT, Math.round(plotWidth))) : height;
  const aspect = plotWidth > 0 ? Math.round((4 * plotWidth) / plotHeight) / 4 : 2.5;
  const handleWidth = (width: number) => {
    if (width > 0) setPlotWidth(width);
    onWidth?.(width);
  };
  const peaks = usePeakPicks();
  const shown = series ?? [];
  const { reset: resetPeaks } = peaks;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (resetKey) is what resets the view.
  useEffect(() => {
    setXUnit('hz');
    resetPeaks();
  }, [resetKey]);
  const option = useMemo(
    () => buildWaterfallOption(shown, { xUnit, picks: peaks.picks, mode, unitLabel, labels, aspect }),
    [shown, xUnit, peaks.picks, mode, unitLabel, labels, aspect],
  );
  const webgl = useMemo(hasWebGl, []);
  const empty = !loading && !error && shown.every((one) => one.points.length === 0);

  const handleClick = (click: ChartClick) => {
    const value = click.value;
    if (!value || value.length < 3) return;
    const index = Math.round(value[1] as number);
    const line = shown[index];
    if (!line) return;
    const peak = snapToPeak(line.points, fromDisplayX(value[0] as number, xUnit), 1);
    if (peak) peaks.pick({ ...peak, series: index });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        {timeAxis ? null : <XUnitSwitch value={xUnit} onChange={setXUnit} />}
        {timeAxis ? null : (
          <MarkModeControls
            mode={mode}
            onChange={setMode}
            xUnit={xUnit}
            withSpacing={false}
            defaults={{ harmonic: WATERFALL_HARMONICS, sideband: WATERFALL_SIDEBANDS }}
          />
        )}
        {toolbar}
      </Stack>
      <PeakBox
        picks={peaks.picks}
        xUnit={xUnit}
        warning={peaks.warning}
        onReset={() => {
          peaks.reset();
          setMode({ kind: 'none' });
        }}
        onDismissWarning={peaks.dismissWarning}
        time={timeAxis ? { frequency: false } : undefined}
      />
      {webgl ? (
        <WheelGate>
          <Box sx={{ position: 'relative' }}>
            <EChartsCanvas
              option={option}
              height={plotHeight}
              label={title}
              gl
              onWidth={handleWidth}
              onClick={handleClick}
            />
            <ChartOverlay
              loading={loading}
              empty={empty}
              error={error}
              onRetry={onRetry}
              emptyMessage={emptyMessage}
            />
          </Box>
        </WheelGate>
      ) : (
        <Box sx={{ position: 'relative' }}>
          <Box sx={{ height }} />
          <ChartOverlay
            loading={loading}
            empty={empty}
            error={t('spectrum.noWebgl')}
            onRetry={onRetry}
            emptyMessage={emptyMessage}
          />
        </Box>
      )}
    </Paper>
  );
}
