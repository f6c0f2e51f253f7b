import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartOverlay } from './chart-overlay.tsx';
import { buildDuvalOption, type DuvalPoint, type DuvalZoneShape, duvalChartHeight } from './duval-logic.ts';
import { EChartsCanvas } from './echarts-canvas.tsx';

type DuvalTriangleChartProps = {
  title: string;
  timeZone: string;
  zones: readonly DuvalZoneShape[] | undefined;
  history: readonly DuvalPoint[] | undefined;
  /** The manual calculator's point, drawn apart from the history. */
  calculated?: DuvalPoint | null;
  loading: boolean;
  error?: string | undefined;
  onRetry?: (() => void) | undefined;
};

/**
 * Duval Triangle 1 of the kit: the zone polygons with their names, the history of samples as points (date, shares
 * and zone in the tooltip, in the company's zone), the latest sample highlighted, and the calculator's point.
 */
export function DuvalTriangleChart({
  title,
  timeZone,
  zones,
  history,
  calculated = null,
  loading,
  error,
  onRetry,
}: DuvalTriangleChartProps) {
  const { t } = useTranslation();
  const [width, setWidth] = useState(0);
  const height = duvalChartHeight(width);
  const option = useMemo(
    () =>
      buildDuvalOption(zones ?? [], history ?? [], calculated, {
        timeZone,
        width,
        height,
        labels: {
          history: t('duvalChart.history'),
          latest: t('duvalChart.latest'),
          calculated: t('duvalChart.calculated'),
          zone: t('duvalChart.zone'),
          noZone: t('duvalChart.noZone'),
        },
      }),
    [zones, history, calculated, timeZone, width, height, t],
  );
  // The triangle stays drawn without samples, so the calculator can still place its point.
  const empty = !loading && !error && (zones?.length ?? 0) === 0;
  return (
    <Box sx={{ position: 'relative' }}>
      <EChartsCanvas option={option} height={height} label={title} onWidth={setWidth} />
      <ChartOverlay loading={loading} empty={empty} error={error} onRetry={onRetry} />
    </Box>
  );
}
