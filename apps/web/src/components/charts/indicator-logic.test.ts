import { describe, expect, it } from 'vitest';
import { ALARM_COLOR, STATUS_COLORS, WARNING_COLOR } from './chart-logic.ts';
import {
  buildGaugeOption,
  buildLimitBarOption,
  buildPrpdOption,
  formatQuantity,
  groupStatus,
  type Indicator,
  limitBands,
  niceCeil,
  quantityText,
  scaleMax,
  scaleShare,
} from './indicator-logic.ts';

const labels = { warning: 'Warning', alarm: 'Alarm', status: (s: number) => `S${s}` };
const load: Indicator = { name: 'Load', value: 64, unit: '%', warning: 100, alarm: 120, status: 0 };

describe('gauge and bar scale (spec 02 §4)', () => {
  it('is 1.2 × the alarm, and caps values above it there', () => {
    expect(scaleMax(load)).toBeCloseTo(144, 9);
    expect(scaleMax({ ...load, unit: 'VA', warning: 5e7, alarm: 6e7 })).toBeCloseTo(7.2e7, 3);
    expect(scaleShare(72, 144)).toBe(0.5);
    expect(scaleShare(200, 144)).toBe(1);
    expect(scaleShare(-3, 144)).toBe(0);
    expect(scaleShare(null, 144)).toBe(0);
  });

  it('reads a falling % tag (oil level) on 0–100 and falls back to the warning or the value without an alarm', () => {
    expect(scaleMax({ ...load, unit: '%', warning: 30, alarm: 20, direction: 'low' })).toBe(100);
    expect(scaleMax({ ...load, unit: 'bar', warning: 3, alarm: 2, direction: 'low' })).toBeCloseTo(3.6, 9);
    expect(scaleMax({ ...load, alarm: null, warning: 50 })).toBeCloseTo(60, 9);
    expect(scaleMax({ ...load, alarm: null, warning: null, value: 10 })).toBeCloseTo(12, 9);
    expect(scaleMax({ ...load, alarm: null, warning: null, value: null })).toBe(1);
  });

  it('bands green to the warning, amber to the alarm, red above; mirrored for a falling tag', () => {
    expect(limitBands(load, 144)).toEqual([
      [100 / 144, STATUS_COLORS[0]],
      [120 / 144, WARNING_COLOR],
      [1, ALARM_COLOR],
    ]);
    expect(limitBands({ warning: 30, alarm: 20, direction: 'low' }, 100)).toEqual([
      [0.2, ALARM_COLOR],
      [0.3, WARNING_COLOR],
      [1, STATUS_COLORS[0]],
    ]);
  });
});

describe('values as panels show them', () => {
  it('keeps three significant figures, prefixes power units and shows ℃, a dash without a value', () => {
    expect(formatQuantity(32_100_000, 'VA')).toEqual({ text: '32.1', unit: 'MVA' });
    expect(quantityText(251.4, 'A')).toBe('251 A');
    expect(quantityText(0.384, '%')).toBe('0.38 %');
    expect(quantityText(71.26, '°C')).toBe('71.3 ℃');
    expect(quantityText(22155, 'count')).toBe('22,155 count');
    expect(quantityText(null, 'A')).toBe('–');
    expect(quantityText(12, 'A', -1)).toBe('–');
  });

  it('ends axes on round numbers', () => {
    expect([374.6, 160, 100, 0.42, 7].map(niceCeil)).toEqual([400, 200, 100, 0.5, 8]);
  });

  it('takes the worst status of a group, offline when none has data', () => {
    expect(groupStatus([0, 2, 1])).toBe(2);
    expect(groupStatus([-1, 0])).toBe(0);
    expect(groupStatus([-1, -2])).toBe(-1);
    expect(groupStatus([])).toBe(-1);
  });
});

describe('ECharts options', () => {
  it('gauge: pointers for value (status colour), warning and alarm on 0 … 1.2 × alarm', () => {
    const option = buildGaugeOption({ ...load, value: 110, status: 1 }, labels) as {
      series: { max: number; data: { name: string; value: number; itemStyle: { color: string } }[] }[];
    };
    const [gauge] = option.series;
    expect(gauge?.max).toBeCloseTo(144, 9);
    expect(gauge?.data.map((d) => [d.name, d.value, d.itemStyle.color])).toEqual([
      ['Warning', 100, WARNING_COLOR],
      ['Alarm', 120, ALARM_COLOR],
      ['Load', 110, WARNING_COLOR],
    ]);
    const capped = buildGaugeOption({ ...load, value: 300, status: 2 }, labels) as typeof option;
    expect(capped.series[0]?.data.at(-1)?.value).toBeCloseTo(144, 9);
  });

  it('bars: each row on its own scale, status colours, markers at the limits, values with units on the right', () => {
    const items: Indicator[] = [
      { name: 'Load current A', value: 150.5, unit: 'A', warning: 276, alarm: 301, status: 0 },
      { name: 'HV voltage', value: 130, unit: 'kV', warning: 121, alarm: 126.5, status: 2 },
      { name: 'Fan', value: null, unit: 'A', warning: 9, alarm: 11, status: -1 },
    ];
    const option = buildLimitBarOption(items, labels) as {
      yAxis: { data: string[] }[];
      series: {
        data: ({ value: number | number[]; itemStyle?: { color: string } } & Record<string, unknown>)[];
      }[];
    };
    expect(option.yAxis[1]?.data).toEqual(['151 A', '130 kV', '–']);
    const bars = option.series[0]!.data;
    expect(bars[0]?.value).toBeCloseTo((100 * 150.5) / (1.2 * 301), 9);
    expect(bars[1]?.value).toBeCloseTo((100 * 130) / (1.2 * 126.5), 9);
    expect(bars.map((b) => b.itemStyle?.color)).toEqual([STATUS_COLORS[0], ALARM_COLOR, STATUS_COLORS[-1]]);
    expect(bars[2]?.value).toBe(0);
    const warnings = option.series[1]!.data.map((d) => d.value as number[]);
    expect(warnings[0]?.[0]).toBeCloseTo((100 * 276) / (1.2 * 301), 9);
    expect(warnings.map((w) => w[1])).toEqual([0, 1, 2]);
    expect(option.series[2]!.data).toHaveLength(3);
  });

  it('PRPD: cells on 0–360° × 0 … peak, coloured by count up to the largest', () => {
    const option = buildPrpdOption(
      [
        [47.5, 12.3, 4],
        [227.5, 80.1, 9],
      ],
      {
        maxCount: 9,
        chargeMax: 160,
        unit: 'pC',
        labels: { phase: 'P', charge: 'Q', count: 'N', reference: 'R' },
      },
    ) as {
      xAxis: { min: number; max: number };
      yAxis: { max: number }[];
      visualMap: { max: number; dimension: number };
      series: { data: unknown[] }[];
    };
    expect([option.xAxis.min, option.xAxis.max]).toEqual([0, 360]);
    // The charge axis ends on a round number above the largest pulse (160 → 200).
    expect(option.yAxis[0]?.max).toBe(200);
    expect(option.visualMap).toMatchObject({ max: 9, dimension: 2 });
    expect(option.series[0]?.data).toEqual([
      [47.5, 12.3, 4],
      [227.5, 80.1, 9],
    ]);
    expect(option.series[1]?.data).toHaveLength(73);
  });
});
