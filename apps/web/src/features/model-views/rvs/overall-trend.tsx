import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { RVS_MAX_TREND_SENSORS } from '@sdp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartSeries } from '../../../components/charts/chart-logic.ts';
import { excelFileName } from '../../../components/charts/chart-logic.ts';
import { TimeSeriesChart, type TimeSeriesPoint } from '../../../components/charts/time-series-chart.tsx';
import { useChartControls } from '../../../components/charts/use-chart-controls.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useBaselineBands } from '../shared/use-baseline-bands.ts';
import { useMachineStatus } from './api/get-machine-status.ts';
import { useOverallTrend } from './api/get-overall-trend.ts';
import { useRvsSensors } from './api/get-rvs-sensors.ts';
import { SENSOR_DEBOUNCE_MS, TREND_RANGE_DAYS, worstSensor } from './overall-trend-logic.ts';
import { sensorOptions } from './sensor-location-field.tsx';

type TrendPhase = 'velocity' | 'acceleration' | 'envelope' | 'temperature';

/** A clicked point of the Overall Trend, with what a sensor-point note needs (spec 03 §2.16). */
export interface OverallTrendPoint extends TimeSeriesPoint {
  sensorId: string;
  phase: TrendPhase;
  /** Axis label (H, V, A) or '' for temperature. */
  axis: string;
  /** false in '6 months or more' mode, where sensor-point notes are off (spec 03 §4.6). */
  notesAllowed: boolean;
}

/**
 * Overall Trend (spec 03 §2.11): overall values of up to 2 sensors (a third drops the oldest) on every axis, normal
 * (last 6 months) or yearly, range (the last 7 days at first), Excel; `onPointClick` is the hook sensor-point notes
 * attach to. It opens on the sensor in the worst state; a change of sensors asks the server once it has held 1 s.
 */
export function OverallTrend({
  modelId,
  modelCode,
  timeZone,
  onPointClick,
}: {
  modelId: string;
  modelCode: string;
  timeZone: string;
  onPointClick?: ((point: OverallTrendPoint) => void) | undefined;
}) {
  const { t } = useTranslation();
  const sensors = useRvsSensors(modelId);
  const statuses = useMachineStatus(modelId);
  // Until the user picks, the sensor location in the worst state: the trend is drawn on first open. Once they pick
  // (or clear the field), their choice stands and the clearing rules of spec 03 §2.4 apply.
  const [picked, setChosen] = useState<string[]>();
  const worst = statuses.isPending ? undefined : worstSensor(sensors.data ?? [], statuses.data?.sensors);
  const chosen = useMemo(() => picked ?? (worst ? [worst] : []), [picked, worst]);
  const asked = useDebouncedValue(chosen, picked === undefined ? 0 : SENSOR_DEBOUNCE_MS);
  const missing =
    chosen.length === 0 && (picked !== undefined || (!sensors.isPending && !statuses.isPending));
  const [phase, setPhase] = useState<TrendPhase>('velocity');
  const controls = useChartControls(timeZone, { days: TREND_RANGE_DAYS });
  const base = controls.query;
  const query = useOverallTrend(
    modelId,
    base && asked.length > 0
      ? {
          sensors: asked,
          phase,
          from: base.from,
          to: base.to,
          isNormal: base.isNormal,
          width: base.width,
          reloads: base.reloads,
        }
      : undefined,
  );
  const data = chosen.length > 0 ? query.data : undefined;
  const bands = useBaselineBands(modelId);
  // Each sensor axis with its learned baseline's band (issue 25 item 4), keyed by the monitored value's tag.
  const series = useMemo<ChartSeries[] | undefined>(
    () =>
      data &&
      bands(
        data.series.map((one) => ({
          tag: `${one.sensor_id}:${one.phase}:${one.paxis}`,
          name: `${one.sensor_name} ${one.paxis}`.trim(),
          unit: one.unit,
          warning: one.warning,
          alarm: one.alarm,
          points: one.data,
        })),
        (_one, index) => data.series[index]?.tag,
      ),
    [data, bands],
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('rvs.sensorLocation')}
          helperText={missing ? t('rvs.required') : t('rvs.upToTwo')}
          error={missing}
          value={chosen}
          onChange={(event) => {
            const value = event.target.value as unknown as string[];
            setChosen(value.slice(-RVS_MAX_TREND_SENSORS));
          }}
          slotProps={{ select: { multiple: true } }}
          sx={{ minWidth: 240 }}
        >
          {sensorOptions(sensors.data)}
        </TextField>
        <TextField
          select
          size="small"
          label={t('rvs.vibrationUnit')}
          value={phase}
          onChange={(event) => setPhase(event.target.value as TrendPhase)}
          sx={{ minWidth: 190 }}
        >
          {(['velocity', 'acceleration', 'envelope', 'temperature'] as const).map((one) => (
            <MenuItem key={one} value={one}>
              {t(`rvs.units.${one}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TimeSeriesChart
        title={t('rvs.overallTrendTitle')}
        timeZone={timeZone}
        controls={controls}
        series={series ?? (chosen.length === 0 ? [] : undefined)}
        loading={chosen.length > 0 && query.isFetching}
        error={query.isError ? query.error.message : undefined}
        onRetry={() => void query.refetch()}
        excelFileName={excelFileName({ kind: 'tab', modelCode, tab: `rvs_trend_${modelId}` })}
        pointNotes={{
          identify: (_one, index) => {
            const one = data?.series[index];
            return one && { sensorId: one.sensor_id, sensorName: one.sensor_name, phase, axis: one.paxis };
          },
        }}
        onPointClick={(point) => {
          const one = data?.series[point.seriesIndex];
          if (one)
            onPointClick?.({
              ...point,
              sensorId: one.sensor_id,
              phase,
              axis: one.paxis,
              notesAllowed: controls.mode === 'normal',
            });
        }}
      />
    </Stack>
  );
}
