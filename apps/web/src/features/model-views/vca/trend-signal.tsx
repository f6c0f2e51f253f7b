import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { TrSeries } from '@sdp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, excelFileName } from '../../../components/charts/chart-logic.ts';
import { TimeSeriesChart } from '../../../components/charts/time-series-chart.tsx';
import { useChartControls } from '../../../components/charts/use-chart-controls.ts';
import { describeError } from '../../../lib/errors.ts';
import { useVcaTrend } from '../api/get-vca-trend.ts';
import { useBaselineBands } from '../shared/use-baseline-bands.ts';
import { type LegendChoice, shownSeries } from './legend-choice.ts';

/** The kit's series of a call answering `{tagCode, name, unit, warning, alarm, timestamp[], data[]}`. */
export function toChartSeries(series: readonly TrSeries[]): ChartSeries[] {
  return series.map((one) => ({
    tag: one.tagCode,
    name: one.name,
    unit: one.unit,
    warning: one.warning,
    alarm: one.alarm,
    points: one.timestamp.map((t, i) => [t, one.data[i] as number] as const),
  }));
}

/**
 * VCA Trend Signal (spec 02 §2.7): the time series toolbar with axis inputs over every trend signal of the drive.
 * 'All' shows or hides every series; a series' chip shows only that series, with its warning and alarm lines.
 */
export function TrendSignal({
  modelId,
  modelCode,
  timeZone,
}: {
  modelId: string;
  modelCode: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const controls = useChartControls(timeZone);
  const trend = useVcaTrend(modelId, controls.query);
  const [choice, setChoice] = useState<LegendChoice>({ kind: 'all' });
  const bands = useBaselineBands(modelId);
  // Each trend signal with its learned baseline's band (issue 25 item 4).
  const all = useMemo(() => bands(toChartSeries(trend.data ?? [])), [trend.data, bands]);
  const shown = useMemo(() => shownSeries(all, choice), [all, choice]);
  return (
    <TimeSeriesChart
      title={t('vcaEvs.trendSignal')}
      timeZone={timeZone}
      controls={controls}
      series={shown}
      loading={controls.query !== undefined && trend.data === undefined && !trend.isError}
      excelFileName={excelFileName({ kind: 'tab', modelCode, tab: 'trend_signal' })}
      error={trend.isError ? describeError(trend.error, t) : undefined}
      onRetry={() => void trend.refetch()}
      pointNotes
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', mb: 1 }}
        aria-label={t('vcaEvs.series')}
      >
        <Chip
          label={t('vcaEvs.all')}
          color={choice.kind === 'all' ? 'primary' : 'default'}
          variant={choice.kind === 'all' ? 'filled' : 'outlined'}
          aria-pressed={choice.kind === 'all'}
          onClick={() => setChoice(choice.kind === 'all' ? { kind: 'none' } : { kind: 'all' })}
        />
        {all.map((one) => {
          const active = choice.kind === 'one' && choice.tag === one.tag;
          return (
            <Chip
              key={one.tag}
              label={one.name ?? one.tag}
              color={active ? 'primary' : 'default'}
              variant={active ? 'filled' : 'outlined'}
              aria-pressed={active}
              onClick={() => setChoice({ kind: 'one', tag: one.tag })}
            />
          );
        })}
      </Stack>
    </TimeSeriesChart>
  );
}
