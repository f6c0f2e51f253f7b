import { describe, expect, it } from 'vitest';
import {
  ALARM_COLOR,
  buildTimeSeriesOption,
  type ChartSeries,
  defaultDateRange,
  earliestDate,
  excelFileName,
  excelRows,
  formatChartTime,
  fromZoneWallClock,
  limitAxis,
  limitLines,
  logAxisMax,
  MARK_COLOR,
  nearestPoint,
  parseAxisRange,
  rangeInstants,
  requestWidth,
  STATUS_COLORS,
  seriesTimes,
  stackedPanels,
  statusColor,
  timeSeriesChartHeight,
  valueStatus,
  WARNING_COLOR,
  zoneWallClock,
} from './chart-logic.ts';

const T0 = Date.UTC(2026, 10, 1, 0, 0, 0);
const HOUR = 3_600_000;
const load: ChartSeries = {
  tag: 'oil_temp',
  name: 'Oil temperature',
  unit: '°C',
  warning: 80,
  alarm: 90,
  points: [
    [T0, 70],
    [T0 + HOUR, 85],
    [T0 + 2 * HOUR, 95],
  ],
};
const labels = {
  warning: 'Warning',
  alarm: 'Alarm',
  status: (s: number) => ['Normal', 'Warning', 'Alarm'][s] ?? 'Offline',
};

describe('valueStatus', () => {
  it('is 2 at or above alarm, 1 at or above warning, else 0 (spec 02 §4)', () => {
    expect(valueStatus(90, 80, 90)).toBe(2);
    expect(valueStatus(80, 80, 90)).toBe(1);
    expect(valueStatus(79.9, 80, 90)).toBe(0);
  });
  it('reads low limits the other way, and no value as offline', () => {
    expect(valueStatus(5, 20, 10, 'low')).toBe(2);
    expect(valueStatus(15, 20, 10, 'low')).toBe(1);
    expect(valueStatus(null, 20, 10)).toBe(-1);
    expect(valueStatus(100, null, null)).toBe(0);
  });
});

describe('colours and limit lines', () => {
  it('uses the spec colours', () => {
    expect(statusColor(1)).toBe('#FCA239');
    expect(statusColor(2)).toBe('#D9263B');
    expect(statusColor(7)).toBe(STATUS_COLORS[-1]);
  });
  it('draws only the limits a series has', () => {
    expect(limitLines(load)).toEqual([
      { kind: 'warning', value: 80, color: WARNING_COLOR },
      { kind: 'alarm', value: 90, color: ALARM_COLOR },
    ]);
    expect(limitLines({ warning: null, alarm: 3 })).toEqual([
      { kind: 'alarm', value: 3, color: ALARM_COLOR },
    ]);
  });
});

describe('parseAxisRange', () => {
  const times = seriesTimes([load]);
  it('turns point numbers, clamped to 1…n, into times; values into y limits', () => {
    expect(parseAxisRange({ xMin: '0', xMax: '99', yMin: '10', yMax: '100' }, times)).toEqual({
      xMin: T0,
      xMax: T0 + 2 * HOUR,
      yMin: 10,
      yMax: 100,
    });
  });
  it('leaves an axis automatic for empty, invalid or reversed text', () => {
    expect(parseAxisRange({ xMin: '', xMax: 'abc', yMin: '5', yMax: '1' }, times)).toEqual({});
    expect(parseAxisRange({ xMin: '2', xMax: '', yMin: '', yMax: '7' }, times)).toEqual({
      xMin: T0 + HOUR,
      yMax: 7,
    });
    expect(parseAxisRange({ xMin: '1', xMax: '2', yMin: '', yMax: '' }, [])).toEqual({});
  });
});

