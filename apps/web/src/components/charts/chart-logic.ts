import dayjs from 'dayjs';
import { resolveTimeZone } from '../../lib/time.ts';
import { baselineExtent } from './baseline-band.ts';

/**
 * The pure half of the chart kit (spec 02 §2.6–§2.7, §4, §9): statuses and colours, limit lines, axis inputs,
 * date ranges in the company's zone, the ECharts option and the rows and names of the Excel export. The React half
 * only wires these to ECharts, which it loads lazily.
 */

/** Spec 02 §9 colours: warning amber, alarm red. */
export const WARNING_COLOR = '#FCA239';
export const ALARM_COLOR = '#D9263B';
/** Status colours of spec 02 §9 (grey / green / yellow / red) by status code. */
export const STATUS_COLORS: Readonly<Record<-1 | 0 | 1 | 2, string>> = {
  [-1]: '#8A8F98',
  0: '#2E7D32',
  1: WARNING_COLOR,
  2: ALARM_COLOR,
};
/** Chart height of spec 02 §9. */
export const CHART_HEIGHT = 450;
/** Default range: the last 30 days (spec 02 §9). */
export const DEFAULT_RANGE_DAYS = 30;
/** 'Last 6 months' reaches this far back; '6 months or more' any range (spec 02 §4). */
export const NORMAL_MODE_MONTHS = 6;

export type StatusCode = -1 | 0 | 1 | 2;
export type LimitDirection = 'high' | 'low';

/** One series as the kit draws it: [epoch ms, value] points with the tag's unit and limits. */
export interface ChartSeries {
  tag: string;
  /** The tag's name as people know it ('Load current phase A'); the tag code when absent. */
  name?: string;
  /** What the value measures ('Current'); the y axis is titled with it and the unit. */
  quantity?: string;
  unit: string;
  warning: number | null;
  alarm: number | null;
  direction?: LimitDirection;
  points: readonly (readonly [number, number])[];
  /** Drawn as steps (a state that holds until the next point), e.g. failure-mode states. */
  step?: boolean;
  /** Dashed thin line, e.g. a moving average beside its series. */
  dashed?: boolean;
  /** The learned baseline's normal band (issue 25 item 4), shaded behind the series; `label` names it. */
  baseline?: { low: number; high: number; label: string };
  /**
   * The status of each point (same order as `points`) when the series is judged by more than its limit lines, e.g.
   * a remaining life by its percent and its time left (issue 26 item 8); tooltips and exports then use it.
   */
  statuses?: readonly StatusCode[];
}

/**
 * Status of a value against its limits (spec 02 §4 "For charts and exports"): at or above alarm 2, at or above
 * warning 1, else 0; a low-limit tag the other way round. Without a value: -1.
 */
export function valueStatus(
  value: number | null | undefined,
  warning: number | null,
  alarm: number | null,
  direction: LimitDirection = 'high',
): StatusCode {
  if (value === null || value === undefined || !Number.isFinite(value)) return -1;
  const reaches = (limit: number | null) =>
    limit !== null && (direction === 'high' ? value >= limit : value <= limit);
  if (reaches(alarm)) return 2;
  if (reaches(warning)) return 1;
  return 0;
}

export function statusColor(status: number): string {
  return status === 0 || status === 1 || status === 2 ? STATUS_COLORS[status] : STATUS_COLORS[-1];
}

/**
 * The status colour for text on a light background: the amber and the grey of STATUS_COLORS read at 2.0:1 and
 * 3.3:1 on white, so text takes darker shades of the same hues (≥ 5.6:1, WCAG AA). Dots, bars and lines keep
 * STATUS_COLORS.
 */
const STATUS_TEXT_COLORS: Readonly<Record<-1 | 0 | 1 | 2, string>> = {
  [-1]: '#5F6368',
  0: '#2E7D32',
  1: '#8A5300',
  2: '#C62828',
};
export function statusTextColor(status: number): string {
  return status === 0 || status === 1 || status === 2 ? STATUS_TEXT_COLORS[status] : STATUS_TEXT_COLORS[-1];
}

/** Text on a status-coloured fill: dark on the amber and the grey (white reads at 2.0:1 and 3.3:1), white on green and red. */
export function statusInk(status: number): string {
  return status === 0 || status === 2 ? '#fff' : 'rgba(0, 0, 0, 0.87)';
}

