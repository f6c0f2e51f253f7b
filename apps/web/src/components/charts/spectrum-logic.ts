/**
 * The pure half of the spectrum charts of the kit (spec 03 §2.5–§2.6, §4.3, §5, §9): Hz/CPM, axis ranges, peak
 * snapping, the ref peak / 2nd peak rule, harmonic and sideband lines, fault-frequency marks, and the ECharts
 * options of the 2D spectrum and the 3D waterfall. Frequencies are Hz everywhere in here; only what is drawn or
 * shown is turned into CPM.
 */

/** Hz to CPM factor (spec 03 §9). */
export const CPM_PER_HZ = 60;
/** Allowed counts of harmonic and sideband lines (spec 02 §5). */
export const MARK_COUNT = { min: 1, max: 100 } as const;
/** Waterfall defaults of spec 03 §4.3: Harmonic adds 3 lines, Sideband up to 9 (4 either side and the centre). */
export const WATERFALL_HARMONICS = 3;
export const WATERFALL_SIDEBANDS = 4;
/** 2D spectrum default: "at most about 4 lines" of harmonics (spec 03 §4.3). */
export const SPECTRUM_DEFAULT_HARMONICS = 4;
export const SPECTRUM_DEFAULT_SIDEBANDS = 3;
/** The spec's text when the 2nd peak lies left of the ref peak (spec 03 §5, §8). */
export const SECOND_PEAK_LEFT_OF_REF = "Couldn't select 2nd less than ref peak";
/** Colours of the ref and 2nd peak pins and of the mark families. */
export const REF_PEAK_COLOR = '#1565C0';
export const SECOND_PEAK_COLOR = '#6A1B9A';
export const HARMONIC_COLOR = '#00897B';
export const SIDEBAND_COLOR = '#EF6C00';
export const FAULT_MARK_COLOR = '#C62828';

export type XUnit = 'hz' | 'cpm';

/** One data set of a spectrum: [Hz, amplitude] points in rising frequency. */
export interface SpectrumSeries {
  /** Legend name (the data set's alias or file name). */
  name: string;
  points: readonly (readonly [number, number])[];
}

/** A fault-frequency mark: a vertical line with a label, e.g. { label: 'BPFO', frequencyHz: 107.4 }. */
export interface FaultMark {
  label: string;
  frequencyHz: number;
}

export interface PickedPeak {
  /** Hz. */
  x: number;
  y: number;
  /** Index of the data set the peak belongs to. */
  series: number;
}

export interface PeakPicks {
  ref?: PickedPeak;
  second?: PickedPeak;
}

export type MarkMode =
  | { kind: 'none' }
  | { kind: 'harmonic'; count: number }
  | { kind: 'sideband'; count: number; spacingHz?: number };

/** x of a frequency in the unit shown. */
export function toDisplayX(hz: number, unit: XUnit): number {
  return unit === 'cpm' ? hz * CPM_PER_HZ : hz;
}

/** A shown x back to Hz. */
export function fromDisplayX(x: number, unit: XUnit): number {
  return unit === 'cpm' ? x / CPM_PER_HZ : x;
}

/** Number as the spectrum shows it: two decimals (spec 03 §9). */
export function formatNumber(value: number): string {
  return value.toFixed(2);
}

/** Index of the point whose x is nearest to x (points in rising x); -1 for no points. */
export function nearestIndex(points: readonly (readonly [number, number])[], x: number): number {
  if (points.length === 0) return -1;
  let low = 0;
  let high = points.length - 1;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if ((points[mid] as readonly [number, number])[0] <= x) low = mid;
    else high = mid;
  }
  const lowX = (points[low] as readonly [number, number])[0];
  const highX = (points[high] as readonly [number, number])[0];
  return Math.abs(x - lowX) <= Math.abs(highX - x) ? low : high;
}

/**
 * The peak a click means: the highest point within `windowBins` lines either side of the point nearest the
 * clicked frequency, so a click a pixel off a peak still lands on its top. Undefined for an empty data set.
 */
export function snapToPeak(
  points: readonly (readonly [number, number])[],
  xHz: number,
  windowBins = 3,
): { x: number; y: number } | undefined {
  const centre = nearestIndex(points, xHz);
  if (centre < 0) return undefined;
  let best = centre;
  const from = Math.max(0, centre - windowBins);
  const to = Math.min(points.length - 1, centre + windowBins);
  for (let i = from; i <= to; i++) {
    if ((points[i] as readonly [number, number])[1] > (points[best] as readonly [number, number])[1])
      best = i;
  }
  const [x, y] = points[best] as readonly [number, number];
  return { x, y };
}

