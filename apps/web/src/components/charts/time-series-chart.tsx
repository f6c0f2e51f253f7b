import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type ReactNode, useContext, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IsoDateField } from '../date-field.tsx';
import { AxisBoundField, useExcelDownload } from './chart-inputs.tsx';
import {
  type AxisInputs,
  buildTimeSeriesOption,
  type ChartMark,
  type ChartSeries,
  type DateMode,
  DEFAULT_AXIS_INPUTS,
  excelRows,
  fromZoneWallClock,
  nearestPoint,
  parseAxisRange,
  type QuantityKey,
  type StatusCode,
  seriesTimes,
  stackedPanels,
  timeSeriesChartHeight,
} from './chart-logic.ts';
import { ChartOverlay } from './chart-overlay.tsx';
import { EChartsCanvas } from './echarts-canvas.tsx';
import { PointNotesContext, type PointNotesOptions, seriesTarget } from './point-notes.ts';
import type { ChartControls } from './use-chart-controls.ts';

export type TimeSeriesChartProps = {
  title: string;
  timeZone: string;
  controls: ChartControls;
  series: readonly ChartSeries[] | undefined;
  loading: boolean;
  /** Upper-cased '….xlsx' name of spec 02 §9 (see excelFileName). */
  excelFileName: string;
  /** A failed fetch: said on the chart with Retry (spec 02 §8 only logs it; engineers need to know). */
  error?: string | undefined;
  onRetry?: (() => void) | undefined;
  /** Drawn under the toolbar, above the chart (e.g. figures summed over the range). */
  children?: ReactNode;
  /**
   * Told a click on a point: the series it belongs to (index into `series`), its time and value. A click on a
   * drawn symbol names that point; a click elsewhere in the plot area the nearest point (a dense trend draws none).
   */
  onPointClick?: ((point: TimeSeriesPoint) => void) | undefined;
  /** Pins on points of the series (e.g. sensor point notes), their label as tooltip. */
  marks?: readonly ChartMark[] | undefined;
  /** Told a click on a pin of `marks`. */
  onMarkClick?: ((mark: ChartMark) => void) | undefined;
  /** Drawn under the chart (e.g. the list of what `marks` pin). */
  footer?: ReactNode;
  /**
   * Notes on points (spec 03 §2.16) from the page's PointNotesContext: their pins, a click on a point to add one,
   * their list under the chart. `identify` maps a series to the sensor, phase and axis a note is attached to
   * (`true`: a series is its tag).
   */
  pointNotes?: PointNotesOptions | boolean | undefined;
  /** Charts sharing a zoom group zoom together (spec 02 §2.7 Pattern recognition). */
  zoomGroup?: string | undefined;
  /** Offers the logarithmic y axis of spec 02 §9 (health monitoring trends) as a switch. */
  logToggle?: boolean | undefined;
};

/** A clicked point of a time series chart. */
export interface TimeSeriesPoint {
  seriesIndex: number;
  series: ChartSeries;
  /** Epoch ms. */
  time: number;
  value: number;
}

/**
 * A time series chart of the kit: date type and date range, reload, Excel of what is shown, x/y axis inputs with
 * Default, zoom, warning and alarm lines, a loading graph while fetching and 'No data' when there is nothing.
 */
