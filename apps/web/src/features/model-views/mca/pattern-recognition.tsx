import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { McaDiagnostic } from '@sdp/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, excelFileName } from '../../../components/charts/chart-logic.ts';
import { TimeSeriesChart } from '../../../components/charts/time-series-chart.tsx';
import { useChartControls } from '../../../components/charts/use-chart-controls.ts';
import { useMcaDiagnostic } from './api/get-mca-diagnostic.ts';

const FAULTS = [
  'rotor_bar_crack',
  'bearing_failure',
  'eccentric_airgap',
  'ground_fault',
  'short_turn',
  'terminal_loose',
] as const;

function diagnosticChartSeries(
  body: McaDiagnostic,
  name: keyof Omit<McaDiagnostic, 'timestamp' | 'baselineRecords'>,
  label: string,
): ChartSeries {
  const one = body[name];
  return {
    tag: name,
    name: label,
    unit: one.unit,
    warning: one.warning,
    alarm: one.alarm,
    points: body.timestamp.flatMap((t, i) => {
      const value = one.values[i];
      return value === null || value === undefined ? [] : [[t, value] as const];
    }),
  };
}

/**
 * Pattern Recognition (spec 02 §2.7): tab Fault Diagnostic with date range, reload and Excel; the Overall Model
 * Residual chart and the Diagnostic chart (six fault series), their zoom kept in sync.
 */
export function PatternRecognition({
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
  const { query } = controls;
  const data = useMcaDiagnostic(
    modelId,
    query ? { from: query.from, to: query.to, reloads: query.reloads } : undefined,
  );
  const body = data.isError ? undefined : data.data;
  const residual = useMemo(
    () => (body ? [diagnosticChartSeries(body, 'omr', t('mca.omr'))] : undefined),
    [body, t],
  );
  const faults = useMemo(
    () =>
      body ? FAULTS.map((fault) => diagnosticChartSeries(body, fault, t(`mca.faults.${fault}`))) : undefined,
    [body, t],
  );
  const loading = data.isFetching && !data.isPlaceholderData ? true : data.isPending && query !== undefined;
  const common = {
    timeZone,
    controls,
    loading,
    error: data.isError ? t('mca.loadFailed') : undefined,
    onRetry: () => void data.refetch(),
    zoomGroup: `mca-diagnostic-${modelId}`,
  };
  return (
    <Stack spacing={2}>
      <Tabs value="fault" aria-label={t('mca.tabs.pattern')}>
        <Tab value="fault" label={t('mca.faultDiagnostic')} />
      </Tabs>
      <TimeSeriesChart
        {...common}
        title={t('mca.omrChart')}
        series={residual}
        excelFileName={excelFileName({ kind: 'tab', modelCode, tab: 'fault diagnostic omr' })}
      />
      <TimeSeriesChart
        {...common}
        title={t('mca.diagnosticChart')}
        series={faults}
        excelFileName={excelFileName({ kind: 'tab', modelCode, tab: 'fault diagnostic' })}
      />
    </Stack>
  );
}