/**
 * The peak of a click on a chart of several data sets: each set's snapped peak, and of those the one whose
 * amplitude is nearest the clicked height (the line the user pointed at).
 */
export function pickPeakAt(
  series: readonly SpectrumSeries[],
  xHz: number,
  clickedY: number,
  windowBins = 3,
): PickedPeak | undefined {
  let best: PickedPeak | undefined;
  series.forEach((one, index) => {
    const peak = snapToPeak(one.points, xHz, windowBins);
    if (!peak) return;
    if (!best || Math.abs(peak.y - clickedY) < Math.abs(best.y - clickedY)) best = { ...peak, series: index };
  });
  return best;
}

/**
 * The ref/2nd peak rule (spec 03 §4.3): the first click sets the ref peak, the second the 2nd peak, a third is
 * ignored. A 2nd peak left of the ref is refused with the spec's warning and the picks stay as they were.
 */
export function nextPicks(picks: PeakPicks, peak: PickedPeak): { picks: PeakPicks; warning?: string } {
  if (!picks.ref) return { picks: { ref: peak } };
  if (picks.second) return { picks };
  if (peak.x < picks.ref.x) return { picks, warning: SECOND_PEAK_LEFT_OF_REF };
  return { picks: { ref: picks.ref, second: peak } };
}

/** Diff = 2nd peak − ref peak in Hz; undefined until both are picked. */
export function peakDiff(picks: PeakPicks): number | undefined {
  return picks.ref && picks.second ? picks.second.x - picks.ref.x : undefined;
}

/** Why a harmonic or sideband count cannot be drawn (the analytics package's wording), or undefined. */
export function markCountError(count: number, kind: 'Harmonic' | 'Sideband'): string | undefined {
  return Number.isInteger(count) && count >= MARK_COUNT.min && count <= MARK_COUNT.max
    ? undefined
    : `${kind} value out of range: ${count}. Please select a value between 1-100 to display.`;
}

export interface MarkLine {
  frequencyHz: number;
  /** k of ref + k·spacing: 0 the ref itself, negative a lower sideband. */
  order: number;
}

/**
 * Harmonic lines of the ref peak: ref + k·spacing for k = 0…count, where spacing is the Diff once a 2nd peak is
 * picked and the ref itself (1×, 2×, …) before that. Lines above `maxHz` are left out; none for a bad count.
 */
export function harmonicLines(picks: PeakPicks, count: number, maxHz: number): MarkLine[] {
  const ref = picks.ref?.x;
  if (ref === undefined || markCountError(count, 'Harmonic')) return [];
  const spacing = peakDiff(picks) || ref;
  if (!(spacing > 0)) return [];
  const lines: MarkLine[] = [];
  for (let k = 0; k <= count; k++) {
    const frequencyHz = ref + k * spacing;
    if (frequencyHz <= maxHz) lines.push({ frequencyHz, order: k });
  }
  return lines;
}

/**
 * Sideband lines around the ref peak: ref ± k·spacing for k = 1…count and the ref (order 0), rising. The
 * spacing is the given one, else the Diff; none without a positive spacing or with a bad count. Lines outside
 * 0…maxHz are left out.
 */
export function sidebandLines(
  picks: PeakPicks,
  count: number,
  maxHz: number,
  spacingHz?: number,
): MarkLine[] {
  const centre = picks.ref?.x;
  const spacing = spacingHz ?? peakDiff(picks);
  if (centre === undefined || spacing === undefined || !(spacing > 0) || markCountError(count, 'Sideband'))
    return [];
  const lines: MarkLine[] = [];
  for (let k = -count; k <= count; k++) {
    const frequencyHz = centre + k * spacing;
    if (frequencyHz >= 0 && frequencyHz <= maxHz) lines.push({ frequencyHz, order: k });
  }
  return lines;
}

/** The lines of a mark mode for the current picks. */
export function markLinesFor(mode: MarkMode, picks: PeakPicks, maxHz: number): MarkLine[] {
  if (mode.kind === 'harmonic') return harmonicLines(picks, mode.count, maxHz);
  if (mode.kind === 'sideband') return sidebandLines(picks, mode.count, maxHz, mode.spacingHz);
  return [];
}