export interface LimitLine {
  kind: 'warning' | 'alarm';
  value: number;
  color: string;
}

/** The warning and alarm lines of a series: only the limits it has. */
export function limitLines(series: Pick<ChartSeries, 'warning' | 'alarm'>): LimitLine[] {
  const lines: LimitLine[] = [];
  if (series.warning !== null && Number.isFinite(series.warning))
    lines.push({ kind: 'warning', value: series.warning, color: WARNING_COLOR });
  if (series.alarm !== null && Number.isFinite(series.alarm))
    lines.push({ kind: 'alarm', value: series.alarm, color: ALARM_COLOR });
  return lines;
}

/** Text of the four axis inputs; empty means automatic. */
export interface AxisInputs {
  xMin: string;
  xMax: string;
  yMin: string;
  yMax: string;
}
export const DEFAULT_AXIS_INPUTS: AxisInputs = { xMin: '', xMax: '', yMin: '', yMax: '' };

function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

export interface AxisRange {
  /** Epoch ms of the first and last point shown, or automatic. */
  xMin?: number;
  xMax?: number;
  yMin?: number;
  yMax?: number;
}

/**
 * The axis inputs as a range (spec 02 §5): x min and max are point numbers clamped between 1 and the number of
 * points (turned into the times of those points), y min and max are values; empty or invalid text, or a min not
 * below its max, leaves that axis automatic.
 */
export function parseAxisRange(inputs: AxisInputs, times: readonly number[]): AxisRange {
  const range: AxisRange = {};
  const count = times.length;
  const xMin = parseNumber(inputs.xMin);
  const xMax = parseNumber(inputs.xMax);
  if (count > 0) {
    const clamp = (n: number) => Math.min(count, Math.max(1, Math.round(n)));
    const from = xMin === undefined ? undefined : clamp(xMin);
    const to = xMax === undefined ? undefined : clamp(xMax);
    if (from === undefined || to === undefined || from < to) {
      if (from !== undefined) range.xMin = times[from - 1] as number;
      if (to !== undefined) range.xMax = times[to - 1] as number;
    }
  }
  const yMin = parseNumber(inputs.yMin);
  const yMax = parseNumber(inputs.yMax);
  if (yMin === undefined || yMax === undefined || yMin < yMax) {
    if (yMin !== undefined) range.yMin = yMin;
    if (yMax !== undefined) range.yMax = yMax;
  }
  return range;
}

/** Every time of every series, sorted, once each: what the x point numbers count. */
export function seriesTimes(series: readonly ChartSeries[]): number[] {
  const times = new Set<number>();
  for (const one of series) for (const [t] of one.points) times.add(t);
  return [...times].sort((a, b) => a - b);
}

export type DateMode = 'normal' | 'yearly';

/** A chosen date range: calendar dates 'YYYY-MM-DD' in the company's zone, both days included. */
export interface DateRange {
  from: string;
  to: string;
}

/** The default range: the 30 days (or `days`) up to today in the company's zone. */
export function defaultDateRange(now: Date, timeZone: string, days = DEFAULT_RANGE_DAYS): DateRange {
  const today = dayjs(now).tz(resolveTimeZone(timeZone));
  return {
    from: today.subtract(days - 1, 'day').format('YYYY-MM-DD'),
    to: today.format('YYYY-MM-DD'),
  };
}

/** The earliest day 'Last 6 months' allows; undefined for '6 months or more'. */
export function earliestDate(mode: DateMode, now: Date, timeZone: string): string | undefined {
  if (mode === 'yearly') return undefined;
  return dayjs(now).tz(resolveTimeZone(timeZone)).subtract(NORMAL_MODE_MONTHS, 'month').format('YYYY-MM-DD');
}

/**
 * The instants a date range asks the server for: from 00:00:00.000 of the first day to 23:59:59.999 of the last,
 * both in the company's zone (never a fixed offset), as ISO strings with 'Z'. Undefined when a date is not a date
 * or the range is reversed.
 */
export function rangeInstants(range: DateRange, timeZone: string): { from: string; to: string } | undefined {
  const zone = resolveTimeZone(timeZone);
  const iso = /^\d{4}-\d{2}-\d{2}$/;
  if (!iso.test(range.from) || !iso.test(range.to)) return undefined;
  const from = dayjs.tz(`${range.from} 00:00:00`, zone);
  const to = dayjs.tz(`${range.to} 23:59:59.999`, zone);
  if (!from.isValid() || !to.isValid() || !from.isBefore(to)) return undefined;
  return { from: from.toISOString(), to: to.toISOString() };
}

