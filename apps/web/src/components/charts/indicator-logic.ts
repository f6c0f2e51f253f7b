import { ALARM_COLOR, STATUS_COLORS, type StatusCode, statusColor, WARNING_COLOR } from './chart-logic.ts';

/**
 * The pure half of the kit's indicators (spec 02 §4 'Gauge', §9 colours): gauges with warning and alarm pointers,
 * bars with warning and alarm markers, and the phase-resolved PD scatter. The React half loads ECharts lazily.
 */

export type Direction = 'high' | 'low';

/** One value against its limits, as a gauge or a bar shows it. */
export interface Indicator {
  name: string;
  value: number | null;
  unit: string;
  warning: number | null;
  alarm: number | null;
  /** Spec 02 §4 status code of the value (-1 offline / no data). */
  status: number;
  direction?: Direction;
}

/**
 * Top of the scale (spec 02 §4): 1.2 × the alarm value. A falling tag (alarm below warning, e.g. an oil level in %)
 * reads on 0–100 % when its unit is %, else on 1.2 × the warning; without limits, 1.2 × the value (or 1).
 */
export function scaleMax(
  item: Pick<Indicator, 'value' | 'unit' | 'warning' | 'alarm' | 'direction'>,
): number {
  const positive = (x: number | null) => (x !== null && Number.isFinite(x) && x > 0 ? x : null);
  if (item.direction === 'low') {
    if (item.unit === '%') return 100;
    const top = positive(item.warning) ?? positive(item.alarm) ?? positive(item.value);
    return top === null ? 1 : 1.2 * top;
  }
  const top = positive(item.alarm) ?? positive(item.warning) ?? positive(item.value);
  return top === null ? 1 : 1.2 * top;
}

/** Share 0–1 of the scale a value fills: values above the scale are capped there (spec 02 §4), below 0 at 0. */
export function scaleShare(value: number | null, max: number): number {
  if (value === null || !Number.isFinite(value) || max <= 0) return 0;
  return Math.min(1, Math.max(0, value / max));
}

/** SI-prefixed units the panels scale for reading (50,000,000 VA reads 50.0 MVA). */
const SCALED_UNITS = new Set(['VA', 'W', 'Wh', 'var', 'VAh']);

/** The k/M/G step a magnitude of a power or energy unit reads in (1 and '' for any other unit). */
export function siStep(magnitude: number, unit: string): { factor: number; prefix: string } {
  if (SCALED_UNITS.has(unit)) {
    for (const [factor, prefix] of [
      [1e9, 'G'],
      [1e6, 'M'],
      [1e3, 'k'],
    ] as const) {
      if (Math.abs(magnitude) >= factor) return { factor, prefix };
    }
  }
  return { factor: 1, prefix: '' };
}

/** A number with three significant figures at most (whole from 100 up, integers as they are, thousands grouped). */
export function shortNumber(value: number): string {
  const magnitude = Math.abs(value);
  // Thousands grouped (22,155 operations; 2,319 ppm).
  if (magnitude >= 1000) return Math.round(value).toLocaleString('en-US');
  const digits = magnitude >= 100 || Number.isInteger(value) ? 0 : magnitude >= 10 ? 1 : 2;
  return value.toFixed(digits);
}

/** Units as spec 02 §9 shows them: Celsius as ℃, m3/h as m³/h. */
export function displayUnit(unit: string): string {
  if (unit === '°C' || unit === 'C' || unit === 'degC') return '℃';
  if (unit === 'm3/h') return 'm³/h';
  return unit;
}

/**
 * A value as an engineer reads it: three significant figures at most, power and energy units with k/M/G prefixes.
 * A missing value or a negative status (offline, disabled) shows a dash (spec 02 §4).
 */
export function formatQuantity(
  value: number | null,
  unit: string,
  status = 0,
): { text: string; unit: string } {
  if (value === null || !Number.isFinite(value) || status < 0) return { text: '–', unit: displayUnit(unit) };
  const { factor, prefix } = siStep(value, unit);
  return { text: shortNumber(value / factor), unit: `${prefix}${displayUnit(unit)}` };
}

/** '12.5 A', or '–' alone without a value. */
export function quantityText(value: number | null, unit: string, status = 0): string {
  const q = formatQuantity(value, unit, status);
  return q.text === '–' ? '–' : `${q.text} ${q.unit}`.trim();
}

/** A status as one of the four codes the charts name (-2 disabled and others read as offline, -1). */
export function statusCode(status: number): StatusCode {
  return status === 0 || status === 1 || status === 2 ? status : -1;
}

/** Worst status of a group of items (spec 02 §4: the maximum of its rows); -1 when none has a value. */
export function groupStatus(statuses: readonly number[]): number {
  const live = statuses.filter((status) => status >= 0);
  return live.length ? Math.max(...live) : -1;
}

