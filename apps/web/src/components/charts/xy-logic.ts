import { formatChartTime } from './chart-logic.ts';

/**
 * The pure half of the kit's x–y chart (a value against another value, no time axis): V–I locus ellipses and
 * captures, tag A against tag B. A point may carry its time (epoch ms) as a third element for the tooltip.
 */

export interface XySeries {
  name: string;
  kind: 'line' | 'scatter';
  color: string;
  points: readonly (readonly [number, number] | readonly [number, number, number])[];
  /** Dashed (a reference or a fitted baseline). */
  dashed?: boolean;
}

export interface XyAxis {
  name: string;
  unit: string;
}

function formatNumber(value: number): string {
  const abs = Math.abs(value);
  return abs !== 0 && (abs < 0.01 || abs >= 1e6) ? value.toExponential(3) : value.toFixed(abs < 10 ? 3 : 2);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const withUnit = (axis: XyAxis) => (axis.unit ? `${axis.name} (${axis.unit})` : axis.name);

/** The tooltip of one point: series, time in the company's zone when known, then both values with units. */
export function xyTooltip(
  series: Pick<XySeries, 'name'>,
  value: readonly number[],
  x: XyAxis,
  y: XyAxis,
  timeZone: string,
): string {
  const [vx = Number.NaN, vy = Number.NaN, t] = value;
  return [
    `<b>${escapeHtml(series.name)}</b>`,
    ...(t === undefined ? [] : [escapeHtml(formatChartTime(t, timeZone, 'DD/MM/YYYY HH:mm'))]),
    `${escapeHtml(x.name)}: ${formatNumber(vx)} ${escapeHtml(x.unit)}`,
    `${escapeHtml(y.name)}: ${formatNumber(vy)} ${escapeHtml(y.unit)}`,
  ].join('<br/>');
}

/**
 * The ECharts option: value axes named with their units, one line or scatter per series, zoom inside (wheel and
 * drag on both axes). `slider` adds a zoom slider under the x axis, for long signals such as a capture's time
 * domain, where one wants to pick a few cycles out of many.
 */
export function buildXyOption(
  series: readonly XySeries[],
  {
    x,
    y,
    timeZone,
    range = {},
    slider = false,
  }: {
    x: XyAxis;
    y: XyAxis;
    timeZone: string;
    range?: { xMin?: number; xMax?: number; yMin?: number; yMax?: number };
    slider?: boolean;
  },
): Record<string, unknown> {
  return {
    animation: false,
    grid: { left: 70, right: 40, top: 40, bottom: slider ? 95 : 60 },
    legend: { type: 'scroll', top: 0 },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: unknown) => {
        const item = params as { seriesIndex: number; value: number[] };
        const one = series[item.seriesIndex];
        return one ? xyTooltip(one, item.value, x, y, timeZone) : '';
      },
    },
    xAxis: {
      type: 'value',
      name: withUnit(x),
      nameLocation: 'middle',
      nameGap: 30,
      scale: true,
      min: range.xMin,
      max: range.xMax,
    },
    yAxis: {
      type: 'value',
      name: withUnit(y),
      nameLocation: 'middle',
      nameGap: 50,
      scale: true,
      min: range.yMin,
      max: range.yMax,
    },
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      { type: 'inside', yAxisIndex: 0, filterMode: 'none' },
      ...(slider ? [{ type: 'slider', xAxisIndex: 0, filterMode: 'none', bottom: 10, height: 22 }] : []),
    ],
    series: series.map((one) =>
      one.kind === 'line'
        ? {
            type: 'line',
            name: one.name,
            showSymbol: false,
            color: one.color,
            lineStyle: { color: one.color, width: 2, type: one.dashed ? 'dashed' : 'solid' },
            data: one.points.map((p) => [...p]),
          }
        : {
            type: 'scatter',
            name: one.name,
            color: one.color,
            symbolSize: 5,
            large: one.points.length > 2000,
            itemStyle: { color: one.color, opacity: 0.7 },
            data: one.points.map((p) => [...p]),
          },
    ),
  };
}
