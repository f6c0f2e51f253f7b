import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, excelFileName } from '../../../components/charts/chart-logic.ts';
import { TimeSeriesChart } from '../../../components/charts/time-series-chart.tsx';
import { useChartControls } from '../../../components/charts/use-chart-controls.ts';
import { useFailureHistory } from './api/get-failure-history.ts';
import { useRvsSensors } from './api/get-rvs-sensors.ts';
import { LockedPanel } from './locked-panel.tsx';
import { SensorLocationField } from './sensor-location-field.tsx';

/**
 * Failure History (spec 03 §2.10): the state of each failure mode per capture, 0 Normal, 1 Warning, 2 Danger, as
 * steps. Locked without the RVS upgrade: nothing is fetched.
 */
export function FailureHistory({
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
  const [sensor, setSensor] = useState('');
  const controls = useChartControls(timeZone);
  const base = controls.query;
  const query = useFailureHistory(
    modelId,
    unlocked && base && sensor ? { sensorId: sensor, from: base.from, to: base.to } : undefined,
  );
  const data = unlocked && sensor ? query.data : undefined;
  const series = useMemo<ChartSeries[] | undefined>(
    () =>
      data?.series.map((one) => ({
        tag: one.name,
        name: one.name,
        unit: '0 Normal · 1 Warning · 2 Danger',
        warning: 1,
        alarm: 2,
        step: true,
        points: one.data.map((v, i) => [data.timestamps[i]!, v] as const),
      })),
    [data],
  );
  if (!unlocked) return <LockedPanel minHeight={300} />;
  return (
    <Stack spacing={2}>
      <SensorLocationField
        sensors={sensors.data}
        value={sensor}
        error={!sensor}
        helperText={sensor ? undefined : t('rvs.empty.failureHistory')}
        onChange={setSensor}
        maxWidth={320}
      />
      <TimeSeriesChart
        title={t('rvs.tabs.failureHistory')}
        timeZone={timeZone}
        controls={controls}
        series={series ?? (sensor ? undefined : [])}
        loading={Boolean(sensor) && query.isFetching}
        error={query.isError ? query.error.message : undefined}
        onRetry={() => void query.refetch()}
        excelFileName={excelFileName({ kind: 'tab', modelCode, tab: `rvs_failure_history_${modelId}` })}
      />
    </Stack>
  );
}
