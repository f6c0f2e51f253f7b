import { formatChartTime } from './chart-logic.ts';

/**
 * The pure half of the Duval Triangle 1 chart: zone polygons, 20 % grid lines, the history of samples and a
 * calculated point, in the plot coordinates of the server's `dga-detail` (triangle of side 1: C2H2 corner (0, 0),
 * C2H4 corner (1, 0), CH4 corner (0.5, √3/2)).
 */

export const TRIANGLE_HEIGHT = Math.sqrt(3) / 2;

/** Zone fills: thermal zones warm (T1 pale to T3 deep), discharges cool, PD violet, DT green. */
export const DUVAL_ZONE_COLORS: Readonly<Record<string, string>> = {
  PD: '#B39DDB',
  T1: '#FFF59D',
  T2: '#FFCC80',
  T3: '#EF9A9A',
  D1: '#90CAF9',
  D2: '#4FC3F7',
  DT: '#C5E1A5',
};

export interface DuvalZoneShape {
  zone: string;
  description: string;
  polygon: readonly { x: number; y: number }[];
}

/** A sample placed in the triangle: plot point, relative % of the three gases, its zone and time (epoch ms). */
export interface DuvalPoint {
  time: number | null;
  x: number;
  y: number;
  ch4: number;
  c2h4: number;
  c2h2: number;
  zone: string | null;
}

export interface DuvalLabels {
  history: string;
  latest: string;
  calculated: string;
  zone: string;
  noZone: string;
}

/** The plot point of relative shares (any scale): x = C2H4 + CH4 / 2, y = CH4 · √3/2 over the total. */
export function duvalPoint(ch4: number, c2h4: number, c2h2: number): { x: number; y: number } {
  const total = ch4 + c2h4 + c2h2;
  if (!(total > 0)) return { x: 0, y: 0 };
  return { x: (c2h4 + ch4 / 2) / total, y: ((ch4 / total) * Math.sqrt(3)) / 2 };
}

/** Lines of constant CH4, C2H4 and C2H2 at 20, 40, 60 and 80 %: [x1, y1, x2, y2] each. */
export function duvalGridLines(): [number, number, number, number][] {
  const lines: [number, number, number, number][] = [];
  for (const share of [0.2, 0.4, 0.6, 0.8]) {
    const a = duvalPoint(share, 1 - share, 0);
    const b = duvalPoint(share, 0, 1 - share);
    const c = duvalPoint(0, share, 1 - share);
    const d = duvalPoint(1 - share, share, 0);
    const e = duvalPoint(0, 1 - share, share);
    const f = duvalPoint(1 - share, 0, share);
    lines.push([a.x, a.y, b.x, b.y], [c.x, c.y, d.x, d.y], [e.x, e.y, f.x, f.y]);
  }
  return lines;
}

/** Where a polygon's label goes: the mean of its corners (the zones are convex enough for it). */
export function polygonCentre(polygon: readonly { x: number; y: number }[]): { x: number; y: number } {
  const n = polygon.length || 1;
  return {
    x: polygon.reduce((sum, p) => sum + p.x, 0) / n,
    y: polygon.reduce((sum, p) => sum + p.y, 0) / n,
  };
}