/** Highest frequency of any data set (0 without data). */
export function maxFrequency(series: readonly SpectrumSeries[]): number {
  let max = 0;
  for (const one of series) {
    const last = one.points[one.points.length - 1];
    if (last && last[0] > max) max = last[0];
  }
  return max;
}

export interface SpectrumRangeInputs {
  xMin: string;
  xMax: string;
  yMin: string;
  yMax: string;
}
export const DEFAULT_SPECTRUM_RANGE: SpectrumRangeInputs = { xMin: '', xMax: '', yMin: '', yMax: '' };

export interface SpectrumRange {
  xMin?: number;
  xMax?: number;
  yMin?: number;
  yMax?: number;
}

function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The range inputs carried over a switch of the x unit: a typed x range names the same frequencies in the new unit
 * (0–500 Hz becomes 0–30000 CPM), so switching Hz to CPM never leaves an empty chart (issue 27 item 1). y and
 * empty or invalid text stay as typed.
 */
export function convertRangeInputs(inputs: SpectrumRangeInputs, from: XUnit, to: XUnit): SpectrumRangeInputs {
  if (from === to) return inputs;
  const convert = (text: string) => {
    const value = parseNumber(text);
    if (value === undefined) return text;
    const shown = toDisplayX(fromDisplayX(value, from), to);
    return String(Number(shown.toPrecision(12)));
  };
  return { ...inputs, xMin: convert(inputs.xMin), xMax: convert(inputs.xMax) };
}

/**
 * The range inputs as an axis range in the unit shown (spec 03 §5): x is clamped to 0…the highest frequency, y
 * taken as typed; when a bound of an axis is missing or invalid, or min is not below max, that axis is automatic.
 */
export function parseSpectrumRange(inputs: SpectrumRangeInputs, maxX: number): SpectrumRange {
  const range: SpectrumRange = {};
  const xMin = parseNumber(inputs.xMin);
  const xMax = parseNumber(inputs.xMax);
  if (xMin !== undefined && xMax !== undefined) {
    const clamp = (v: number) => Math.min(Math.max(0, v), maxX > 0 ? maxX : v);
    const from = clamp(xMin);
    const to = clamp(xMax);
    if (from < to) Object.assign(range, { xMin: from, xMax: to });
  }
  const yMin = parseNumber(inputs.yMin);
  const yMax = parseNumber(inputs.yMax);
  if (yMin !== undefined && yMax !== undefined && yMin < yMax) Object.assign(range, { yMin, yMax });
  return range;
}

export interface SpectrumLabels {
  frequency: (unit: XUnit) => string;
  amplitude: string;
  refPeak: string;
  secondPeak: string;
  harmonic: string;
  sideband: string;
  /** Name of the waterfall's depth axis (one line per data set). */
  dataSet?: string;
}

function verticalLine(xShown: number, name: string, color: string, dashed: boolean, labelShown = true) {
  const label = { formatter: name, color, position: 'insideEndTop', fontSize: 10 };
  return {
    xAxis: xShown,
    name,
    lineStyle: { color, type: dashed ? 'dashed' : 'solid', width: 1 },
    label: labelShown ? label : { ...label, show: false },
    // A label left out for room is read by hovering its line.
    emphasis: { label: { ...label, show: true } },
  };
}

/** Pixels between two mark labels drawn along their lines (10 px text turned upright), below which they overlap. */
export const MARK_LABEL_GAP_PX = 14;

/**
 * Which labels of vertical marks have room: in the order given (the most important first), a label is drawn when
 * it is at least `gapPx` from every label drawn before it, at `pxPerUnit` pixels per x unit.
 */
export function roomyLabels(xs: readonly number[], pxPerUnit: number, gapPx = MARK_LABEL_GAP_PX): boolean[] {
  const drawn: number[] = [];
  return xs.map((x) => {
    const roomy = drawn.every((other) => Math.abs(other - x) * pxPerUnit >= gapPx);
    if (roomy) drawn.push(x);
    return roomy;
  });
}