/** An instant as the chart axis and tooltip show it, in the company's zone. */
export function formatChartTime(epochMs: number, timeZone: string, pattern = 'DD/MM/YYYY HH:mm'): string {
  return dayjs(epochMs).tz(resolveTimeZone(timeZone)).format(pattern);
}

const QUARTER_HOUR_MS = 900_000;

/**
 * ECharts puts time-axis ticks on midnights and whole hours of the browser's zone, or of UTC with `useUTC`; the
 * company's zone is neither (a browser in UTC put Bangkok's daily ticks at 07:00). So a time chart draws each
 * instant at its wall-clock time in the company's zone read as UTC, and says `useUTC`: daily ticks fall on the
 * company's midnights and hourly ticks on its hours, and labels read the drawn time back as wall-clock time.
 * Offsets change on quarter hours at the finest, so one lookup serves each quarter hour.
 */
export function zoneWallClock(timeZone: string): (epochMs: number) => number {
  const zone = resolveTimeZone(timeZone);
  const offsets = new Map<number, number>();
  return (epochMs) => {
    const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = dayjs(epochMs).tz(zone).utcOffset() * 60_000;
      offsets.set(quarter, offset);
    }
    return epochMs + offset;
  };
}

/** The instant of a wall-clock time drawn by zoneWallClock (a clicked point's time). */
export function fromZoneWallClock(wallMs: number, timeZone: string): number {
  const zone = resolveTimeZone(timeZone);
  const guess = wallMs - dayjs(wallMs).tz(zone).utcOffset() * 60_000;
  return wallMs - dayjs(guess).tz(zone).utcOffset() * 60_000;
}

/** A drawn (wall-clock) time as text. */
const formatWallClock = (wallMs: number, pattern: string) => dayjs.utc(wallMs).format(pattern);

/** Plot area margins of a time series chart (px): the x axis spans the box width less left and right. */
export const CHART_GRID = { left: 60, right: 64, top: 40, bottom: 80 } as const;

/**
 * The width to ask the series API for: the pixel width of the plot area (the box less the grid margins), so M4's
 * at most four points per column are at most four points per pixel column of the chart.
 */
export function requestWidth(boxWidth: number): number {
  return Math.min(10_000, Math.max(10, Math.floor(boxWidth - CHART_GRID.left - CHART_GRID.right)));
}

function seriesLabel(series: ChartSeries): string {
  return series.name ?? series.tag;
}

function formatValue(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(Math.abs(value) < 1 ? 4 : 2);
}

export interface TooltipRow {
  label: string;
  value: number;
  unit: string;
  status: StatusCode;
}

/** The status of a series' point: its own when the series gives one, else its value against the limits. */
export function pointStatus(series: ChartSeries, value: number, index?: number): StatusCode {
  const own = index === undefined ? undefined : series.statuses?.[index];
  return own ?? valueStatus(value, series.warning, series.alarm, series.direction);
}

/** One tooltip line: 'Tag: 12.5 A (Warning)' with the status colour of the value (point `index`, when known). */
export function tooltipRow(series: ChartSeries, value: number, index?: number): TooltipRow {
  return {
    label: seriesLabel(series),
    value,
    unit: series.unit,
    status: pointStatus(series, value, index),
  };
}

/**
 * The y bounds of a trend: the typed ones, else automatic unless a warning or alarm line (or a learned band's edge)
 * lies outside the data, in which case the axis reaches it (rounded outwards to a round step), so a limit is never
 * drawn off the chart.
 */
export function limitAxis(
  series: readonly ChartSeries[],
  limits: readonly number[],
  range: Pick<AxisRange, 'yMin' | 'yMax'>,
): { min?: number | undefined; max?: number | undefined } {
  const values = series.flatMap((one) => one.points.map(([, v]) => v)).filter(Number.isFinite);
  if (values.length === 0 || limits.length === 0) return { min: range.yMin, max: range.yMax };
  const dataMin = Math.min(...values);
  const dataMax = Math.max(...values);
  const bottom = Math.min(dataMin, ...limits);
  const top = Math.max(dataMax, ...limits);
  const step = 10 ** Math.floor(Math.log10(top - bottom || Math.abs(top) || 1)) / 2;
  // Rounded outwards, but not below zero when nothing drawn is negative (an amplitude axis starts at 0, not -50).
  const floor = bottom >= 0 ? 0 : Number.NEGATIVE_INFINITY;
  return {
    min:
      range.yMin ??
      (bottom < dataMin
        ? Math.max(floor, Math.floor((bottom - 0.05 * (top - bottom)) / step) * step)
        : undefined),
    max: range.yMax ?? (top > dataMax ? Math.ceil((top + 0.05 * (top - bottom)) / step) * step : undefined),
  };
}

