import { describe, expect, it } from 'vitest';
import { withBaselineBands } from './baseline-band.ts';
import { buildTimeSeriesOption, type ChartSeries } from './chart-logic.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);
const velocity: ChartSeries = {
  tag: 'S1.velocity',
  unit: 'mm/s',
  warning: null,
  alarm: null,
  points: [
    [T0, 2],
    [T0 + DAY, 2.1],
  ],
};
const learnedTag = {
  tag: 'S1.velocity',
  state: 'learned' as const,
  centre: 2,
  warning: 2.6,
};
const labels = { warning: 'Warning', alarm: 'Alarm', status: () => '' };

type Option = {
  yAxis: { min?: number; max?: number } | { min?: number; max?: number }[];
  series: {
    markArea?: {
      data: [{ yAxis: number }, { yAxis: number }][];
      label: { formatter: string; show: boolean };
    };
  }[];
};
const optionOf = (series: ChartSeries[]) =>
  buildTimeSeriesOption(series, { timeZone: 'UTC', labels }) as unknown as Option;

describe('withBaselineBands', () => {
  it('bands a learned value from the median minus the warning distance up to the learned warning', () => {
    const [banded] = withBaselineBands([velocity], [learnedTag], 'Learned baseline');
    expect(banded?.baseline?.label).toBe('Learned baseline');
    expect(banded?.baseline?.low).toBeCloseTo(1.4, 12);
    expect(banded?.baseline?.high).toBeCloseTo(2.6, 12);
  });

  it('leaves values still learning, and other tags, without a band', () => {
    const learning = { ...learnedTag, state: 'learning' as const, centre: null, warning: null };
    expect(withBaselineBands([velocity], [learning], 'x')[0]?.baseline).toBeUndefined();
    expect(
      withBaselineBands([{ ...velocity, tag: 'S2.velocity' }], [learnedTag], 'x')[0]?.baseline,
    ).toBeUndefined();
    expect(withBaselineBands([velocity], undefined, 'x')[0]).toBe(velocity);
  });

  it("finds a series' value through tagOf when the chart keys it otherwise (an RVS axis, an MCA phase)", () => {
    const axis = { ...velocity, tag: 'S1:velocity:H' };
    const rvs = withBaselineBands([axis, { ...axis, tag: 'S1:velocity:V' }], [learnedTag], 'x', (_, i) =>
      i === 0 ? 'S1.velocity' : undefined,
    );
    expect(rvs[0]?.baseline).toMatchObject({ high: 2.6 });
    expect(rvs[1]?.baseline).toBeUndefined();
  });

  it('keeps the band of a positive value at or above zero; a level in dB keeps its negative band', () => {
    const quiet = withBaselineBands([velocity], [{ ...learnedTag, centre: 0.2, warning: 0.5 }], 'x')[0];
    expect(quiet?.baseline?.low).toBe(0);
    expect(quiet?.baseline?.high).toBeCloseTo(0.5, 12);
    const decibel = withBaselineBands(
      [{ ...velocity, unit: 'dB' }],
      [{ ...learnedTag, centre: -52, warning: -49.5 }],
      'x',
    )[0];
    expect(decibel?.baseline?.low).toBeCloseTo(-54.5, 12);
    expect(decibel?.baseline?.high).toBeCloseTo(-49.5, 12);
  });
});

describe('the chart kit draws the learned band', () => {
  it('shades the band behind the series, with its name', () => {
    const area = optionOf(withBaselineBands([velocity], [learnedTag], 'Learned baseline')).series[0]
      ?.markArea;
    expect(area?.label).toMatchObject({ formatter: 'Learned baseline', show: true });
    expect(area?.data[0]?.[0].yAxis).toBeCloseTo(1.4, 12);
    expect(area?.data[0]?.[1].yAxis).toBeCloseTo(2.6, 12);
  });

  it('draws no band on a series without one', () => {
    expect(optionOf([velocity]).series[0]?.markArea).toBeUndefined();
  });

  it('reaches the band with the y axis when the data lies above it (a machine that has degraded)', () => {
    const high: ChartSeries = {
      ...velocity,
      points: [
        [T0, 5],
        [T0 + DAY, 6],
      ],
    };
    const option = optionOf(withBaselineBands([high], [learnedTag], 'Learned baseline'));
    const axis = Array.isArray(option.yAxis) ? option.yAxis[0] : option.yAxis;
    expect(axis?.min).toBeLessThanOrEqual(1.4);
    expect(optionOf([high]).yAxis).toMatchObject({ min: undefined });
  });

  it('does not take the axis below zero for a band near zero on an axis of large values', () => {
    const bus: ChartSeries = {
      ...velocity,
      tag: 'dc_bus',
      unit: 'V',
      points: [
        [T0, 560],
        [T0 + DAY, 565],
      ],
    };
    const ripple: ChartSeries = {
      ...velocity,
      tag: 'dc_ripple',
      unit: 'V',
      points: [
        [T0, 6],
        [T0 + DAY, 7],
      ],
    };
    const option = optionOf(
      withBaselineBands([bus, ripple], [{ ...learnedTag, tag: 'dc_ripple', centre: 4.3, warning: 5.7 }], 'x'),
    );
    expect(option.yAxis).toMatchObject({ min: 0 });
  });

  it('names the bands of several series once (a drive with many trend signals)', () => {
    const series = withBaselineBands(
      [velocity, { ...velocity, tag: 'S2.velocity' }],
      [learnedTag, { ...learnedTag, tag: 'S2.velocity', centre: 3, warning: 3.6 }],
      'Learned baseline',
    );
    const option = optionOf(series);
    expect(option.series.map((one) => one.markArea?.label.show)).toEqual([true, false]);
    expect(option.series[1]?.markArea?.data[0]?.[1].yAxis).toBeCloseTo(3.6, 12);
    // Also across axes of one plot: a voltage and a temperature.
    const twoAxes = optionOf([series[0] as ChartSeries, { ...(series[1] as ChartSeries), unit: '°C' }]);
    expect(twoAxes.series.map((one) => one.markArea?.label.show)).toEqual([true, false]);
  });
});

describe("the kit's ECharts draws the band", () => {
  it('renders the shaded band and its name with the components the app registers', async () => {
    // The app's own registrations (echarts-setup.ts); SVG only to render without a canvas.
    const { init } = await import('./echarts-setup.ts');
    const { use } = await import('echarts/core');
    const { SVGRenderer } = await import('echarts/renderers');
    use([SVGRenderer]);
    const chart = init(null as unknown as HTMLElement, undefined, {
      renderer: 'svg',
      ssr: true,
      width: 800,
      height: 450,
    });
    chart.setOption(optionOf(withBaselineBands([velocity], [learnedTag], 'Learned baseline')));
    const svg = chart.renderToSVGString();
    chart.dispose();
    expect(svg).toContain('Learned baseline');
    // The band: a pale shade (12 %) of its line's own colour across the plot.
    expect(svg).toMatch(/<path d="M[^"]*" fill="none"[^>]*stroke="#5070dd"/);
    expect(svg).toMatch(/<polygon [^>]*fill="rgb\(80,112,221\)" fill-opacity="0\.12"/);
  });
});