function markLineName(line: MarkLine, labels: SpectrumLabels, kind: 'harmonic' | 'sideband'): string {
  if (kind === 'harmonic') return `${line.order + 1}×`;
  return line.order === 0 ? labels.refPeak : `${line.order > 0 ? '+' : ''}${line.order}`;
}

const GRID = { left: 64, right: 32, top: 48, bottom: 80 } as const;

/**
 * The ECharts option of the 2D spectrum: one line per data set on a value axis in Hz or CPM, the fault-frequency
 * marks (dashed, labelled), the harmonic or sideband lines, pins on the ref and 2nd peaks, zoom inside and on a
 * slider, and the axis range of the inputs.
 */
export function buildSpectrumOption(
  series: readonly SpectrumSeries[],
  {
    xUnit,
    range = {},
    picks = {},
    mode = { kind: 'none' },
    faultMarks = [],
    unitLabel,
    labels,
    widthPx,
  }: {
    xUnit: XUnit;
    range?: SpectrumRange;
    picks?: PeakPicks;
    mode?: MarkMode;
    /** In order of importance: where labels would overlap, the later ones show on hover only. */
    faultMarks?: readonly FaultMark[];
    unitLabel: string;
    labels: SpectrumLabels;
    /** The chart's width, to leave out fault-mark labels that would overlap; all are drawn when unknown. */
    widthPx?: number | undefined;
  },
): Record<string, unknown> {
  const maxHz = maxFrequency(series);
  const lines = markLinesFor(mode, picks, maxHz);
  const xMin = range.xMin ?? 0;
  const xMax = range.xMax ?? toDisplayX(maxHz, xUnit);
  const shownMarks = faultMarks
    .filter((mark) => mark.frequencyHz >= 0 && mark.frequencyHz <= maxHz)
    .map((mark) => ({ ...mark, x: toDisplayX(mark.frequencyHz, xUnit) }));
  const roomy =
    widthPx !== undefined && widthPx > GRID.left + GRID.right && xMax > xMin
      ? roomyLabels(
          shownMarks.map((mark) => mark.x),
          (widthPx - GRID.left - GRID.right) / (xMax - xMin),
        )
      : shownMarks.map(() => true);
  const markData = [
    ...shownMarks.map((mark, i) => verticalLine(mark.x, mark.label, FAULT_MARK_COLOR, true, roomy[i])),
    ...(mode.kind === 'none'
      ? []
      : lines.map((line) =>
          verticalLine(
            toDisplayX(line.frequencyHz, xUnit),
            markLineName(line, labels, mode.kind),
            mode.kind === 'harmonic' ? HARMONIC_COLOR : SIDEBAND_COLOR,
            false,
          ),
        )),
  ];
  const pin = (peak: PickedPeak | undefined, name: string, color: string) =>
    peak
      ? [
          {
            name,
            coord: [toDisplayX(peak.x, xUnit), peak.y],
            itemStyle: { color },
            label: { formatter: name, fontSize: 10 },
          },
        ]
      : [];
  return {
    animation: false,
    grid: GRID,
    legend: { type: 'scroll', top: 0 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number) => (typeof value === 'number' ? formatNumber(value) : String(value)),
    },
    xAxis: {
      type: 'value',
      name: labels.frequency(xUnit),
      nameLocation: 'middle',
      nameGap: 28,
      min: range.xMin ?? 0,
      max: range.xMax ?? toDisplayX(maxHz, xUnit),
    },
    yAxis: {
      type: 'value',
      name: `${labels.amplitude} [${unitLabel}]`,
      min: range.yMin,
      max: range.yMax,
    },
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      { type: 'slider', xAxisIndex: 0, filterMode: 'none', bottom: 10 },
    ],
    series: series.map((one, index) => ({
      type: 'line',
      name: one.name,
      showSymbol: false,
      sampling: 'lttb',
      lineStyle: { width: 1 },
      data: one.points.map(([x, y]) => [toDisplayX(x, xUnit), y]),
      ...(index === 0
        ? {
            // Under the spectrum (the series line is z 2): a mark on a peak, the supply say, must not hide it.
            markLine: { symbol: 'none', z: 1, data: markData },
            markPoint: {
              symbolSize: 36,
              data: [
                ...pin(picks.ref, labels.refPeak, REF_PEAK_COLOR),
                ...pin(picks.second, labels.secondPeak, SECOND_PEAK_COLOR),
              ],
            },
          }
        : {}),
    })),
  };
}