/**
 * A mark on a point of one series (e.g. a sensor point note, spec 03 §2.16): drawn as a pin at its time and value,
 * `label` its tooltip. `id` names it back when it is clicked.
 */
export interface ChartMark {
  id: string;
  seriesIndex: number;
  /** Epoch ms. */
  time: number;
  value: number;
  label: string;
}

/**
 * The learned baseline's band: a pale shade of its series' own colour (ECharts' markArea takes the series colour at
 * 40 % alpha; this opacity brings it to 12 %), so on a chart of several axes each band reads as its line's; the label
 * in a dark grey that reads on every shade.
 */
const BASELINE_OPACITY = 0.3;
const BASELINE_INK = 'rgba(0, 0, 0, 0.7)';

/** Colour of the marks: a blue that reads on the status colours of the lines and limits. */
export const MARK_COLOR = '#1565C0';

/**
 * The point of the drawn series nearest to a click at `time` and `value` (the plot area clicked, not a symbol):
 * distances are measured in fractions of the drawn x and y spans, so a dense trend without symbols can still be
 * clicked point by point. Undefined without points.
 */
export function nearestPoint(
  series: readonly ChartSeries[],
  time: number,
  value: number,
): { seriesIndex: number; time: number; value: number } | undefined {
  let minT = Number.POSITIVE_INFINITY;
  let maxT = Number.NEGATIVE_INFINITY;
  let minV = Number.POSITIVE_INFINITY;
  let maxV = Number.NEGATIVE_INFINITY;
  for (const one of series)
    for (const [t, v] of one.points) {
      if (!Number.isFinite(v)) continue;
      minT = Math.min(minT, t);
      maxT = Math.max(maxT, t);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
  const spanT = maxT - minT || 1;
  const spanV = maxV - minV || 1;
  let best: { seriesIndex: number; time: number; value: number; distance: number } | undefined;
  series.forEach((one, seriesIndex) => {
    for (const [t, v] of one.points) {
      if (!Number.isFinite(v)) continue;
      const distance = ((t - time) / spanT) ** 2 + ((v - value) / spanV) ** 2;
      if (!best || distance < best.distance) best = { seriesIndex, time: t, value: v, distance };
    }
  });
  return best && { seriesIndex: best.seriesIndex, time: best.time, value: best.value };
}

export interface OptionLabels {
  warning: string;
  alarm: string;
  status: (status: StatusCode) => string;
  /** The quantity a unit measures, in the reader's language (see unitQuantity); undefined when unknown. */
  quantity?: (key: QuantityKey) => string;
}

/** Quantities the kit names an axis by when its series do not say theirs. */
export type QuantityKey =
  | 'current'
  | 'voltage'
  | 'temperature'
  | 'percent'
  | 'concentration'
  | 'charge'
  | 'pulseRate'
  | 'velocity'
  | 'acceleration'
  | 'frequency'
  | 'speed'
  | 'power'
  | 'time'
  | 'level'
  | 'years';

const UNIT_QUANTITIES: Readonly<Record<string, QuantityKey>> = {
  A: 'current',
  mA: 'current',
  kA: 'current',
  V: 'voltage',
  kV: 'voltage',
  '°C': 'temperature',
  '℃': 'temperature',
  '%': 'percent',
  ppm: 'concentration',
  pC: 'charge',
  'pulses/s': 'pulseRate',
  'mm/s': 'velocity',
  'm/s²': 'acceleration',
  'm/s^2': 'acceleration',
  g: 'acceleration',
  Hz: 'frequency',
  CPM: 'frequency',
  rpm: 'speed',
  W: 'power',
  kW: 'power',
  MW: 'power',
  s: 'time',
  h: 'time',
  dB: 'level',
  years: 'years',
};

/** The quantity a unit measures (A: current, °C: temperature), undefined for a unit the kit does not know. */
export function unitQuantity(unit: string): QuantityKey | undefined {
  return UNIT_QUANTITIES[unit.trim()];
}

/** One y axis of a time series chart: the series of one unit. */
export interface UnitAxis {
  unit: string;
  /** 'Current [A]': the series' own quantity when they share one, the name of a lone series, else the unit's. */
  title: string;
  /** Indexes into the chart's series. */
  seriesIndexes: number[];
}

/**
 * The y axes of a chart: one per unit in the order the units first appear, so series of different units never share
 * an axis (a trend of V, °C, A and % on one axis read as nothing). Each is titled with its quantity and unit.
 */
export function unitAxes(
  series: readonly ChartSeries[],
  quantity?: (key: QuantityKey) => string,
): UnitAxis[] {
  const axes: UnitAxis[] = [];
  series.forEach((one, index) => {
    const unit = one.unit.trim();
    const axis = axes.find((candidate) => candidate.unit === unit);
    if (axis) axis.seriesIndexes.push(index);
    else axes.push({ unit, title: '', seriesIndexes: [index] });
  });
  for (const axis of axes) {
    const members = axis.seriesIndexes.map((index) => series[index] as ChartSeries);
    const quantities = new Set(members.map((one) => one.quantity));
    const names = new Set(members.map(seriesLabel));
    const key = unitQuantity(axis.unit);
    const what =
      quantities.size === 1 && members[0]?.quantity
        ? members[0].quantity
        : names.size === 1
          ? seriesLabel(members[0] as ChartSeries)
          : key && quantity
            ? quantity(key)
            : '';
    axis.title = axis.unit ? (what ? `${what} [${axis.unit}]` : `[${axis.unit}]`) : what;
  }
  return axes;
}

/** Pixels between the lines of two y axes on the same side. */
export const AXIS_OFFSET = 64;

/** Height a limit's label takes on the y axis (px): closer labels would overlap. */
const LIMIT_LABEL_PX = 16;

/** A warning or alarm line of an axis, once per value: `labelled` lines carry their text, the rest show it on hover. */
export interface AxisLimit extends LimitLine {
  labelled: boolean;
}

/**
 * The limit lines of one axis, each value once (three phases with one alarm limit draw one line), labelled at the
 * plot's right edge unless the label would overlap one already placed (`plotPx` tall axis spanning `min`…`max`):
 * those show their text on hover. Alarms are placed first, so they keep their label.
 */
export function axisLimits(
  series: readonly ChartSeries[],
  span: { min: number; max: number },
  plotPx: number,
  /** Where a value lies on the axis: Math.log10 on a logarithmic one. */
  toAxis: (value: number) => number = (value) => value,
): AxisLimit[] {
  const seen = new Map<string, LimitLine>();
  for (const one of series) for (const line of limitLines(one)) seen.set(`${line.kind}:${line.value}`, line);
  const lines = [...seen.values()].sort((a, b) =>
    a.kind === b.kind ? a.value - b.value : a.kind === 'alarm' ? -1 : 1,
  );
  const pxPerUnit = span.max > span.min ? plotPx / (toAxis(span.max) - toAxis(span.min)) : 0;
  const placed: number[] = [];
  return lines
    .map((line) => {
      const at = toAxis(line.value);
      const labelled = placed.every((value) => Math.abs(value - at) * pxPerUnit >= LIMIT_LABEL_PX);
      if (labelled) placed.push(at);
      return { ...line, labelled };
    })
    .sort((a, b) => a.value - b.value);
}

/** Below this chart width (px) three or more units are drawn as small multiples: side axes would leave no plot. */
export const STACK_BELOW_PX = 720;
const PANEL_PX = 90;
const PANEL_GAP_PX = 34;

/** Panels of a chart drawn as small multiples (one per unit, stacked), or 0 when its units share one plot. */
export function stackedPanels(series: readonly ChartSeries[], widthPx: number | undefined): number {
  const units = new Set(series.map((one) => one.unit.trim())).size;
  return units > 2 && widthPx !== undefined && widthPx > 0 && widthPx < STACK_BELOW_PX ? units : 0;
}

/** Height of a time series chart (px): the spec's 450, or what its small multiples need. */
export function timeSeriesChartHeight(panels: number): number {
  if (panels === 0) return CHART_HEIGHT;
  return CHART_GRID.top + panels * PANEL_PX + (panels - 1) * PANEL_GAP_PX + CHART_GRID.bottom;
}

/** Log y axis of spec 02 §9: its top is at least 10,000, else the next power of ten above the data. */
export const LOG_AXIS_MAX = 10_000;

/** The top of a logarithmic axis over `values`: 10,000, or the next power of ten above a larger value. */
export function logAxisMax(values: readonly number[]): number {
  const top = Math.max(0, ...values.filter(Number.isFinite));
  return top <= LOG_AXIS_MAX ? LOG_AXIS_MAX : 10 ** Math.ceil(Math.log10(top));
}

/**
 * The ECharts option of a time series chart: one line per series on a time axis labelled in the company's zone,
 * the warning and alarm mark lines of each, a tooltip with value, unit and status, zoom inside and on a slider,
 * the axis range of the inputs, and the marks of each series as pins with their label as tooltip.
 */
export function buildTimeSeriesOption(
  series: readonly ChartSeries[],
  {
    timeZone,
    range = {},
    labels,
    marks = [],
    logScale = false,
    widthPx,
  }: {
    timeZone: string;
    range?: AxisRange;
    labels: OptionLabels;
    marks?: readonly ChartMark[];
    /** The logarithmic y axis of spec 02 §9 (health monitoring): top at least 10,000; values ≤ 0 are not drawn. */
    logScale?: boolean;
    /** The chart's width: narrow charts of three or more units are drawn as small multiples, one panel a unit. */
    widthPx?: number | undefined;
  },
): Record<string, unknown> {
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const wall = zoneWallClock(timeZone);
  const axes = unitAxes(series, labels.quantity);
  const axisOf = new Map(
    axes.flatMap((axis, index) => axis.seriesIndexes.map((one) => [one, index] as const)),
  );
  const panels = stackedPanels(series, widthPx);
  const plotPx = panels ? PANEL_PX : CHART_HEIGHT - CHART_GRID.top - CHART_GRID.bottom;
  const drawnAxes = axes.map((axis, index) => {
    const members = axis.seriesIndexes.map((one) => series[one] as ChartSeries);
    const lines = members.flatMap((one) => limitLines(one).map((line) => line.value));
    // Typed y bounds are in the first axis' unit.
    const typed = index === 0 ? range : {};
    const values = members.flatMap((one) => one.points.map(([, v]) => v)).filter(Number.isFinite);
    // The axis reaches the limit lines and the learned baselines' bands, so both are in view.
    const extent = [...lines, ...baselineExtent(members)];
    const bounds = logScale
      ? { min: typed.yMin, max: typed.yMax ?? logAxisMax([...values, ...extent]) }
      : limitAxis(members, extent, typed);
    const low = Math.min(bounds.min ?? Math.min(...values, ...lines), ...lines);
    const high = Math.max(bounds.max ?? Math.max(...values, ...lines), ...lines);
    const positive = (value: number) => Math.log10(Math.max(value, Number.MIN_VALUE));
    const limits = logScale
      ? axisLimits(members, { min: Math.max(low, 1e-3), max: high }, plotPx, positive)
      : axisLimits(members, { min: low, max: high }, plotPx);
    return { axis, bounds, limits };
  });
  // A limit is drawn once per axis: on the first series of the axis that has it.
  const limitOwner = new Map<string, number>();
  for (const { axis, limits } of drawnAxes)
    for (const line of limits) {
      const owner = axis.seriesIndexes.find((index) =>
        limitLines(series[index] as ChartSeries).some(
          (one) => one.kind === line.kind && one.value === line.value,
        ),
      );
      if (owner !== undefined) limitOwner.set(`${owner}:${line.kind}:${line.value}`, owner);
    }
  // The first banded series of the plot (of each panel, for small multiples) names its band 'Learned baseline':
  // the bands take their lines' colours, and one name on top of another would be unreadable.
  const bandNamed = new Map<number, number>();
  series.forEach((one, index) => {
    const plot = panels ? (axisOf.get(index) ?? 0) : 0;
    if (one.baseline && !bandNamed.has(plot)) bandNamed.set(plot, index);
  });
  const left = drawnAxes.filter((_, index) => index % 2 === 0).length;
  const right = drawnAxes.length - left;
  const yAxes = drawnAxes.map(({ axis, bounds }, index) => ({
    type: logScale ? 'log' : 'value',
    ...(logScale ? { min: bounds.min, max: bounds.max } : { ...bounds, scale: true }),
    name: axis.title,
    nameTextStyle: { fontWeight: 'bold' },
    axisLabel: { hideOverlap: true },
    ...(panels
      ? // A panel's title stands above it, left-aligned: a rotated title does not fit a short panel.
        {
          gridIndex: index,
          nameLocation: 'end',
          nameGap: 8,
          nameTextStyle: { fontWeight: 'bold', align: 'left' },
        }
      : {
          nameLocation: 'middle',
          nameGap: 44,
          position: index % 2 === 0 ? 'left' : 'right',
          offset: Math.floor(index / 2) * AXIS_OFFSET,
          axisLine: { show: drawnAxes.length > 1 },
          splitLine: { show: index === 0 },
        }),
  }));
  const timeAxis = (index: number, last: boolean) => ({
    type: 'time',
    ...(panels ? { gridIndex: index } : {}),
    min: range.xMin === undefined ? undefined : wall(range.xMin),
    max: range.xMax === undefined ? undefined : wall(range.xMax),
    axisLabel: {
      show: last,
      formatter: (value: number) => formatWallClock(value, 'DD/MM HH:mm'),
      hideOverlap: true,
    },
  });
  const xAxisIndexes = panels ? drawnAxes.map((_, index) => index) : 0;
  const unitOf = new Map(series.map((one) => [seriesLabel(one), one.unit]));
  return {
    animation: false,
    // Times are drawn as the company's wall-clock time (zoneWallClock): ticks on its midnights and hours.
    useUTC: true,
    grid: panels
      ? drawnAxes.map((_, index) => ({
          left: CHART_GRID.left,
          right: 24,
          top: CHART_GRID.top + index * (PANEL_PX + PANEL_GAP_PX),
          height: PANEL_PX,
        }))
      : {
          ...CHART_GRID,
          left: CHART_GRID.left + Math.max(0, left - 1) * AXIS_OFFSET,
          right: CHART_GRID.right + Math.max(0, right - 1) * AXIS_OFFSET,
        },
    // One tooltip and pointer across the panels of small multiples.
    ...(panels ? { axisPointer: { link: [{ xAxisIndex: 'all' }] } } : {}),
    legend: {
      type: 'scroll',
      top: 0,
      // The legend names each series with its unit: 'Load current phase A [A]'.
      formatter: (name: string) => {
        const unit = unitOf.get(name);
        return unit ? `${name} [${unit}]` : name;
      },
    },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const items = (Array.isArray(params) ? params : [params]) as {
          seriesIndex: number;
          dataIndex: number;
          value: [number, number];
        }[];
        const first = items[0];
        if (!first) return '';
        const lines = items.flatMap((item) => {
          const one = series[item.seriesIndex];
          if (!one) return [];
          const row = tooltipRow(one, item.value[1], item.dataIndex);
          return [
            `<span style="color:${statusColor(row.status)}">●</span> ${escapeHtml(row.label)}: ${formatValue(row.value)} ${escapeHtml(row.unit)} (${escapeHtml(labels.status(row.status))})`,
          ];
        });
        return [escapeHtml(formatWallClock(first.value[0], 'DD/MM/YYYY HH:mm:ss')), ...lines].join('<br/>');
      },
    },
    xAxis: panels ? drawnAxes.map((_, index) => timeAxis(index, index === panels - 1)) : timeAxis(0, true),
    yAxis: yAxes.length === 1 ? yAxes[0] : yAxes.length === 0 ? { type: 'value', scale: true } : yAxes,
    dataZoom: [
      { type: 'inside', xAxisIndex: xAxisIndexes, filterMode: 'none' },
      { type: 'slider', xAxisIndex: xAxisIndexes, filterMode: 'none', bottom: 10 },
    ],
    series: series.map((one, index) => ({
      type: 'line',
      name: seriesLabel(one),
      showSymbol: one.points.length <= 60,
      ...(one.step ? { step: 'end' } : {}),
      ...(one.dashed ? { lineStyle: { type: 'dashed', width: 1 } } : {}),
      sampling: undefined,
      yAxisIndex: axisOf.get(index) ?? 0,
      ...(panels ? { xAxisIndex: axisOf.get(index) ?? 0 } : {}),
      // A log axis has no place for 0 or less: such points are gaps.
      data: one.points.map(([t, v]) => [wall(t), logScale && v <= 0 ? null : v]),
      markLine: {
        // Hover shows the text of a line whose label was left off so as not to overlap another.
        silent: false,
        symbol: 'none',
        data: (drawnAxes[axisOf.get(index) ?? 0]?.limits ?? [])
          .filter((line) => limitOwner.get(`${index}:${line.kind}:${line.value}`) === index)
          .map((line) => {
            const text = `${line.kind === 'warning' ? labels.warning : labels.alarm} ${formatValue(line.value)}`;
            const label = { formatter: text, color: line.color, position: 'insideEndTop' };
            return {
              yAxis: line.value,
              name: line.kind === 'warning' ? labels.warning : labels.alarm,
              lineStyle: { color: line.color, type: 'dashed' },
              label: { ...label, show: line.labelled },
              emphasis: { label: { ...label, show: true } },
            };
          }),
      },
      ...(one.baseline
        ? {
            markArea: {
              silent: true,
              itemStyle: { opacity: BASELINE_OPACITY },
              label: {
                show: bandNamed.get(panels ? (axisOf.get(index) ?? 0) : 0) === index,
                position: 'insideTopLeft',
                color: BASELINE_INK,
                formatter: one.baseline.label,
              },
              data: [[{ yAxis: one.baseline.low }, { yAxis: one.baseline.high }]],
            },
          }
        : {}),
      markPoint: {
        symbol: 'pin',
        symbolSize: 28,
        itemStyle: { color: MARK_COLOR },
        label: { show: false },
        // The chart's tooltip follows the axis; a pin says its own label when hovered.
        tooltip: {
          trigger: 'item',
          formatter: (params: { name?: string }) => escapeHtml(params.name ?? ''),
        },
        data: marks
          .filter((mark) => mark.seriesIndex === index)
          .map((mark) => ({ id: mark.id, name: mark.label, coord: [wall(mark.time), mark.value] })),
      },
    })),
  };
}