/** Colour bands of a scale from 0 to max: green, then amber from the warning, red from the alarm (or mirrored). */
export function limitBands(item: Pick<Indicator, 'warning' | 'alarm' | 'direction'>, max: number) {
  const share = (x: number | null) => (x === null ? null : scaleShare(x, max));
  const w = share(item.warning);
  const a = share(item.alarm);
  const [green, amber, red] = [STATUS_COLORS[0], WARNING_COLOR, ALARM_COLOR];
  if (item.direction === 'low') {
    // Red up to the alarm, amber up to the warning, green above.
    const bands: [number, string][] = [];
    if (a !== null && a > 0) bands.push([a, red]);
    if (w !== null && w > (a ?? 0)) bands.push([w, amber]);
    bands.push([1, green]);
    return bands;
  }
  const bands: [number, string][] = [];
  if (w !== null && w > 0) bands.push([w, green]);
  if (a !== null && a > (w ?? 0)) bands.push([a, amber]);
  bands.push([1, a === null && w !== null ? amber : a === null ? green : red]);
  return bands;
}

export interface IndicatorLabels {
  warning: string;
  alarm: string;
  status: (status: number) => string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A gauge (spec 02 §2.4, §4): scale 0 to 1.2 × alarm in green / amber / red bands, the value's pointer in its
 * status colour (capped at the top of the scale), the warning and alarm as thin pointers, and the value with unit.
 */
export function buildGaugeOption(item: Indicator, labels: IndicatorLabels): Record<string, unknown> {
  const max = scaleMax(item);
  const shown = formatQuantity(item.value, item.unit, item.status);
  const limitPointer = (value: number | null, color: string, name: string) =>
    value === null
      ? []
      : [
          {
            name,
            value: Math.min(value, max),
            pointer: { show: true, width: 3, length: '78%', itemStyle: { color } },
            itemStyle: { color },
            title: { show: false },
            detail: { show: false },
          },
        ];
  // Scale labels in the unit's step at the top of the scale (0 … 60 MVA, not 0 … 60,000,000).
  const step = siStep(max, item.unit);
  return {
    animation: false,
    tooltip: {
      formatter: () =>
        [
          `${escapeHtml(item.name)}: ${escapeHtml(quantityText(item.value, item.unit, item.status))} (${escapeHtml(labels.status(item.status))})`,
          `${escapeHtml(labels.warning)}: ${escapeHtml(quantityText(item.warning, item.unit))}`,
          `${escapeHtml(labels.alarm)}: ${escapeHtml(quantityText(item.alarm, item.unit))}`,
        ].join('<br/>'),
    },
    series: [
      {
        type: 'gauge',
        min: 0,
        max,
        startAngle: 210,
        endAngle: -30,
        radius: '92%',
        center: ['50%', '58%'],
        splitNumber: 6,
        axisLine: { lineStyle: { width: 12, color: limitBands(item, max) } },
        axisTick: { distance: -12, length: 4, lineStyle: { color: '#fff', width: 1 } },
        splitLine: { distance: -12, length: 12, lineStyle: { color: '#fff', width: 2 } },
        axisLabel: {
          distance: 16,
          fontSize: 10,
          color: '#5f6368',
          formatter: (value: number) => shortNumber(value / step.factor),
        },
        anchor: { show: true, size: 8, itemStyle: { color: '#5f6368' } },
        data: [
          ...limitPointer(item.warning, WARNING_COLOR, labels.warning),
          ...limitPointer(item.alarm, ALARM_COLOR, labels.alarm),
          {
            name: item.name,
            value: item.value === null || item.status < 0 ? 0 : Math.min(Math.max(item.value, 0), max),
            pointer: { show: item.value !== null && item.status >= 0, width: 6, length: '68%' },
            itemStyle: { color: statusColor(item.status) },
            title: { show: false },
            detail: {
              show: true,
              offsetCenter: [0, '48%'],
              fontSize: 18,
              fontWeight: 700,
              color: statusColor(item.status),
              formatter: () => (shown.text === '–' ? '–' : `${shown.text} ${shown.unit}`),
            },
          },
        ],
      },
    ],
  };
}

/**
 * Bars with warning and alarm markers (spec 02 §2.4 B, §4): one row per item, each on its own scale (0 to 1.2 ×
 * alarm, values above capped there), filled in its status colour, labelled with value and unit, or a dash for a
 * negative status; the markers are thin amber and red ticks at the limits.
 */
export function buildLimitBarOption(
  items: readonly Indicator[],
  labels: IndicatorLabels,
): Record<string, unknown> {
  const rows = items.map((item) => {
    const max = scaleMax(item);
    return { item, max, share: item.status < 0 ? 0 : scaleShare(item.value, max) };
  });
  const names = rows.map((row) => row.item.name);
  const marker = (kind: 'warning' | 'alarm') =>
    rows.flatMap(({ item, max }, y) => {
      const limit = item[kind];
      return limit === null ? [] : [{ value: [100 * scaleShare(limit, max), y], limit, unit: item.unit }];
    });
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (params: {
        dataIndex: number;
        seriesIndex: number;
        data: { limit?: number; unit?: string };
      }) => {
        if (params.seriesIndex > 0) {
          const kind = params.seriesIndex === 1 ? labels.warning : labels.alarm;
          return `${escapeHtml(kind)}: ${escapeHtml(quantityText(params.data.limit ?? null, params.data.unit ?? ''))}`;
        }
        const row = rows[params.dataIndex];
        if (!row) return '';
        const { item } = row;
        return [
          `${escapeHtml(item.name)}: ${escapeHtml(quantityText(item.value, item.unit, item.status))} (${escapeHtml(labels.status(item.status))})`,
          `${escapeHtml(labels.warning)}: ${escapeHtml(quantityText(item.warning, item.unit))}`,
          `${escapeHtml(labels.alarm)}: ${escapeHtml(quantityText(item.alarm, item.unit))}`,
        ].join('<br/>');
      },
    },
    xAxis: { type: 'value', min: 0, max: 100, show: false },
    // Names on the left, value and unit on the right in the status colour: nothing drawn over the bars.
    yAxis: [
      {
        type: 'category',
        data: names,
        inverse: true,
        axisTick: { show: false },
        axisLine: { show: false },
        axisLabel: { fontSize: 12, color: '#3c4043', width: 150, overflow: 'truncate' },
      },
      {
        type: 'category',
        data: rows.map(({ item }) => quantityText(item.value, item.unit, item.status)),
        inverse: true,
        position: 'right',
        axisTick: { show: false },
        axisLine: { show: false },
        axisLabel: {
          fontSize: 12,
          fontWeight: 700,
          color: (_: unknown, index: number) => statusColor(rows[index]?.item.status ?? -1),
        },
      },
    ],
    series: [
      {
        type: 'bar',
        barWidth: 14,
        showBackground: true,
        backgroundStyle: { color: '#eef1f5' },
        data: rows.map(({ item, share }) => ({
          value: 100 * share,
          itemStyle: { color: statusColor(item.status) },
        })),
      },
      {
        type: 'scatter',
        name: labels.warning,
        symbol: 'rect',
        symbolSize: [3, 20],
        itemStyle: { color: WARNING_COLOR },
        data: marker('warning'),
        z: 3,
      },
      {
        type: 'scatter',
        name: labels.alarm,
        symbol: 'rect',
        symbolSize: [3, 20],
        itemStyle: { color: ALARM_COLOR },
        data: marker('alarm'),
        z: 3,
      },
    ],
  };
}

