import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_HEIGHT } from './chart-logic.ts';
import { ChartOverlay } from './chart-overlay.tsx';
import { EChartsCanvas } from './echarts-canvas.tsx';
import { buildPrpdOption, type PrpdPoint } from './indicator-logic.ts';

type PrpdScatterChartProps = {
  points: readonly PrpdPoint[] | undefined;
  maxCount: number;
  /** Top of the charge axis (the largest pulse), in `unit`. */
  chargeMax: number;
  unit: string;
  loading: boolean;
  error?: string | undefined;
  onRetry?: (() => void) | undefined;
};

/**
 * Phase-resolved partial discharge scatter of the kit (spec 02 §2.6 tab 8): pulse counts on phase 0–360° ×
 * apparent charge, coloured by count, over the reference sine; loading graph, 'No data' and errors with Retry.
 */
export function PrpdScatterChart({
  points,
  maxCount,
  chargeMax,
  unit,
  loading,
  error,
  onRetry,
}: PrpdScatterChartProps) {
  const { t } = useTranslation();
  const option = useMemo(
    () =>
      buildPrpdOption(points ?? [], {
        maxCount,
        chargeMax,
        unit,
        labels: {
          phase: t('txPanels.pd.phase'),
          charge: t('txPanels.pd.charge'),
          count: t('txPanels.pd.count'),
          reference: t('txPanels.pd.reference'),
        },
      }),
    [points, maxCount, chargeMax, unit, t],
  );
  const empty = !loading && !error && (points?.length ?? 0) === 0;
  return (
    <Box sx={{ position: 'relative' }}>
      {points?.length ? (
        <EChartsCanvas option={option} height={CHART_HEIGHT} label={t('txPanels.pd.title')} />
      ) : null}
      {!points?.length ? <Box sx={{ height: CHART_HEIGHT }} /> : null}
      <ChartOverlay loading={loading} empty={empty} error={error} onRetry={onRetry} />
    </Box>
  );
}
