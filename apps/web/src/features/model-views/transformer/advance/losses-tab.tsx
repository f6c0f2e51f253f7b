import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, excelFileName } from '../../../../components/charts/chart-logic.ts';
import { TimeSeriesChart } from '../../../../components/charts/time-series-chart.tsx';
import { useChartControls } from '../../../../components/charts/use-chart-controls.ts';
import { describeError } from '../../../../lib/errors.ts';
import { useTrLosses } from '../../api/get-tr-losses.ts';
import { useModelCode } from '../../api/use-model-code.ts';

/**
 * Advance analysis 11, Losses (spec 02 §2.6, §7): total and load losses over the chosen days from the load factor
 * and the rated losses of the configuration, with the range's mean load factor, mean losses and energy lost.
 */
export function LossesTab({ modelId, timeZone }: { modelId: string; timeZone: string }) {
  const { t } = useTranslation();
  const modelCode = useModelCode(modelId);
  const controls = useChartControls(timeZone);
  const { query } = controls;
  const losses = useTrLosses(modelId, query);
  const series = useMemo((): ChartSeries[] | undefined => {
    const points = losses.data?.points;
    if (!points) return undefined;
    if (points.length === 0) return [];
    return [
      {
        tag: 'total_losses',
        name: t('txAnalysis.losses.total'),
        unit: 'kW',
        warning: null,
        alarm: null,
        points: points.map(([time, , , total]) => [time, total] as const),
      },
      {
        tag: 'load_losses',
        name: t('txAnalysis.losses.load'),
        unit: 'kW',
        warning: null,
        alarm: null,
        points: points.map(([time, , load]) => [time, load] as const),
      },
    ];
  }, [losses.data, t]);
  const summary = losses.data?.summary;
  const figure = (label: string, value: string) => (
    <Stack spacing={0}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Stack>
  );
  return (
    <TimeSeriesChart
      title={t('txAnalysis.losses.title')}
      timeZone={timeZone}
      controls={controls}
      series={losses.isError ? [] : series}
      loading={query !== undefined && (losses.isPending || (losses.isFetching && losses.isPlaceholderData))}
      excelFileName={excelFileName({ kind: 'losses', modelCode })}
      error={losses.isError ? describeError(losses.error, t) : undefined}
      onRetry={() => void losses.refetch()}
    >
      {losses.data ? (
        <Stack
          direction="row"
          spacing={3}
          useFlexGap
          sx={{ flexWrap: 'wrap', mb: 1 }}
          aria-label={t('txAnalysis.losses.summary')}
          component="section"
        >
          {figure(t('txAnalysis.losses.noLoadLoss'), `${losses.data.noLoadLossKw} kW`)}
          {figure(t('txAnalysis.losses.ratedLoadLoss'), `${losses.data.ratedLoadLossKw} kW`)}
          {summary ? (
            <>
              {figure(
                t('txAnalysis.losses.meanLoadFactor'),
                `${(summary.meanLoadFactor * 100).toFixed(1)} %`,
              )}
              {figure(t('txAnalysis.losses.meanTotalLoss'), `${summary.meanTotalLossKw.toFixed(2)} kW`)}
              {figure(
                t('txAnalysis.losses.energy'),
                `${Math.round(summary.energyKwh).toLocaleString('en')} kWh`,
              )}
              {figure(t('txAnalysis.losses.samples'), summary.samples.toLocaleString('en'))}
            </>
          ) : null}
        </Stack>
      ) : null}
    </TimeSeriesChart>
  );
}