/** The round number at or above a value that an axis ends on: 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10ⁿ (374.6 → 400). */
export function niceCeil(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((m) => m * power >= value * (1 - 1e-12)) ?? 10;
  return step * power;
}

/** One cell of a PRPD scatter: phase centre (°), charge centre (pC), pulse count. */
export type PrpdPoint = readonly [number, number, number];

export interface PrpdLabels {
  phase: string;
  charge: string;
  count: string;
  reference: string;
}

/**
 * Phase-resolved PD scatter (spec 02 §2.6 tab 8): cells on phase 0–360° × apparent charge, coloured by their pulse
 * count (blue few → red many), with the reference voltage's sine drawn behind for orientation.
 */
export function buildPrpdOption(
  points: readonly PrpdPoint[],
  {
    maxCount,
    chargeMax,
    unit,
    labels,
  }: { maxCount: number; chargeMax: number; unit: string; labels: PrpdLabels },
): Record<string, unknown> {
  const sine = Array.from({ length: 73 }, (_, i) => [5 * i, Math.sin((5 * i * Math.PI) / 180)]);
  return {
    animation: false,
    grid: { left: 64, right: 80, top: 24, bottom: 56 },
    tooltip: {
      trigger: 'item',
      formatter: (params: { seriesIndex: number; value: PrpdPoint }) =>
        params.seriesIndex === 0
          ? `${escapeHtml(labels.phase)}: ${params.value[0].toFixed(1)}°<br/>${escapeHtml(labels.charge)}: ${params.value[1].toFixed(1)} ${escapeHtml(unit)}<br/>${escapeHtml(labels.count)}: ${params.value[2]}`
          : escapeHtml(labels.reference),
    },
    visualMap: {
      type: 'continuous',
      seriesIndex: 0,
      dimension: 2,
      min: 1,
      max: Math.max(2, maxCount),
      right: 4,
      top: 'middle',
      itemHeight: 160,
      text: [String(Math.max(2, maxCount)), '1'],
      calculable: false,
      inRange: { color: ['#2c7bb6', '#abd9e9', '#ffffbf', '#fdae61', '#d7191c'] },
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: 360,
      interval: 45,
      name: labels.phase,
      nameLocation: 'middle',
      nameGap: 30,
    },
    yAxis: [
      {
        type: 'value',
        min: 0,
        max: chargeMax > 0 ? niceCeil(chargeMax) : undefined,
        name: `${labels.charge} (${unit})`,
        nameLocation: 'middle',
        nameGap: 46,
      },
      { type: 'value', min: -1.1, max: 1.1, show: false },
    ],
    series: [
      { type: 'scatter', symbolSize: 5, data: points.map((p) => [p[0], p[1], p[2]]), yAxisIndex: 0 },
      {
        type: 'line',
        yAxisIndex: 1,
        data: sine,
        showSymbol: false,
        silent: true,
        lineStyle: { color: '#9aa0a6', type: 'dashed', width: 1 },
        z: 1,
      },
    ],
  };
}
