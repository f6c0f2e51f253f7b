import type { RvsParameterTrendResult } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import { buildTimeSeriesOption, zoneWallClock } from '../../../components/charts/chart-logic.ts';
import { parameterTrendSeries } from './parameter-trend.tsx';

const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const DAY = 86_400_000;
/** The bearing trend as GET /rvs-result/parameter-trend answers it: the limits of the bearing evaluation (dB). */
const answer: RvsParameterTrendResult = {
  timestamps: [T0, T0 + DAY, T0 + 2 * DAY],
  series: [
    {
      parameter_trend: 'Defect peak above background (dB)',
      axis: 'H',
      y_label_unit: 'dB',
      warning: 14,
      alarm: 20,
      data: [8, 16, 41],
      data_fast: [null, null, 21.7],
      data_slow: [null, null, null],
    },
  ],
};
const labels = {
  warning: 'Warning',
  alarm: 'Alarm',
  status: (s: number) => ['Normal', 'Warning', 'Alarm'][s] ?? 'Offline',
};

describe('parameter trend (issue 26 item 3)', () => {
  const series = parameterTrendSeries(answer, 'all', { fast: 'fast', slow: 'slow' });
  const option = buildTimeSeriesOption(series, { timeZone: 'Asia/Bangkok', labels }) as {
    tooltip: { formatter: (p: unknown) => string };
    series: { markLine: { data: { yAxis: number }[] } }[];
  };
  const wall = zoneWallClock('Asia/Bangkok');
  const tip = (t: number, value: number) =>
    option.tooltip.formatter([{ seriesIndex: 0, value: [wall(t), value] }]);

  it('names a value above the warning or alarm limit by the limits the evaluation uses, never Normal', () => {
    expect(tip(T0 + 2 * DAY, 41)).toContain('Defect peak above background (dB) H: 41 dB (Alarm)');
    expect(tip(T0 + DAY, 16)).toContain('(Warning)');
    expect(tip(T0 + DAY, 16)).not.toContain('Normal');
    expect(tip(T0, 8)).toContain('(Normal)');
  });

  it('draws the warning and alarm lines, and the averages of one axis carry the same limits', () => {
    expect(option.series[0]?.markLine.data.map((line) => line.yAxis)).toEqual([14, 20]);
    const one = parameterTrendSeries(answer, 'H', { fast: 'fast', slow: 'slow' });
    expect(one.map((s) => [s.name, s.warning, s.alarm])).toEqual([
      ['Defect peak above background (dB) H', 14, 20],
      ['H fast', 14, 20],
      ['H slow', 14, 20],
    ]);
  });
});
