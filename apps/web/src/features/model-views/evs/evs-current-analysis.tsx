import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { EvsResult, EvsSensorType } from '@sdp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, excelFileName } from '../../../components/charts/chart-logic.ts';
import { TimeSeriesChart } from '../../../components/charts/time-series-chart.tsx';
import { useChartControls } from '../../../components/charts/use-chart-controls.ts';
import { describeError } from '../../../lib/errors.ts';
import { useEvsResult } from '../api/get-evs-result.ts';

const SENSOR_TYPES: readonly EvsSensorType[] = ['Acceleration', 'Temperature', 'Velocity'];

/** One kit series per unit id, with that sensor's Warning and Alarm lines. */
export function evsSeries(result: EvsResult | undefined): ChartSeries[] {
  return (result?.series ?? []).map((one) => ({
    tag: one.uid,
    name: `${one.uid} (${one.sensorName})`,
    unit: result?.unit ?? '',
    warning: one.warning,
    alarm: one.alarm,
    points: one.timestamp.map((time, i) => [time, one.data[i] as number] as const),
  }));
}

/**
 * EVS chart (spec 02 §2.7): 'Current Analysis : <type>' with Sensor Type (default Acceleration), Last 6 months /
 * 6 months or more, the range, reload and Excel; one line per unit id with its Alarm and Warning lines.
 */
export function EvsCurrentAnalysis({
  modelId,
  modelCode,
  timeZone,
}: {
  modelId: string;
  modelCode: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const [sensorType, setSensorType] = useState<EvsSensorType>('Acceleration');
  const controls = useChartControls(timeZone);
  const result = useEvsResult(modelId, sensorType, controls.query);
  const series = useMemo(() => evsSeries(result.data), [result.data]);
  const typeLabel = t(`vcaEvs.sensorTypes.${sensorType}`);
  return (
    <TimeSeriesChart
      title={t('vcaEvs.evsTitle', { type: typeLabel })}
      timeZone={timeZone}
      controls={controls}
      series={result.data?.type === sensorType ? series : []}
      loading={controls.query !== undefined && result.data === undefined && !result.isError}
      excelFileName={excelFileName({ kind: 'tab', modelCode, tab: `current_analysis_${sensorType}` })}
      error={result.isError ? describeError(result.error, t) : undefined}
      onRetry={() => void result.refetch()}
      pointNotes={{
        identify: (one) => ({
          sensorId: one.tag,
          sensorName: one.name ?? one.tag,
          phase: sensorType,
          axis: '',
        }),
      }}
    >
      <TextField
        select
        size="small"
        label={t('vcaEvs.sensorType')}
        value={sensorType}
        onChange={(event) => setSensorType(event.target.value as EvsSensorType)}
        sx={{ minWidth: 200, mb: 1 }}
      >
        {SENSOR_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`vcaEvs.sensorTypes.${type}`)}
          </MenuItem>
        ))}
      </TextField>
    </TimeSeriesChart>
  );
}
