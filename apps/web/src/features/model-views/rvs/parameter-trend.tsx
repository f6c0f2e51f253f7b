import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { RvsParameterTrendResult } from '@sdp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, excelFileName } from '../../../components/charts/chart-logic.ts';
import { TimeSeriesChart } from '../../../components/charts/time-series-chart.tsx';
import { useChartControls } from '../../../components/charts/use-chart-controls.ts';
import { useFaultParameters } from './api/get-fault-parameters.ts';
import { useParameterTrend } from './api/get-parameter-trend.ts';
import { useRvsSensors } from './api/get-rvs-sensors.ts';
import { LockedPanel } from './locked-panel.tsx';
import { SensorLocationField } from './sensor-location-field.tsx';

/** One axis shown or all of them; one axis adds its fast and slow averages (spec 03 §4.2). */
export type Shown = 'all' | 'H' | 'V' | 'A' | string;

/**
 * The chart series of a parameter trend: each axis (one axis adds its fast and slow averages, dashed), with the
 * limits the failure-mode evaluation compares the indicator with, so the limit lines are drawn and the tooltip names
 * the same status as the failure history (issue 26 item 3: 41 dB was called Normal while no limit was passed).
 */
export function parameterTrendSeries(
  data: RvsParameterTrendResult,
  shown: Shown,
  labels: { fast: string; slow: string },
): ChartSeries[] {
  const times = data.timestamps;
  const points = (values: readonly (number | null)[]) =>
    values.flatMap((v, i) => (v === null ? [] : [[times[i]!, v] as const]));
  return data.series
    .filter((one) => shown === 'all' || one.axis === shown)
    .flatMap((one) => {
      const line: ChartSeries = {
        tag: one.axis,
        name: `${one.parameter_trend} ${one.axis}`,
        unit: one.y_label_unit,
        warning: one.warning,
        alarm: one.alarm,
        direction: 'high',
        points: points(one.data),
      };
      if (shown === 'all') return [line];
      return [
        line,
        {
          ...line,
          tag: `${one.axis}-fast`,
          name: `${one.axis} ${labels.fast}`,
          points: points(one.data_fast),
          dashed: true,
        },
        {
          ...line,
          tag: `${one.axis}-slow`,
          name: `${one.axis} ${labels.slow}`,
          points: points(one.data_slow),
          dashed: true,
        },
      ];
    });
}

/**
 * Parameter Trend (spec 03 §2.9): a failure mode's indicator per capture for the chosen sensor; choosing a fault
 * parameter selects its first trend. Locked without the RVS upgrade: nothing is fetched.
 */
export function ParameterTrend({
  modelId,
  modelCode,
  timeZone,
  unlocked,
}: {
  modelId: string;
  modelCode: string;
  timeZone: string;
  unlocked: boolean;
}) {
  const { t } = useTranslation();
  const sensors = useRvsSensors(modelId);
  const parameters = useFaultParameters(modelId, unlocked);
  const [sensor, setSensor] = useState('');
  const [parameter, setParameter] = useState('');
  const [trend, setTrend] = useState('');
  const [shown, setShown] = useState<Shown>('all');
  const controls = useChartControls(timeZone);
  const base = controls.query;
  const query = useParameterTrend(
    modelId,
    unlocked && base && sensor && parameter && trend
      ? { sensorId: sensor, parameter, keyValue: trend, from: base.from, to: base.to }
      : undefined,
  );
  const data = unlocked && sensor && parameter ? query.data : undefined;
  const series = useMemo(
    () =>
      data ? parameterTrendSeries(data, shown, { fast: t('rvs.fast'), slow: t('rvs.slow') }) : undefined,
    [data, shown, t],
  );
  if (!unlocked) return <LockedPanel minHeight={300} />;
  const chosenParameter = parameters.data?.find((one) => one.id === parameter);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <SensorLocationField
          sensors={sensors.data}
          value={sensor}
          error={!sensor}
          helperText={sensor ? undefined : t('rvs.required')}
          onChange={setSensor}
          minWidth={200}
        />
        <TextField
          select
          size="small"
          label={t('rvs.faultParameter')}
          value={parameter}
          error={Boolean(sensor) && !parameter}
          helperText={sensor && !parameter ? t('rvs.required') : undefined}
          onChange={(event) => {
            const next = parameters.data?.find((one) => one.id === event.target.value);
            setParameter(event.target.value);
            setTrend(next?.trends[0]?.id ?? '');
          }}
          sx={{ minWidth: 180 }}
        >
          {(parameters.data ?? []).map((one) => (
            <MenuItem key={one.id} value={one.id}>
              {one.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('rvs.parameterTrend')}
          value={trend}
          onChange={(event) => setTrend(event.target.value)}
          sx={{ minWidth: 220 }}
        >
          {(chosenParameter?.trends ?? []).map((one) => (
            <MenuItem key={one.id} value={one.id}>
              {one.name.replaceAll('+-', '±')}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('rvs.axis')}
          value={shown}
          onChange={(event) => setShown(event.target.value)}
          sx={{ minWidth: 110 }}
        >
          <MenuItem value="all">{t('rvs.all')}</MenuItem>
          {(data?.series ?? []).map((one) => (
            <MenuItem key={one.axis} value={one.axis}>
              {one.axis}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TimeSeriesChart
        title={t('rvs.tabs.parameterTrend')}
        timeZone={timeZone}
        controls={controls}
        series={series ?? (sensor && parameter ? undefined : [])}
        loading={Boolean(sensor && parameter) && query.isFetching}
        error={query.isError ? query.error.message : undefined}
        onRetry={() => void query.refetch()}
        excelFileName={excelFileName({ kind: 'tab', modelCode, tab: `rvs_parameter_trend_${modelId}` })}
      />
    </Stack>
  );
}
