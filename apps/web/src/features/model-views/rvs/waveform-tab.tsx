import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { RVS_MAX_DATA_SETS } from '@sdp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { excelFileName } from '../../../components/charts/chart-logic.ts';
import { SpectrumChart } from '../../../components/charts/spectrum-chart.tsx';
import { WaterfallChart } from '../../../components/charts/waterfall-chart.tsx';
import { captureTime } from '../shared/capture-label.ts';
import { useTimeWaveform } from './api/get-time-waveform.ts';
import { GraphSelectors, type Phase, useGraphSelectors } from './graph-selectors.tsx';

const WAVEFORM_PHASES: readonly Phase[] = ['acceleration', 'accelerationG'];
/** Points per line of the 3D time waveform: every k-th sample so a line has at most this many. */
const WAVEFORM_3D_POINTS = 2000;

/**
 * Time Waveform and 3D Time Waveform (spec 03 §2.7–2.8, §4.3): acceleration in m/s² or g against time, or against
 * revolutions (time × rpm / 60); two clicks give Δt and, in time, 1/Δt in Hz and CPM.
 */
export function WaveformTab({
  modelId,
  modelCode,
  timeZone,
  threeD,
}: {
  modelId: string;
  modelCode: string;
  timeZone: string;
  threeD: boolean;
}) {
  const { t } = useTranslation();
  const selectors = useGraphSelectors(modelId, WAVEFORM_PHASES, RVS_MAX_DATA_SETS);
  const [mode, setMode] = useState<'time' | 'revolution'>('time');
  const search = selectors.search;
  const query = useTimeWaveform(
    modelId,
    search && { sensor: search.sensor, phase: search.phase, axis: search.axis, fileNames: search.fileNames },
  );
  const data = search ? query.data : undefined;
  const scale = mode === 'revolution' ? (data?.rpm ?? 60) / 60 : 1;
  const series = useMemo(
    () =>
      data?.series.map((one) => {
        const step = threeD ? Math.max(1, Math.ceil(one.data.length / WAVEFORM_3D_POINTS)) : 1;
        const points: [number, number][] = [];
        for (let i = 0; i < one.data.length; i += step) {
          const [x, y] = one.data[i]!;
          points.push([x * scale, y]);
        }
        return { name: captureTime(search?.capturedAt[one.file_name], timeZone) ?? one.file_name, points };
      }),
    [data, scale, threeD, search, timeZone],
  );
  const xLabel = mode === 'time' ? t('rvs.time') : t('rvs.revolution');
  const waveform = useMemo(() => ({ xLabel, frequency: mode === 'time' }), [xLabel, mode]);
  const timeAxis = useMemo(() => ({ xLabel }), [xLabel]);
  const toolbar = (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={mode}
      aria-label={t('rvs.timeMode')}
      onChange={(_, next: 'time' | 'revolution' | null) => {
        if (next) setMode(next);
      }}
    >
      <ToggleButton value="time">{t('rvs.time')}</ToggleButton>
      <ToggleButton value="revolution">{t('rvs.revolution')}</ToggleButton>
    </ToggleButtonGroup>
  );
  const common = {
    series,
    loading: Boolean(search) && query.isFetching,
    unitLabel: data?.unit ?? '',
    error: query.isError ? query.error.message : undefined,
    onRetry: () => void query.refetch(),
    resetKey: `${search?.count}-${mode}`,
    toolbar,
  };
  return (
    <>
      <GraphSelectors state={selectors} timeZone={timeZone} />
      {threeD ? (
        <WaterfallChart
          title={t('rvs.tabs.waveform3d')}
          emptyMessage={t('rvs.empty.waveform3d')}
          timeAxis={timeAxis}
          {...common}
        />
      ) : (
        <SpectrumChart
          title={t('rvs.tabs.waveform')}
          emptyMessage={t('rvs.empty.waveform')}
          excelFileName={excelFileName({
            kind: 'tab',
            modelCode,
            tab: `rvs_time_wave_form_model_${modelId}`,
          })}
          waveform={waveform}
          {...common}
        />
      )}
    </>
  );
}