describe('date ranges in the company zone', () => {
  const now = new Date('2026-11-23T20:00:00Z'); // 24 Nov 03:00 in Bangkok
  it('defaults to the last 30 days of the company calendar', () => {
    expect(defaultDateRange(now, 'Asia/Bangkok')).toEqual({ from: '2026-10-26', to: '2026-11-24' });
    expect(defaultDateRange(now, 'Europe/London')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
  });
  it('sends whole days from midnight in the zone, not a fixed offset', () => {
    expect(rangeInstants({ from: '2026-11-01', to: '2026-11-02' }, 'Asia/Bangkok')).toEqual({
      from: '2026-10-31T17:00:00.000Z',
      to: '2026-11-02T16:59:59.999Z',
    });
    // London moves from summer time in between: each end has its own offset.
    expect(rangeInstants({ from: '2026-10-01', to: '2026-11-01' }, 'Europe/London')).toEqual({
      from: '2026-09-30T23:00:00.000Z',
      to: '2026-11-01T23:59:59.999Z',
    });
  });
  it('refuses reversed or malformed ranges', () => {
    expect(rangeInstants({ from: '2026-11-02', to: '2026-11-01' }, 'Asia/Bangkok')).toBeUndefined();
    expect(rangeInstants({ from: '02/11/2026', to: '2026-11-03' }, 'Asia/Bangkok')).toBeUndefined();
  });
  it('limits Last 6 months to six months back', () => {
    expect(earliestDate('normal', now, 'Asia/Bangkok')).toBe('2026-05-24');
    expect(earliestDate('yearly', now, 'Asia/Bangkok')).toBeUndefined();
  });
  it('labels times in the zone', () => {
    expect(formatChartTime(T0, 'Asia/Bangkok')).toBe('01/11/2026 07:00');
  });
});

describe('zone wall clock', () => {
  it("draws instants at the company's wall-clock time, so UTC ticks fall on its midnights and hours", () => {
    const bangkok = zoneWallClock('Asia/Bangkok');
    // Midnight in Bangkok is 17:00 UTC the day before; drawn, it is a UTC midnight (where ECharts puts a daily tick).
    const midnight = Date.parse('2026-10-31T17:00:00Z');
    expect(bangkok(midnight)).toBe(Date.parse('2026-11-01T00:00:00Z'));
    expect(bangkok(midnight) % 86_400_000).toBe(0);
    expect(fromZoneWallClock(bangkok(midnight), 'Asia/Bangkok')).toBe(midnight);
    // Half-hour zones: Kolkata's whole hours are drawn on whole hours too.
    const kolkata = zoneWallClock('Asia/Kolkata');
    expect(kolkata(Date.parse('2026-11-01T04:30:00Z')) % 3_600_000).toBe(0);
    // Across a daylight-saving change each side keeps its own offset (Berlin: +2 before, +1 after 2026-10-25 01:00Z).
    const berlin = zoneWallClock('Europe/Berlin');
    expect(berlin(Date.parse('2026-10-24T22:00:00Z'))).toBe(Date.parse('2026-10-25T00:00:00Z'));
    expect(berlin(Date.parse('2026-10-25T23:00:00Z'))).toBe(Date.parse('2026-10-26T00:00:00Z'));
    expect(fromZoneWallClock(Date.parse('2026-10-26T00:00:00Z'), 'Europe/Berlin')).toBe(
      Date.parse('2026-10-25T23:00:00Z'),
    );
  });
  it('tells ECharts the axis is UTC and shifts the data and the typed x range alike', () => {
    const at = Date.parse('2026-11-01T00:00:00Z');
    const shifted = buildTimeSeriesOption([{ ...load, points: [[at, 1] as const] }], {
      timeZone: 'Asia/Bangkok',
      labels,
      range: { xMin: at, xMax: at + HOUR },
    }) as { useUTC: boolean; series: { data: [number, number][] }[]; xAxis: { min: number; max: number } };
    expect(shifted.useUTC).toBe(true);
    expect(shifted.series[0]?.data[0]).toEqual([at + 7 * HOUR, 1]);
    expect([shifted.xAxis.min, shifted.xAxis.max]).toEqual([at + 7 * HOUR, at + 8 * HOUR]);
  });
});

describe('buildTimeSeriesOption', () => {
  it('stretches the y axis to the warning and alarm lines unless bounds are typed', () => {
    const low = {
      ...load,
      warning: 3,
      alarm: 5,
      points: [[T0, 0.0038] as const, [T0 + 60_000, 2.03] as const],
    };
    // Alarm 5 above data up to 2.03: the top reaches past 5 to a round step (0.5), the bottom stays automatic.
    expect(limitAxis([low], [3, 5], {})).toEqual({ min: undefined, max: 5.5 });
    expect(limitAxis([low], [3, 5], { yMax: 2 })).toEqual({ min: undefined, max: 2 });
    // Limits inside the data: nothing forced.
    expect(limitAxis([{ ...low, points: [[T0, 1] as const, [T0, 9] as const] }], [3, 5], {})).toEqual({
      min: undefined,
      max: undefined,
    });
  });
  const option = buildTimeSeriesOption([load], { timeZone: 'Asia/Bangkok', labels }) as {
    series: { data: unknown[]; markLine: { data: { yAxis: number; lineStyle: { color: string } }[] } }[];
    xAxis: { axisLabel: { formatter: (v: number) => string } };
    tooltip: { formatter: (p: unknown) => string };
    dataZoom: unknown[];
  };
  it('has the data, the two mark lines and zoom', () => {
    expect(option.series[0]?.data).toHaveLength(3);
    expect(option.series[0]?.markLine.data.map((line) => [line.yAxis, line.lineStyle.color])).toEqual([
      [80, WARNING_COLOR],
      [90, ALARM_COLOR],
    ]);
    expect(option.dataZoom).toHaveLength(2);
  });
  it('labels the axis and the tooltip in the company zone with value, unit and status', () => {
    const wall = zoneWallClock('Asia/Bangkok');
    expect(option.xAxis.axisLabel.formatter(wall(T0))).toBe('01/11 07:00');
    const tip = option.tooltip.formatter([{ seriesIndex: 0, value: [wall(T0 + HOUR), 85] }]);
    expect(tip).toContain('01/11/2026 08:00:00');
    expect(tip).toContain('Oil temperature: 85 &#176;C'.replace('&#176;', '°'));
    expect(tip).toContain('(Warning)');
    expect(tip).toContain(WARNING_COLOR);
  });
  it("names a point's own status in the tooltip when the series gives one (a remaining life with weeks left, issue 26 item 8)", () => {
    const wall = zoneWallClock('Asia/Bangkok');
    const life: ChartSeries = {
      tag: 'dc_link_capacitor',
      name: 'DC-link capacitor',
      unit: '%',
      warning: 20,
      alarm: 10,
      direction: 'low',
      statuses: [0, 2],
      points: [
        [T0, 30],
        [T0 + HOUR, 25],
      ],
    };
    const built = buildTimeSeriesOption([life], { timeZone: 'Asia/Bangkok', labels }) as typeof option;
    const tip = built.tooltip.formatter([{ seriesIndex: 0, dataIndex: 1, value: [wall(T0 + HOUR), 25] }]);
    expect(tip).toContain('(Alarm)');
    expect(tip).toContain(ALARM_COLOR);
    const first = built.tooltip.formatter([{ seriesIndex: 0, dataIndex: 0, value: [wall(T0), 30] }]);
    expect(first).toContain('(Normal)');
  });
});

describe('axes say what they show (issue 27 item 1)', () => {
  type Axis = { name: string; type: string; max?: number; position: string; offset: number };
  type Line = {
    yAxis: number;
    label: { show: boolean; formatter: string };
    emphasis: { label: { show: boolean } };
  };
  type Drawn = {
    yAxis: Axis | Axis[];
    grid: { left: number; right: number };
    legend: { formatter: (name: string) => string };
    series: { yAxisIndex: number; data: [number, number | null][]; markLine: { data: Line[] } }[];
  };
  const quantity = (key: string) =>
    ({ current: 'Current', voltage: 'Voltage', percent: 'Percent' })[key] ?? key;
  const phase = (letter: string, offset: number): ChartSeries => ({
    tag: `load_current_${letter}`,
    name: `Load current phase ${letter.toUpperCase()}`,
    unit: 'A',
    warning: 276,
    alarm: 301,
    points: [[T0, 200 + offset] as const],
  });

  it('titles a lone axis with the quantity and unit, and the legend with the unit', () => {
    const drawn = buildTimeSeriesOption([load], { timeZone: 'UTC', labels }) as unknown as Drawn;
    expect((drawn.yAxis as Axis).name).toBe('Oil temperature [°C]');
    expect(drawn.legend.formatter('Oil temperature')).toBe('Oil temperature [°C]');
    const phases = buildTimeSeriesOption([phase('a', 0), phase('b', 5)], {
      timeZone: 'UTC',
      labels: { ...labels, quantity },
    }) as unknown as Drawn;
    expect((phases.yAxis as Axis).name).toBe('Current [A]');
  });

  it('gives every unit its own axis, alternating sides, and puts each series on the axis of its unit', () => {
    const volts: ChartSeries = {
      ...load,
      tag: 'dc_bus',
      name: 'DC bus voltage',
      unit: 'V',
      warning: null,
      alarm: null,
    };
    const percent: ChartSeries = { ...volts, tag: 'load', name: 'Load', unit: '%' };
    const drawn = buildTimeSeriesOption([volts, load, phase('a', 0), percent, phase('b', 1)], {
      timeZone: 'UTC',
      labels: { ...labels, quantity },
    }) as unknown as Drawn;
    const axes = drawn.yAxis as Axis[];
    expect(axes.map((axis) => axis.name)).toEqual([
      'DC bus voltage [V]',
      'Oil temperature [°C]',
      'Current [A]',
      'Load [%]',
    ]);
    expect(axes.map((axis) => [axis.position, axis.offset])).toEqual([
      ['left', 0],
      ['right', 0],
      ['left', 64],
      ['right', 64],
    ]);
    expect(drawn.series.map((one) => one.yAxisIndex)).toEqual([0, 1, 2, 3, 2]);
    // The outer axes get room of their own.
    expect(drawn.grid.left).toBeGreaterThan(60 + 60);
  });

  it('draws three or more units on a narrow chart as small multiples, one titled panel a unit', () => {
    const volts: ChartSeries = {
      ...load,
      tag: 'dc_bus',
      name: 'DC bus voltage',
      unit: 'V',
      warning: null,
      alarm: null,
    };
    const percent: ChartSeries = { ...volts, tag: 'load', name: 'Load', unit: '%' };
    const all = [volts, load, phase('a', 0), percent];
    expect(stackedPanels(all, 1200)).toBe(0);
    expect(stackedPanels(all.slice(0, 2), 350)).toBe(0);
    expect(stackedPanels(all, 350)).toBe(4);
    expect(timeSeriesChartHeight(0)).toBe(450);
    expect(timeSeriesChartHeight(4)).toBeGreaterThan(450);
    const drawn = buildTimeSeriesOption(all, {
      timeZone: 'UTC',
      labels: { ...labels, quantity },
      widthPx: 350,
    }) as unknown as Omit<Drawn, 'series' | 'grid' | 'yAxis'> & {
      grid: { top: number; height: number }[];
      xAxis: { gridIndex: number; axisLabel: { show: boolean } }[];
      yAxis: (Axis & { gridIndex: number })[];
      series: { xAxisIndex: number; yAxisIndex: number }[];
      dataZoom: { xAxisIndex: number[] }[];
    };
    expect(drawn.grid).toHaveLength(4);
    // Panels do not overlap.
    for (let i = 1; i < 4; i++)
      expect(drawn.grid[i]?.top).toBeGreaterThan(
        (drawn.grid[i - 1]?.top ?? 0) + (drawn.grid[i - 1]?.height ?? 0),
      );
    expect(drawn.yAxis.map((axis) => [axis.gridIndex, axis.name])).toEqual([
      [0, 'DC bus voltage [V]'],
      [1, 'Oil temperature [°C]'],
      [2, 'Load current phase A [A]'],
      [3, 'Load [%]'],
    ]);
    expect(drawn.series.map((one) => [one.xAxisIndex, one.yAxisIndex])).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    // Time labels under the last panel only; zoom moves every panel.
    expect(drawn.xAxis.map((axis) => axis.axisLabel.show)).toEqual([false, false, false, true]);
    expect(drawn.dataZoom.every((zoom) => zoom.xAxisIndex.length === 4)).toBe(true);
  });

  it('draws a limit shared by several series once, and labels only lines that do not overlap', () => {
    const drawn = buildTimeSeriesOption([phase('a', 0), phase('b', 1), phase('c', 2)], {
      timeZone: 'UTC',
      labels,
    }) as unknown as Drawn;
    const lines = drawn.series.flatMap((one) => one.markLine.data);
    expect(lines.map((line) => line.yAxis).sort()).toEqual([276, 301]);
    expect(lines.every((line) => line.label.show)).toBe(true);
    // Twelve limits close together (the MCA diagnostic chart): the labels that would overlap show on hover only.
    const crowded = Array.from(
      { length: 6 },
      (_, i): ChartSeries => ({
        ...load,
        tag: `d${i}`,
        name: `D${i}`,
        warning: 80 + i * 0.2,
        alarm: 90 + i * 0.2,
        points: [[T0, 0] as const, [T0 + HOUR, 100] as const],
      }),
    );
    const many = (
      buildTimeSeriesOption(crowded, { timeZone: 'UTC', labels }) as unknown as Drawn
    ).series.flatMap((one) => one.markLine.data);
    expect(many).toHaveLength(12);
    const shown = many.filter((line) => line.label.show);
    expect(shown.map((line) => line.label.formatter).sort()).toEqual(['Alarm 90', 'Warning 80']);
    expect(many.every((line) => line.emphasis.label.show)).toBe(true);
  });

  it('offers a logarithmic axis reaching 10,000, with values of 0 or less left out', () => {
    expect(logAxisMax([5, 900])).toBe(10_000);
    expect(logAxisMax([25_000])).toBe(100_000);
    const drawn = buildTimeSeriesOption(
      [{ ...load, points: [[T0, 0] as const, [T0 + HOUR, 120] as const] }],
      {
        timeZone: 'UTC',
        labels,
        logScale: true,
      },
    ) as unknown as Drawn;
    expect((drawn.yAxis as Axis).type).toBe('log');
    expect((drawn.yAxis as Axis).max).toBe(10_000);
    expect(drawn.series[0]?.data.map(([, v]) => v)).toEqual([null, 120]);
  });
});

describe('marks and clicks', () => {
  it('pins each mark on its series at its wall-clock time and value, its label the tooltip', () => {
    const second: ChartSeries = { ...load, tag: 'winding', name: 'Winding' };
    const marked = buildTimeSeriesOption([load, second], {
      timeZone: 'Asia/Bangkok',
      labels,
      marks: [{ id: 'n1', seriesIndex: 1, time: T0 + HOUR, value: 85, label: 'Fan <off>' }],
    }) as unknown as {
      series: {
        markPoint: {
          itemStyle: { color: string };
          data: { id: string; coord: number[] }[];
          tooltip: { formatter: (p: { name: string }) => string };
        };
      }[];
    };
    expect(marked.series[0]?.markPoint.data).toEqual([]);
    const pin = marked.series[1]?.markPoint;
    expect(pin?.itemStyle.color).toBe(MARK_COLOR);
    expect(pin?.data.map((one) => one.id)).toEqual(['n1']);
    expect(pin?.data[0]?.coord).toEqual([zoneWallClock('Asia/Bangkok')(T0 + HOUR), 85]);
    expect(pin?.tooltip.formatter({ name: 'Fan <off>' })).toBe('Fan &#60;off&#62;');
  });

  it('finds the point nearest a click in the plot area, across series', () => {
    const low: ChartSeries = { ...load, tag: 'low', points: [[T0 + HOUR, 10]] };
    expect(nearestPoint([load, low], T0 + HOUR + 60_000, 84)).toEqual({
      seriesIndex: 0,
      time: T0 + HOUR,
      value: 85,
    });
    expect(nearestPoint([load, low], T0 + HOUR, 12)).toEqual({ seriesIndex: 1, time: T0 + HOUR, value: 10 });
    expect(nearestPoint([], T0, 1)).toBeUndefined();
  });
});

describe('Excel export', () => {
  it('exports the points shown with time in the zone, unit, limits and status', () => {
    expect(excelRows([load], { xMin: T0 + HOUR }, 'Asia/Bangkok')).toEqual([
      ['2026-11-01 08:00:00', 'Oil temperature', 85, '°C', 80, 90, 1],
      ['2026-11-01 09:00:00', 'Oil temperature', 95, '°C', 80, 90, 2],
    ]);
  });
  it('exports a series that is judged by more than its limit lines with its own point statuses (issue 26 item 8)', () => {
    // A remaining life of 25 % is above the 20 % warning line, but with 40 days left its card says warning.
    const life: ChartSeries = {
      tag: 'dc_link_capacitor',
      name: 'DC-link capacitor',
      unit: '%',
      warning: 20,
      alarm: 10,
      direction: 'low',
      statuses: [0, 1],
      points: [
        [T0, 30],
        [T0 + HOUR, 25],
      ],
    };
    expect(excelRows([life], {}, 'Asia/Bangkok').map((row) => [row[2], row[6]])).toEqual([
      [30, 0],
      [25, 1],
    ]);
    expect(excelRows([life], { xMin: T0 + HOUR }, 'Asia/Bangkok').map((row) => row[6])).toEqual([1]);
  });
  it('names files as spec 02 §9 says', () => {
    expect(excelFileName({ kind: 'health_monitoring', modelCode: 'TR-0001' })).toBe(
      'TR_TR-0001__HEALTH_MONITORING.xlsx',
    );
    expect(excelFileName({ kind: 'losses', modelCode: 'tx1' })).toBe('TR_TX1_LOSSES.xlsx');
    expect(excelFileName({ kind: 'correlation', modelCode: 'tx1' })).toBe('TR_TX1_CORRELATION.xlsx');
    expect(excelFileName({ kind: 'current_spectrum', modelCode: 'M 7' })).toBe(
      'MCA_M_7__CURRENT_SPECTRUM.xlsx',
    );
    expect(excelFileName({ kind: 'tab', modelCode: 'evs 01', tab: 'Trend' })).toBe('EVS_01_TREND.xlsx');
  });
});

describe('requestWidth', () => {
  it('asks for one column per pixel of the plot area within what the API takes', () => {
    expect(requestWidth(912.6)).toBe(788);
    expect(requestWidth(0)).toBe(10);
    expect(requestWidth(50_000)).toBe(10_000);
  });
});
