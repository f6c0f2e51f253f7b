import { describe, expect, it } from 'vitest';
import { buildTimeSeriesOption, type ChartSeries } from '../../../components/charts/chart-logic.ts';
import { withBaselineBands } from './baseline-band.ts';

const velocity: ChartSeries = {
  tag: 'S1.velocity',
  unit: 'mm/s',
  warning: null,
  alarm: null,
  points: [
    [Date.UTC(2026, 0, 1), 2],
    [Date.UTC(2026, 0, 2), 2.1],
  ],
};
const learnedTag = {
  tag: 'S1.velocity',
  name: 'Motor velocity',
  state: 'learned' as const,
  startedAt: '2026-01-01T00:00:00.000Z',
  captures: 60,
  centre: 2,
  warning: 2.6,
  alarm: 3.2,
  learnedAt: '2026-01-15T00:00:00.000Z',
};

describe('withBaselineBands', () => {
  it('bands a learned value from the median minus the warning distance up to the learned warning', () => {
    const [banded] = withBaselineBands([velocity], { tags: [learnedTag] }, 'Learned baseline');
    expect(banded?.baseline?.label).toBe('Learned baseline');
    expect(banded?.baseline?.low).toBeCloseTo(1.4, 12);
    expect(banded?.baseline?.high).toBeCloseTo(2.6, 12);
  });

  it('leaves values still learning, and other tags, without a band', () => {
    const learning = { ...learnedTag, state: 'learning' as const, centre: null, warning: null, alarm: null };
    expect(withBaselineBands([velocity], { tags: [learning] }, 'x')[0]?.baseline).toBeUndefined();
    expect(
      withBaselineBands([{ ...velocity, tag: 'S2.velocity' }], { tags: [learnedTag] }, 'x')[0]?.baseline,
    ).toBeUndefined();
    expect(withBaselineBands([velocity], undefined, 'x')[0]).toBe(velocity);
  });

  it('the chart kit shades the band behind the series, with its name', () => {
    const series = withBaselineBands([velocity], { tags: [learnedTag] }, 'Learned baseline');
    const labels = { warning: 'Warning', alarm: 'Alarm', status: () => '' };
    const option = buildTimeSeriesOption(series, { timeZone: 'UTC', labels } as Parameters<
      typeof buildTimeSeriesOption
    >[1]) as unknown as {
      series: {
        markArea?: { data: [{ yAxis: number }, { yAxis: number }][]; label: { formatter: string } };
      }[];
    };
    const area = option.series[0]?.markArea;
    expect(area?.label.formatter).toBe('Learned baseline');
    expect(area?.data[0]?.[0].yAxis).toBeCloseTo(1.4, 12);
    expect(area?.data[0]?.[1].yAxis).toBeCloseTo(2.6, 12);
  });
});