/** A square-looking plot: the grid box (px) holding the triangle centred in a box of this width and height. */
export function duvalGrid(width: number, height: number) {
  // On a phone the legend takes two lines.
  const top = width < 520 ? 64 : 36;
  const bottom = 40;
  const side = Math.max(100, Math.min(width - 80, (height - top - bottom) / TRIANGLE_HEIGHT));
  return { left: Math.max(0, (width - side) / 2), top, width: side, height: side * TRIANGLE_HEIGHT };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const percent = (value: number) => `${value.toFixed(1)} %`;

/** The chart height that fits the triangle at a width: at most the chart height of spec 02 §9 (450). */
export function duvalChartHeight(width: number): number {
  if (width <= 0) return 450;
  return Math.min(450, Math.round((width - 80) * TRIANGLE_HEIGHT + (width < 520 ? 64 : 36) + 40));
}

/** The tooltip of a sample: its date in the company's zone, the three shares and the zone. */
export function duvalTooltip(
  point: DuvalPoint,
  timeZone: string,
  labels: DuvalLabels,
  title: string,
): string {
  return [
    `<b>${escapeHtml(title)}</b>`,
    ...(point.time === null ? [] : [escapeHtml(formatChartTime(point.time, timeZone, 'DD/MM/YYYY HH:mm'))]),
    `CH4 ${percent(point.ch4)} · C2H4 ${percent(point.c2h4)} · C2H2 ${percent(point.c2h2)}`,
    `${escapeHtml(labels.zone)}: ${escapeHtml(point.zone ?? labels.noZone)}`,
  ].join('<br/>');
}

/**
 * The ECharts option of Duval Triangle 1: coloured zone polygons with their names, the 20 % grid, the corner
 * names, every sample of the history (oldest pale, in time order), the latest sample highlighted and, when given,
 * the point of the manual calculator.
 */
export function buildDuvalOption(
  zones: readonly DuvalZoneShape[],
  history: readonly DuvalPoint[],
  calculated: DuvalPoint | null,
  {
    timeZone,
    labels,
    width,
    height,
  }: { timeZone: string; labels: DuvalLabels; width: number; height: number },
): Record<string, unknown> {
  const sorted = [...history].sort((a, b) => (a.time ?? 0) - (b.time ?? 0));
  const latest = sorted.at(-1);
  const earlier = sorted.slice(0, -1);
  const point = (p: DuvalPoint) => ({ value: [p.x, p.y], sample: p });
  const corners = [
    { value: [0.5, TRIANGLE_HEIGHT], label: { formatter: '% CH4', position: 'top' } },
    { value: [0, 0], label: { formatter: '% C2H2', position: 'bottom' } },
    { value: [1, 0], label: { formatter: '% C2H4', position: 'bottom' } },
  ];
  const tooltipOf = (title: string) => (params: unknown) => {
    const sample = (params as { data?: { sample?: DuvalPoint } }).data?.sample;
    return sample ? duvalTooltip(sample, timeZone, labels, title) : '';
  };
  return {
    animation: false,
    grid: duvalGrid(width, height),
    xAxis: { type: 'value', min: 0, max: 1, show: false },
    yAxis: { type: 'value', min: 0, max: TRIANGLE_HEIGHT, show: false },
    legend: { top: 0, data: [labels.history, labels.latest, labels.calculated] },
    tooltip: { trigger: 'item', confine: true },
    // Wheel and pinch zoom on both axes: a season of samples crowds along one edge of a zone.
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      { type: 'inside', yAxisIndex: 0, filterMode: 'none' },
    ],
    series: [
      {
        type: 'custom',
        name: 'zones',
        silent: true,
        z: 1,
        data: zones.map((_, index) => index),
        renderItem: (
          _params: unknown,
          api: { value: (dim: number) => number; coord: (p: [number, number]) => [number, number] },
        ) => {
          const zone = zones[api.value(0)];
          if (!zone) return null;
          const centre = api.coord([polygonCentre(zone.polygon).x, polygonCentre(zone.polygon).y]);
          return {
            type: 'group',
            children: [
              {
                type: 'polygon',
                shape: { points: zone.polygon.map((p) => api.coord([p.x, p.y])) },
                style: { fill: DUVAL_ZONE_COLORS[zone.zone] ?? '#E0E0E0', stroke: '#455A64', lineWidth: 1 },
              },
              {
                type: 'text',
                x: centre[0],
                y: centre[1],
                style: {
                  text: zone.zone,
                  fill: '#263238',
                  font: 'bold 12px sans-serif',
                  align: 'center',
                  verticalAlign: 'middle',
                },
              },
            ],
          };
        },
      },
      {
        type: 'custom',
        name: 'grid',
        silent: true,
        z: 2,
        data: duvalGridLines(),
        renderItem: (
          _params: unknown,
          api: { value: (dim: number) => number; coord: (p: [number, number]) => [number, number] },
        ) => {
          const [x1, y1] = api.coord([api.value(0), api.value(1)]);
          const [x2, y2] = api.coord([api.value(2), api.value(3)]);
          return {
            type: 'line',
            shape: { x1, y1, x2, y2 },
            style: { stroke: 'rgba(38,50,56,0.25)', lineWidth: 1, lineDash: [4, 4] },
          };
        },
      },
      {
        type: 'scatter',
        name: 'corners',
        silent: true,
        symbolSize: 0,
        z: 3,
        data: corners,
        label: { show: true, color: '#263238', fontWeight: 'bold' },
      },
      {
        type: 'scatter',
        name: labels.history,
        z: 4,
        symbolSize: 7,
        itemStyle: { color: '#37474F', opacity: 0.75, borderColor: '#fff', borderWidth: 1 },
        tooltip: { formatter: tooltipOf(labels.history) },
        data: earlier.map(point),
      },
      {
        type: 'scatter',
        name: labels.latest,
        z: 5,
        symbol: 'diamond',
        symbolSize: 16,
        itemStyle: { color: '#D9263B', borderColor: '#fff', borderWidth: 2 },
        tooltip: { formatter: tooltipOf(labels.latest) },
        data: latest ? [point(latest)] : [],
      },
      {
        type: 'scatter',
        name: labels.calculated,
        z: 6,
        symbol: 'triangle',
        symbolSize: 16,
        itemStyle: { color: '#1565C0', borderColor: '#fff', borderWidth: 2 },
        tooltip: { formatter: tooltipOf(labels.calculated) },
        data: calculated ? [point(calculated)] : [],
      },
    ],
  };
}