/** Points of a series inside the x range shown (all of them without a range). */
export function visiblePoints(series: ChartSeries, range: Pick<AxisRange, 'xMin' | 'xMax'>) {
  return series.points.filter(
    ([t]) => (range.xMin === undefined || t >= range.xMin) && (range.xMax === undefined || t <= range.xMax),
  );
}

export const EXCEL_HEADER = ['Time', 'Tag', 'Value', 'Unit', 'Warning', 'Alarm', 'Status'] as const;
export type ExcelRow = [string, string, number, string, number | null, number | null, number];

/** The rows of the Excel export: what is shown, one row per point, times in the company's zone. */
export function excelRows(
  series: readonly ChartSeries[],
  range: Pick<AxisRange, 'xMin' | 'xMax'>,
  timeZone: string,
): ExcelRow[] {
  const inRange = (t: number) =>
    (range.xMin === undefined || t >= range.xMin) && (range.xMax === undefined || t <= range.xMax);
  return series.flatMap((one) =>
    one.points.flatMap(([t, v], index): ExcelRow[] =>
      inRange(t)
        ? [
            [
              formatChartTime(t, timeZone, 'YYYY-MM-DD HH:mm:ss'),
              seriesLabel(one),
              v,
              one.unit,
              one.warning,
              one.alarm,
              pointStatus(one, v, index),
            ],
          ]
        : [],
    ),
  );
}

export type ExcelKind =
  | { kind: 'health_monitoring' | 'losses' | 'correlation' | 'current_spectrum'; modelCode: string }
  | { kind: 'tab'; modelCode: string; tab: string };

/**
 * Excel file names of spec 02 §9, upper-cased with '.xlsx': tr_{id}__health_monitoring, tr_{id}_losses,
 * tr_{id}_correlation, mca_{id}__current_spectrum, where {id} is the model's code (what people know the model
 * by, never its internal uuid); others from the model code and the tab, underscores for spaces.
 */
export function excelFileName(what: ExcelKind): string {
  const base = (() => {
    switch (what.kind) {
      case 'health_monitoring':
        return `tr_${what.modelCode}__health_monitoring`;
      case 'losses':
        return `tr_${what.modelCode}_losses`;
      case 'correlation':
        return `tr_${what.modelCode}_correlation`;
      case 'current_spectrum':
        return `mca_${what.modelCode}__current_spectrum`;
      case 'tab':
        return `${what.modelCode}_${what.tab}`;
    }
  })();
  return `${base.replace(/[^A-Za-z0-9_-]+/g, '_').toUpperCase()}.xlsx`;
}
