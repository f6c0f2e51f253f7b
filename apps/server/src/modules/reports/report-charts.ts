import * as echarts from 'echarts';

/** Status colours of spec 02 §9 by status code (−1 no data). */
export const STATUS_COLOUR: Record<number, string> = {
  [-1]: '#9E9E9E',
  0: '#4CAF50',
  1: '#FCA239',
  2: '#D9263B',
};
const LINE = '#1565C0';
const FONT = 'Sarabun';

/** Milliseconds to add to an instant so a UTC clock reads the wall time of `timeZone` then. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** One SVG from an option, rendered without a DOM (ECharts' server-side SVG renderer). */
function render(option: echarts.EChartsCoreOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption({ animation: false, useUTC: true, textStyle: { fontFamily: FONT }, ...option });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

export interface TrendChart {
  title: string;
  unit: string;
  points: { t: number; v: number }[];
  warning: number | null;
  alarm: number | null;
  from: number;
  to: number;
  timeZone: string;
  /** Fault events drawn as points on the line: level 1 warning, 2 alarm. */
  events?: { t: number; v: number; level: 1 | 2 }[];
}

/** A diagnostic indicator over the period with its warning and alarm limits as lines (the company's zone). */
export function trendChartSvg(chart: TrendChart, width = 515, height = 190): string {
  const shift = (t: number) => t + zoneOffsetMs(t, chart.timeZone);
  const limit = (value: number | null, name: string, color: string, position: string) =>
    value === null
      ? []
      : [
          {
            yAxis: value,
            name,
            lineStyle: { color, type: 'dashed', width: 1 },
            label: { formatter: `${name} ${value}`, color, fontSize: 9, position },
          },
        ];
  const values = chart.points.map((p) => p.v);
  const all = [
    ...values,
    ...(chart.warning === null ? [] : [chart.warning]),
    ...(chart.alarm === null ? [] : [chart.alarm]),
  ];
  const min = all.length ? Math.min(...all) : 0;
  const max = all.length ? Math.max(...all) : 1;
  // Axis ends on round numbers of the span's order of magnitude, so the first and last labels read cleanly.
  const unit = 10 ** Math.floor(Math.log10(max - min || Math.abs(max) || 1)) / 2;
  const low = Math.floor(min / unit) * unit;
  const high = Math.ceil(max / unit) * unit === max ? max + unit : Math.ceil(max / unit) * unit;
  return render(
    {
      title: {
        text: chart.title,
        subtext: chart.unit,
        left: 0,
        top: 0,
        textStyle: { fontSize: 11, fontFamily: FONT },
        subtextStyle: { fontSize: 9 },
        itemGap: 2,
      },
      grid: { left: 52, right: 16, top: 36, bottom: 26 },
      xAxis: {
        type: 'time',
        min: shift(chart.from),
        max: shift(chart.to),
        axisLabel: { fontSize: 8, hideOverlap: true, formatter: '{dd}/{MM}' },
        splitLine: { show: false },
      },
      yAxis: {
        type: 'value',
        // The limits stay in view even when the values never come near them.
        min: Number(low.toPrecision(6)),
        max: Number(high.toPrecision(6)),
        axisLabel: { fontSize: 8 },
        splitLine: { lineStyle: { color: '#EEEEEE' } },
      },
      series: [
        {
          type: 'line',
          showSymbol: false,
          sampling: undefined,
          lineStyle: { width: 1, color: LINE },
          data: chart.points.map((p) => [shift(p.t), p.v]),
          markLine: {
            symbol: 'none',
            silent: true,
            data: [
              ...limit(chart.warning, 'Warning', STATUS_COLOUR[1] as string, 'insideStartTop'),
              ...limit(chart.alarm, 'Alarm', STATUS_COLOUR[2] as string, 'insideEndTop'),
            ],
          },
        },
        {
          type: 'scatter',
          symbolSize: 5,
          data: (chart.events ?? []).map((e) => ({
            value: [shift(e.t), e.v],
            itemStyle: { color: STATUS_COLOUR[e.level] },
          })),
        },
      ],
    },
    width,
    height,
  );
}

/** The period's status history: one bar per local day coloured by its worst event (grey: no data that day). */
export function statusHistorySvg(days: { day: string; status: number }[], width = 515, height = 110): string {
  return render(
    {
      grid: { left: 52, right: 16, top: 10, bottom: 34 },
      xAxis: {
        type: 'category',
        data: days.map((d) => `${d.day.slice(8, 10)}/${d.day.slice(5, 7)}`),
        axisLabel: { fontSize: 8, interval: days.length > 16 ? 1 : 0, rotate: days.length > 16 ? 45 : 0 },
        axisTick: { show: false },
      },
      yAxis: { type: 'value', show: false, max: 1 },
      series: [
        {
          type: 'bar',
          barCategoryGap: '12%',
          data: days.map((d) => ({
            value: 1,
            itemStyle: { color: STATUS_COLOUR[d.status] ?? STATUS_COLOUR[-1] },
          })),
        },
      ],
    },
    width,
    height,
  );
}

/**
 * The top of a spectrum's frequency axis, so the lines fill the chart (issue 26 item 4: a velocity spectrum whose
 * lines lay below 1 kHz was drawn on a 12 kHz axis): the frequency below which 99 % of the spectrum's energy (sum of
 * squared amplitudes) lies, with 10 % room, and at least 1.25 × the highest mark; rounded up to 1, 2, 2.5 or 5 × 10ⁿ Hz
 * (at least 100 Hz) and never past the spectrum's last frequency.
 */
export function spectrumAxisMaxHz(
  frequencies: ArrayLike<number>,
  amplitudes: ArrayLike<number>,
  markHz: readonly number[] = [],
): number {
  const last = frequencies[frequencies.length - 1] ?? 0;
  let total = 0;
  for (let i = 0; i < amplitudes.length; i++) total += (amplitudes[i] ?? 0) ** 2;
  let energyHz = last;
  for (let i = 0, sum = 0; i < amplitudes.length && total > 0; i++) {
    sum += (amplitudes[i] ?? 0) ** 2;
    if (sum >= 0.99 * total) {
      energyHz = frequencies[i] ?? last;
      break;
    }
  }
  const wanted = Math.max(100, 1.1 * energyHz, 1.25 * Math.max(0, ...markHz));
  const decade = 10 ** Math.floor(Math.log10(wanted));
  const nice =
    [1, 2, 2.5, 5, 10].map((step) => step * decade).find((candidate) => candidate >= wanted) ?? wanted;
  return Math.min(nice, last);
}

/** An amplitude spectrum with vertical marks at fault frequencies (1×, 2×, 3× running speed, bearing tones …). */
export function spectrumSvg(
  spectrum: {
    title: string;
    unit: string;
    frequencies: number[];
    amplitudes: number[];
    marks: { hz: number; label: string }[];
  },
  width = 515,
  height = 180,
): string {
  return render(
    {
      title: {
        text: spectrum.title,
        subtext: spectrum.unit,
        left: 0,
        top: 0,
        textStyle: { fontSize: 11, fontFamily: FONT },
        subtextStyle: { fontSize: 9 },
        itemGap: 2,
      },
      grid: { left: 52, right: 16, top: 36, bottom: 30 },
      xAxis: {
        type: 'value',
        name: 'Hz',
        nameGap: 4,
        nameTextStyle: { fontSize: 8 },
        axisLabel: { fontSize: 8 },
        splitLine: { show: false },
        max: spectrum.frequencies.at(-1),
      },
      yAxis: { type: 'value', axisLabel: { fontSize: 8 }, splitLine: { lineStyle: { color: '#EEEEEE' } } },
      series: [
        {
          type: 'line',
          showSymbol: false,
          lineStyle: { width: 0.8, color: LINE },
          data: spectrum.frequencies.map((f, i) => [f, spectrum.amplitudes[i]]),
          markLine: {
            symbol: 'none',
            silent: true,
            data: spectrum.marks.map((m) => ({
              xAxis: m.hz,
              lineStyle: { color: STATUS_COLOUR[2], type: 'dotted', width: 1 },
              label: { formatter: m.label, fontSize: 8, color: STATUS_COLOUR[2] },
            })),
          },
        },
      ],
    },
    width,
    height,
  );
}
