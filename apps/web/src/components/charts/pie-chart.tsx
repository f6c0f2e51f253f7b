import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { ChartOverlay } from './chart-overlay.tsx';
import { EChartsCanvas } from './echarts-canvas.tsx';

/** One slice: its label, count and colour. */
export interface PieSlice {
  name: string;
  value: number;
  color: string;
}

/** The ECharts option of a pie of counts: slices with their own colours, count and share in the label. */
export function buildPieOption(slices: readonly PieSlice[]): Record<string, unknown> {
  return {
    animation: false,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        label: { formatter: '{b}: {c}' },
        data: slices.map((slice) => ({
          name: slice.name,
          value: slice.value,
          itemStyle: { color: slice.color },
        })),
      },
    ],
  };
}

/** A pie of counts (e.g. parts by condition) of the kit, with the loading graph and 'No data' over it. */
export function PieChart({
  title,
  slices,
  loading,
  height = 280,
}: {
  title: string;
  slices: readonly PieSlice[];
  loading: boolean;
  height?: number;
}) {
  const option = useMemo(() => buildPieOption(slices.filter((slice) => slice.value > 0)), [slices]);
  const empty = !loading && slices.every((slice) => slice.value === 0);
  return (
    <Box sx={{ position: 'relative' }}>
      <EChartsCanvas option={option} height={height} label={title} />
      <ChartOverlay loading={loading} empty={empty} />
    </Box>
  );
}