/** Waterfall data of one capture: a name (the data set's alias or file name) and its [Hz, amplitude] points. */
export type WaterfallSeries = SpectrumSeries;

/**
 * Type of the waterfall's labels: tick labels and axis names legible at a glance. The line heights are explicit:
 * ECharts-GL draws each label into a texture cell as high as zrender measures the text, and without a line height
 * zrender measures it from a CJK glyph, about 5 px where that glyph's font is missing, so only a strip through the
 * middle of every label was shown (the unreadable labels of issue 27).
 */
export const WATERFALL_FONT = { tick: 13, tickLine: 18, name: 14, nameLine: 20 } as const;

/**
 * Camera distance that lets the waterfall's box fill a plot of this aspect (width ÷ height). The drawing scales
 * with the plot's height, so on a wide plot the height is the limit (a fixed distance keeps the box and its
 * labels inside it) and on a narrow one (a phone) the width is: the camera goes out as the plot narrows, so the
 * box with its labels takes about four fifths of the width.
 */
export function waterfallDistance(aspect: number): number {
  const widthBound = 300 / Math.max(0.4, aspect);
  return Math.round(Math.max(190, Math.min(600, widthBound)));
}

/** Up to two significant figures (12,798.4375 → 13,000); 0 stays 0. */
export function roundUp(value: number): number {
  if (value <= 0) return value;
  const step = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Number((Math.ceil(value / step - 1e-9) * step).toPrecision(12));
}

/** A tick of the waterfall's value axes: whole numbers from 100 up ('12 798' instead of '12 798.4375'). */
function waterfallTick(value: number): string {
  return Math.abs(value) >= 100
    ? Math.round(value).toLocaleString('en-US')
    : String(Number(value.toPrecision(4)));
}

/**
 * A data set's label as a phone's waterfall shows it: the capture time without its year or the capture's own label
 * ('27/11/2026 09:00 · Pump DE H' → '27/11 09:00'); a label of another form is kept.
 */
export function shortDataSetLabel(label: unknown): string {
  // ECharts-GL also measures a label it has no category for: it is called with undefined then.
  if (typeof label !== 'string') return '';
  const time = label.split(' · ')[0] ?? label;
  return time.replace(/^(\d{2}\/\d{2})\/\d{4}/, '$1');
}

/**
 * The ECharts-GL option of the 3D waterfall (spec 03 §2.6): each data set a line3D at its own depth (y = its
 * index, labelled by name), x the frequency in Hz or CPM, z the amplitude; mark lines as curtains across all
 * depths at their frequency; the picked peaks as points. Every axis is named (with its unit) in legible type, and
 * the camera fills the plot whatever its `aspect` (width ÷ height).
 */
