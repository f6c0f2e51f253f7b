import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DialogMessage, MessageDialog } from '../message-dialog.tsx';
import { AxisBoundField, useExcelDownload } from './chart-inputs.tsx';
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
  buildSpectrumOption,
  convertRangeInputs,
  DEFAULT_SPECTRUM_RANGE,
  type FaultMark,
  fromDisplayX,
  type MarkMode,
  maxFrequency,
  type PeakPicks,
  parseSpectrumRange,
  pickPeakAt,
  type SpectrumRangeInputs,
  type SpectrumSeries,
  spectrumExcelRows,
  toDisplayX,
  type XUnit,
} from './spectrum-logic.ts';

type SpectrumChartProps = {
  title: string;
  /** Data sets, [Hz, amplitude] points in rising frequency; undefined before the first search. */
  series: readonly SpectrumSeries[] | undefined;
  loading: boolean;
  /** Amplitude unit of the y axis, e.g. 'mm/s', 'm/s²', 'g'. */
  unitLabel: string;
  /** The screen's empty message (spec 03 §2.5); 'No data' when not given. */
  emptyMessage?: string | undefined;
  error?: string | undefined;
  onRetry?: (() => void) | undefined;
  /** Fault-frequency marks (BPFO, GMF, …) drawn as labelled dashed lines. */
  faultMarks?: readonly FaultMark[] | undefined;
  /** Upper-cased '….xlsx' name; shows the Excel button. */
  excelFileName?: string | undefined;
  /** Extra controls in the toolbar (e.g. the fault mark type select of the RVS screen). */
  toolbar?: ReactNode;
  /** Changing it resets the x unit to Hz and clears the peaks and ranges (spec 03 §4.2: Search resets to Hz). */
  resetKey?: unknown;
  onWidth?: ((width: number) => void) | undefined;
  onPicksChange?: ((picks: PeakPicks) => void) | undefined;
  height?: number;
  /**
   * Draws a time waveform instead (spec 03 §2.7, §4.3): x as given (seconds or revolutions) under `xLabel`, no
   * Hz/CPM or mark controls, clicks pick the points themselves and the box shows Δt (and 1/Δt in Hz and CPM when
   * `frequency` is set, i.e. x in seconds).
   */
  waveform?: { xLabel: string; frequency: boolean } | undefined;
  /**
   * Why a mark type may not be drawn now (the MCA spectrum's rule of spec 02 §5: harmonic and sideband lines need
   * more than one file): the message shown instead, and the mark type stays as it was.
   */
  refuseMark?: ((kind: 'harmonic' | 'sideband') => DialogMessage | undefined) | undefined;
};

/**
 * The 2D spectrum of the kit (spec 03 §2.5, §4.3): one line per data set with legend, Hz/CPM, x/y ranges with
 * Default, zoom, click to set the ref peak then the 2nd peak (snapped to the nearest top, never left of the ref)
 * with Diff, harmonic or sideband lines from the ref, fault-frequency marks, Excel of what is shown, the loading
 * graph and the empty message.
 */