export function TimeSeriesChart({
  title,
  timeZone,
  controls,
  series,
  loading,
  excelFileName,
  error,
  onRetry,
  children,
  onPointClick,
  marks,
  onMarkClick,
  footer,
  zoomGroup,
  pointNotes,
  logToggle = false,
}: TimeSeriesChartProps) {
  const { t } = useTranslation();
  const usePointNotes = useContext(PointNotesContext);
  const [axisText, setAxisText] = useState<AxisInputs>(DEFAULT_AXIS_INPUTS);
  const [logScale, setLogScale] = useState(false);
  const { exporting, download } = useExcelDownload();
  const shown = series ?? [];
  const times = useMemo(() => seriesTimes(shown), [shown]);
  const range = useMemo(() => parseAxisRange(axisText, times), [axisText, times]);
  const notes = usePointNotes(
    pointNotes
      ? {
          series: shown,
          controls,
          timeZone,
          identify: (pointNotes === true ? undefined : pointNotes.identify) ?? seriesTarget,
        }
      : undefined,
  );
  const allMarks = useMemo(
    () => (notes.marks ? [...(marks ?? []), ...notes.marks] : marks),
    [marks, notes.marks],
  );
  const option = useMemo(
    () =>
      buildTimeSeriesOption(shown, {
        timeZone,
        range,
        labels: {
          warning: t('charts.warning'),
          alarm: t('charts.alarm'),
          status: (status: StatusCode) => t(`charts.status.${status}`),
          quantity: (key: QuantityKey) => t(`charts.quantity.${key}`),
        },
        marks: allMarks,
        logScale: logToggle && logScale,
        widthPx: controls.width,
      }),
    [shown, timeZone, range, t, allMarks, logToggle, logScale, controls.width],
  );
  // ECharts tells a click on a symbol or a pin first, then the same click on the plot area: that one is skipped.
  const clickedItem = useRef(false);
  const pointClicked = (seriesIndex: number, time: number, value: number) => {
    const one = shown[seriesIndex];
    if (!one) return;
    notes.onPointClick?.({ seriesIndex, time, value });
    onPointClick?.({ seriesIndex, series: one, time, value });
  };
  const clickable = onPointClick !== undefined || notes.onPointClick !== undefined;
  const empty = !loading && !error && times.length === 0;

  const exportExcel = () =>
    download(({ downloadExcel }) => downloadExcel(excelFileName, title, excelRows(shown, range, timeZone)));

  const axisField = (key: keyof AxisInputs, label: string) => (
    <AxisBoundField
      label={label}
      value={axisText[key]}
      onChange={(text) => setAxisText({ ...axisText, [key]: text })}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <RadioGroup
          row
          aria-label={t('charts.dateType')}
          value={controls.mode}
          onChange={(event) => controls.setMode(event.target.value as DateMode)}
        >
          <FormControlLabel
            value="normal"
            control={<Radio size="small" />}
            label={t('charts.lastSixMonths')}
          />
          <FormControlLabel
            value="yearly"
            control={<Radio size="small" />}
            label={t('charts.sixMonthsOrMore')}
          />
        </RadioGroup>
        <IsoDateField
          size="small"
          width={170}
          label={t('charts.from')}
          value={controls.range.from}
          helperText=""
          onChange={(from) => controls.setRange({ ...controls.range, from })}
          min={controls.minDate}
          max={controls.range.to}
        />
        <IsoDateField
          size="small"
          width={170}
          label={t('charts.to')}
          value={controls.range.to}
          helperText=""
          onChange={(to) => controls.setRange({ ...controls.range, to })}
          min={controls.range.from}
          max={controls.maxDate}
        />
        <Button size="small" startIcon={<RefreshOutlined />} onClick={controls.reload} disabled={loading}>
          {t('charts.reload')}
        </Button>
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          onClick={() => void exportExcel()}
          disabled={empty || loading || exporting}
        >
          {t('charts.excel')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        {axisField('xMin', t('charts.xMin'))}
        {axisField('xMax', t('charts.xMax'))}
        {axisField('yMin', t('charts.yMin'))}
        {axisField('yMax', t('charts.yMax'))}
        <Button size="small" onClick={() => setAxisText(DEFAULT_AXIS_INPUTS)}>
          {t('charts.default')}
        </Button>
        {logToggle && (
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={logScale}
                onChange={(event) => setLogScale(event.target.checked)}
              />
            }
            label={t('charts.logScale')}
          />
        )}
      </Stack>
      {children}
      <Box sx={{ position: 'relative' }}>
        <EChartsCanvas
          option={option}
          height={timeSeriesChartHeight(stackedPanels(shown, controls.width))}
          label={title}
          onWidth={controls.setWidth}
          group={zoomGroup}
          onClick={(click) => {
            if (click.item || click.mark) {
              clickedItem.current = true;
              setTimeout(() => {
                clickedItem.current = false;
              }, 0);
            }
            if (click.mark) {
              const { id } = click.mark;
              const own = marks?.find((one) => one.id === id);
              if (own) onMarkClick?.(own);
              const noted = notes.marks?.find((one) => one.id === id);
              if (noted) notes.onMarkClick?.(noted);
              return;
            }
            if (click.item) {
              const [time, value] = click.item.value;
              // Drawn at the company's wall-clock time (zoneWallClock): the instant back.
              if (time !== undefined && value !== undefined)
                pointClicked(click.item.seriesIndex, fromZoneWallClock(time, timeZone), value);
              return;
            }
            if (click.grid && !clickedItem.current && clickable) {
              const [wallTime, value] = click.grid;
              const near = nearestPoint(shown, fromZoneWallClock(wallTime, timeZone), value);
              if (near) pointClicked(near.seriesIndex, near.time, near.value);
            }
          }}
        />
        <ChartOverlay loading={loading} empty={empty} error={error} onRetry={onRetry} />
      </Box>
      {footer}
      {notes.footer}
    </Paper>
  );
}