export function buildWaterfallOption(
  series: readonly WaterfallSeries[],
  {
    xUnit,
    picks = {},
    mode = { kind: 'none' },
    unitLabel,
    labels,
    aspect = 2.5,
  }: {
    xUnit: XUnit;
    picks?: PeakPicks;
    mode?: MarkMode;
    unitLabel: string;
    labels: SpectrumLabels;
    aspect?: number;
  },
): Record<string, unknown> {
  const maxHz = maxFrequency(series);
  let zMax = 0;
  for (const one of series) for (const [, y] of one.points) if (y > zMax) zMax = y;
  const depth = Math.max(0, series.length - 1);
  const curtain = (hz: number) => {
    const x = toDisplayX(hz, xUnit);
    return [
      [x, 0, 0],
      [x, 0, zMax],
      [x, depth, zMax],
      [x, depth, 0],
    ];
  };
  const marks = mode.kind === 'none' ? [] : markLinesFor(mode, picks, maxHz);
  const pickPoints = [picks.ref, picks.second].flatMap((peak, i) =>
    peak
      ? [
          {
            value: [toDisplayX(peak.x, xUnit), peak.series, peak.y],
            itemStyle: { color: i === 0 ? REF_PEAK_COLOR : SECOND_PEAK_COLOR },
          },
        ]
      : [],
  );
  const nameTextStyle = {
    fontSize: WATERFALL_FONT.name,
    lineHeight: WATERFALL_FONT.nameLine,
    fontWeight: 'bold',
    color: '#333',
  };
  const tickStyle = { fontSize: WATERFALL_FONT.tick, lineHeight: WATERFALL_FONT.tickLine };
  const valueLabel = { formatter: waterfallTick, ...tickStyle };
  // A narrow plot (a phone) gets a taller box: the desktop's flat one would be a strip across it.
  const narrow = aspect < 1.25;
  const amplitudeName = unitLabel ? `${labels.amplitude} [${unitLabel}]` : labels.amplitude;
  return {
    animation: false,
    tooltip: {},
    grid3D: {
      boxWidth: 200,
      boxDepth: 90,
      boxHeight: narrow ? 130 : 70,
      // The box fills the plot: no margins, the camera at the distance the plot's shape allows.
      left: 0,
      right: 0,
      top: 0,
      bottom: 0,
      viewControl: {
        distance: waterfallDistance(aspect),
        alpha: 18,
        // On a phone the box turns less and the camera aims right of its middle, so the data sets' labels at its
        // right edge stay on screen.
        beta: narrow ? 22 : 32,
        // Looking down on the box leaves room above it: aim a little below its middle so it sits in the plot's.
        center: narrow ? [35, -25, 0] : [0, -25, 0],
        minDistance: 80,
        maxDistance: 600,
      },
      // ECharts-GL reads the text style of the labels from the label itself (echarts' createTextStyle).
      axisLabel: { margin: 10, color: '#333', ...tickStyle },
      axisPointer: { label: tickStyle },
    },
    xAxis3D: {
      type: 'value',
      name: labels.frequency(xUnit),
      // On a phone the ticks crowd closer to the name: it stands further off.
      nameGap: narrow ? 44 : 30,
      nameTextStyle,
      // Its 0 would sit on the amplitude axis' 0 ('00'): left out.
      axisLabel: { ...valueLabel, formatter: (value: number) => (value === 0 ? '' : waterfallTick(value)) },
      min: 0,
      // To two significant figures: the axis ends on a round tick (13,000), not on the data's 12,798.4375 Hz.
      max: roundUp(toDisplayX(maxHz, xUnit)),
    },
    yAxis3D: {
      type: 'category',
      // On a phone the capture times say it; there is no room for the name beside them.
      name: narrow ? '' : (labels.dataSet ?? ''),
      nameGap: 36,
      nameTextStyle,
      data: series.map((one) => one.name),
      // On a phone a data set's label is its time alone ('27/11 09:00'): the whole label ran off the right edge.
      ...(narrow ? { axisLabel: { ...tickStyle, formatter: shortDataSetLabel } } : {}),
    },
    zAxis3D: {
      type: 'value',
      // On a phone the amplitude axis' name is the chart's title instead: beside the axis it was cut at the left.
      name: narrow ? '' : amplitudeName,
      nameGap: 24,
      nameTextStyle,
      axisLabel: valueLabel,
    },
    ...(narrow ? { title: { text: amplitudeName, left: 0, top: 0, textStyle: nameTextStyle } } : {}),
    series: [
      ...series.map((one, index) => ({
        type: 'line3D',
        name: one.name,
        lineStyle: { width: 1.5 },
        data: one.points.map(([x, y]) => [toDisplayX(x, xUnit), index, y]),
      })),
      ...marks.map((line) => ({
        type: 'line3D',
        name: mode.kind === 'harmonic' ? labels.harmonic : labels.sideband,
        silent: true,
        lineStyle: {
          width: 1,
          color: mode.kind === 'harmonic' ? HARMONIC_COLOR : SIDEBAND_COLOR,
          opacity: 0.8,
        },
        data: curtain(line.frequencyHz),
      })),
      ...(pickPoints.length > 0
        ? [{ type: 'scatter3D', name: labels.refPeak, symbolSize: 10, silent: true, data: pickPoints }]
        : []),
    ],
  };
}

/** The spectrum's Excel header and rows: one row per point of each data set, x in the unit shown. */
export function spectrumExcelRows(
  series: readonly SpectrumSeries[],
  xUnit: XUnit,
  range: SpectrumRange,
): (string | number)[][] {
  const inRange = (x: number) =>
    (range.xMin === undefined || x >= range.xMin) && (range.xMax === undefined || x <= range.xMax);
  return series.flatMap((one) =>
    one.points.flatMap(([hz, y]) => {
      const x = toDisplayX(hz, xUnit);
      return inRange(x) ? [[one.name, x, y]] : [];
    }),
  );
}