export function SpectrumChart({
  title,
  series,
  loading,
  unitLabel,
  emptyMessage,
  error,
  onRetry,
  faultMarks,
  excelFileName,
  toolbar,
  resetKey,
  onWidth,
  onPicksChange,
  height = CHART_HEIGHT,
  waveform,
  refuseMark,
}: SpectrumChartProps) {
  const { t } = useTranslation();
  const spectrumLabels = useSpectrumLabels();
  const labels = useMemo(
    () => (waveform ? { ...spectrumLabels, frequency: () => waveform.xLabel } : spectrumLabels),
    [spectrumLabels, waveform],
  );
  const [xUnit, setXUnit] = useState<XUnit>('hz');
  const [rangeText, setRangeText] = useState<SpectrumRangeInputs>(DEFAULT_SPECTRUM_RANGE);
  const [mode, setMode] = useState<MarkMode>({ kind: 'none' });
  const [refused, setRefused] = useState<DialogMessage | null>(null);
  const [widthPx, setWidthPx] = useState<number>();
  const peaks = usePeakPicks();
  const shown = series ?? [];
  const maxX = toDisplayX(maxFrequency(shown), xUnit);
  const range = useMemo(() => parseSpectrumRange(rangeText, maxX), [rangeText, maxX]);
  const { reset: resetPeaks } = peaks;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (resetKey) is what resets the view.
  useEffect(() => {
    setXUnit('hz');
    setRangeText(DEFAULT_SPECTRUM_RANGE);
    resetPeaks();
  }, [resetKey]);
  useEffect(() => onPicksChange?.(peaks.picks), [peaks.picks, onPicksChange]);

  const option = useMemo(
    () =>
      buildSpectrumOption(shown, {
        xUnit,
        range,
        picks: peaks.picks,
        mode,
        faultMarks: faultMarks ?? [],
        unitLabel,
        labels,
        widthPx,
      }),
    [shown, xUnit, range, peaks.picks, mode, faultMarks, unitLabel, labels, widthPx],
  );
  const empty = !loading && !error && shown.every((one) => one.points.length === 0);

  const handleClick = (click: ChartClick) => {
    if (!click.grid) return;
    const [x, y] = click.grid;
    const peak = pickPeakAt(shown, fromDisplayX(x, xUnit), y, waveform ? 0 : 3);
    if (peak) peaks.pick(peak);
  };

  const { download } = useExcelDownload();
  const exportExcel = async () => {
    if (!excelFileName) return;
    await download(({ downloadExcel }) =>
      downloadExcel(excelFileName, title, spectrumExcelRows(shown, xUnit, range), [
        t('spectrum.dataSet'),
        labels.frequency(xUnit),
        `${labels.amplitude} [${unitLabel}]`,
      ]),
    );
  };

  const rangeField = (key: keyof SpectrumRangeInputs, label: string) => (
    <AxisBoundField
      label={label}
      value={rangeText[key]}
      onChange={(text) => setRangeText({ ...rangeText, [key]: text })}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        {waveform ? null : (
          <>
            <XUnitSwitch
              value={xUnit}
              onChange={(next) => {
                setRangeText(convertRangeInputs(rangeText, xUnit, next));
                setXUnit(next);
              }}
            />
            <MarkModeControls
              mode={mode}
              onChange={(next) => {
                const refusal = next.kind === 'none' ? undefined : refuseMark?.(next.kind);
                if (refusal) setRefused(refusal);
                else setMode(next);
              }}
              xUnit={xUnit}
              withSpacing
            />
          </>
        )}
        {toolbar}
        {excelFileName ? (
          <Button
            size="small"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void exportExcel()}
            disabled={empty || loading}
          >
            {t('charts.excel')}
          </Button>
        ) : null}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        {rangeField('xMin', t('charts.xMin'))}
        {rangeField('xMax', t('charts.xMax'))}
        {rangeField('yMin', t('charts.yMin'))}
        {rangeField('yMax', t('charts.yMax'))}
        <Button size="small" onClick={() => setRangeText(DEFAULT_SPECTRUM_RANGE)}>
          {t('charts.default')}
        </Button>
      </Stack>
      <PeakBox
        picks={peaks.picks}
        xUnit={xUnit}
        warning={peaks.warning}
        onReset={peaks.reset}
        onDismissWarning={peaks.dismissWarning}
        time={waveform ? { frequency: waveform.frequency } : undefined}
      />
      <Box sx={{ position: 'relative' }}>
        <EChartsCanvas
          option={option}
          height={height}
          label={title}
          onWidth={(width) => {
            setWidthPx(width);
            onWidth?.(width);
          }}
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
      <MessageDialog message={refused} onClose={() => setRefused(null)} />
    </Paper>
  );
}
