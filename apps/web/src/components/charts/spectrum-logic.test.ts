import { describe, expect, it } from 'vitest';
import {
  buildSpectrumOption,
  buildWaterfallOption,
  convertRangeInputs,
  harmonicLines,
  markCountError,
  nextPicks,
  parseSpectrumRange,
  peakDiff,
  pickPeakAt,
  roomyLabels,
  roundUp,
  SECOND_PEAK_LEFT_OF_REF,
  type SpectrumLabels,
  type SpectrumSeries,
  shortDataSetLabel,
  sidebandLines,
  snapToPeak,
  spectrumExcelRows,
  toDisplayX,
  WATERFALL_FONT,
  waterfallDistance,
} from './spectrum-logic.ts';

const labels: SpectrumLabels = {
  frequency: (unit) => (unit === 'cpm' ? 'Frequency [CPM]' : 'Frequency [Hz]'),
  amplitude: 'Amplitude',
  refPeak: 'Ref peak',
  secondPeak: '2nd peak',
  harmonic: 'Harmonic',
  sideband: 'Sideband',
};

// 0…100 Hz in 1 Hz lines, peaks at 25 Hz (3.0) and 50 Hz (1.5) over a 0.1 floor.
const spectrum: SpectrumSeries = {
  name: 'capture A',
  points: Array.from({ length: 101 }, (_, hz) => [hz, hz === 25 ? 3 : hz === 50 ? 1.5 : 0.1] as const),
};

describe('spectrum logic', () => {
  it('shows CPM as 60 times Hz', () => {
    expect(toDisplayX(24.75, 'cpm')).toBe(1485);
    expect(toDisplayX(24.75, 'hz')).toBe(24.75);
  });

  it('snaps a click a couple of lines off a peak onto its top', () => {
    expect(snapToPeak(spectrum.points, 23.4)).toEqual({ x: 25, y: 3 });
    expect(snapToPeak(spectrum.points, 52.2)).toEqual({ x: 50, y: 1.5 });
    expect(snapToPeak([], 10)).toBeUndefined();
  });

  it('picks the data set whose line is nearest the clicked height', () => {
    const low: SpectrumSeries = { name: 'B', points: spectrum.points.map(([x, y]) => [x, y / 10] as const) };
    expect(pickPeakAt([spectrum, low], 25, 0.35)).toEqual({ x: 25, y: 0.3, series: 1 });
    expect(pickPeakAt([spectrum, low], 25, 2.8)).toEqual({ x: 25, y: 3, series: 0 });
  });

  it('sets the ref then the 2nd peak, refuses a 2nd left of the ref with the spec text, ignores a third', () => {
    const first = nextPicks({}, { x: 25, y: 3, series: 0 });
    expect(first.picks.ref?.x).toBe(25);
    const left = nextPicks(first.picks, { x: 10, y: 0.1, series: 0 });
    expect(left.warning).toBe(SECOND_PEAK_LEFT_OF_REF);
    expect(left.picks.second).toBeUndefined();
    const second = nextPicks(first.picks, { x: 50, y: 1.5, series: 0 });
    expect(peakDiff(second.picks)).toBe(25);
    expect(nextPicks(second.picks, { x: 75, y: 0.1, series: 0 }).picks).toBe(second.picks);
  });

  it('draws harmonics of the ref (1×, 2×…) before a 2nd peak and ref + k·Diff after, up to the top frequency', () => {
    expect(harmonicLines({ ref: { x: 25, y: 3, series: 0 } }, 4, 100).map((l) => l.frequencyHz)).toEqual([
      25, 50, 75, 100,
    ]);
    const picks = { ref: { x: 20, y: 1, series: 0 }, second: { x: 30, y: 1, series: 0 } };
    expect(harmonicLines(picks, 3, 100).map((l) => l.frequencyHz)).toEqual([20, 30, 40, 50]);
    expect(harmonicLines(picks, 0, 100)).toEqual([]);
    expect(harmonicLines({}, 3, 100)).toEqual([]);
  });

  it('draws sidebands on both sides of the ref at the given spacing, else the Diff, inside 0…top', () => {
    const ref = { x: 50, y: 1, series: 0 };
    expect(sidebandLines({ ref }, 2, 100, 5).map((l) => [l.frequencyHz, l.order])).toEqual([
      [40, -2],
      [45, -1],
      [50, 0],
      [55, 1],
      [60, 2],
    ]);
    expect(
      sidebandLines({ ref, second: { x: 80, y: 1, series: 0 } }, 2, 100).map((l) => l.frequencyHz),
    ).toEqual([20, 50, 80]);
    expect(sidebandLines({ ref }, 2, 100)).toEqual([]);
  });

  it('refuses counts outside 1–100 with the analytics wording', () => {
    expect(markCountError(101, 'Harmonic')).toBe(
      'Harmonic value out of range: 101. Please select a value between 1-100 to display.',
    );
    expect(markCountError(1.5, 'Sideband')).toMatch(/^Sideband value out of range/);
    expect(markCountError(100, 'Sideband')).toBeUndefined();
  });

  it('keeps a range only when both bounds are numbers and min < max; x clamped to 0…top', () => {
    expect(parseSpectrumRange({ xMin: '-5', xMax: '500', yMin: '', yMax: '2' }, 100)).toEqual({
      xMin: 0,
      xMax: 100,
    });
    expect(parseSpectrumRange({ xMin: '60', xMax: '40', yMin: '0', yMax: '2' }, 100)).toEqual({
      yMin: 0,
      yMax: 2,
    });
    expect(parseSpectrumRange({ xMin: 'a', xMax: '40', yMin: '3', yMax: '2' }, 100)).toEqual({});
  });

  it('draws fault marks inside the data and the picked peaks in CPM when CPM is shown', () => {
    const option = buildSpectrumOption([spectrum], {
      xUnit: 'cpm',
      picks: { ref: { x: 25, y: 3, series: 0 } },
      mode: { kind: 'harmonic', count: 2 },
      faultMarks: [
        { label: 'BPFO', frequencyHz: 30 },
        { label: 'far', frequencyHz: 500 },
      ],
      unitLabel: 'mm/s',
      labels,
    });
    const first = (
      option.series as {
        markLine: { data: { xAxis: number; name: string }[] };
        markPoint: { data: { coord: number[] }[] };
      }[]
    )[0];
    expect(first?.markLine.data.map((d) => [d.name, d.xAxis])).toEqual([
      ['BPFO', 1800],
      ['1×', 1500],
      ['2×', 3000],
      ['3×', 4500],
    ]);
    expect(first?.markPoint.data[0]?.coord).toEqual([1500, 3]);
    expect((option.xAxis as { max: number }).max).toBe(6000);
  });

  it('leaves out fault-mark labels that would overlap, the first given keeping theirs, readable on hover', () => {
    expect(roomyLabels([50, 48, 52, 25, 70], 5)).toEqual([true, false, false, true, true]);
    // 0…100 Hz over 596 − 96 = 500 px: 5 px per Hz, the 14 px gap is 2.8 Hz.
    const option = buildSpectrumOption([spectrum], {
      xUnit: 'hz',
      faultMarks: [
        { label: 'Supply fs', frequencyHz: 50 },
        { label: 'Rotor bar fs(1−2s)', frequencyHz: 48 },
        { label: 'Eccentricity fs−fr', frequencyHz: 25 },
      ],
      unitLabel: 'dB',
      labels,
      widthPx: 596,
    });
    const markLine = (
      option.series as {
        markLine: { z: number; data: { name: string; label: { show?: boolean }; emphasis: unknown }[] };
      }[]
    )[0]?.markLine;
    expect(markLine?.data.map((d) => [d.name, d.label.show !== false])).toEqual([
      ['Supply fs', true],
      ['Rotor bar fs(1−2s)', false],
      ['Eccentricity fs−fr', true],
    ]);
    expect(markLine?.data[1]?.emphasis).toMatchObject({ label: { show: true } });
    // The marks lie under the spectrum line (z 2): the supply mark does not hide the supply peak.
    expect(markLine?.z).toBeLessThan(2);
  });

  it('puts each capture of the waterfall at its own depth and a curtain per mark line', () => {
    const option = buildWaterfallOption([spectrum, { ...spectrum, name: 'capture B' }], {
      xUnit: 'hz',
      picks: { ref: { x: 25, y: 3, series: 1 } },
      mode: { kind: 'harmonic', count: 1 },
      unitLabel: 'g',
      labels,
    });
    const series = option.series as { type: string; data: unknown }[];
    const dataOf = (i: number) => series[i]?.data as unknown[][] | undefined;
    expect(series.filter((s) => s.type === 'line3D')).toHaveLength(4);
    expect(dataOf(1)?.[25]).toEqual([25, 1, 3]);
    expect(series[2]?.data).toEqual([
      [25, 0, 0],
      [25, 0, 3],
      [25, 1, 3],
      [25, 1, 0],
    ]);
    expect((dataOf(4)?.[0] as { value?: number[] } | undefined)?.value).toEqual([25, 1, 3]);
  });

  it('names every waterfall axis with its unit in legible type (issue 27 item 1)', () => {
    const option = buildWaterfallOption([spectrum], {
      xUnit: 'hz',
      unitLabel: 'm/s²',
      labels: { ...labels, dataSet: 'Data set' },
    });
    type Axis = { name: string; nameTextStyle: { fontSize: number; lineHeight: number } };
    const x = option.xAxis3D as Axis & { max: number; axisLabel: { formatter: (v: number) => string } };
    const y = option.yAxis3D as Axis;
    const z = option.zAxis3D as Axis;
    expect([x.name, y.name, z.name]).toEqual(['Frequency [Hz]', 'Data set', 'Amplitude [m/s²]']);
    for (const axis of [x, y, z]) {
      expect(axis.nameTextStyle.fontSize).toBeGreaterThanOrEqual(14);
      // Without a line height ECharts-GL cut every label to a strip a few pixels high.
      expect(axis.nameTextStyle.lineHeight).toBeGreaterThan(axis.nameTextStyle.fontSize);
    }
    const grid = option.grid3D as { axisLabel: { fontSize: number; lineHeight: number } };
    expect(grid.axisLabel.fontSize).toBe(WATERFALL_FONT.tick);
    expect(grid.axisLabel.lineHeight).toBeGreaterThan(WATERFALL_FONT.tick);
    // The frequency axis ends on a round tick; its 0 is left to the amplitude axis.
    expect(x.max).toBe(100);
    expect(x.axisLabel.formatter(0)).toBe('');
    expect(x.axisLabel.formatter(12_000)).toBe('12,000');
    expect(roundUp(12_798.4375)).toBe(13_000);
    expect(roundUp(767_906.25)).toBe(770_000);
    expect(roundUp(1.23)).toBe(1.3);
  });

  it('fills the plot: the camera comes closer on a wide plot and goes further out on a phone', () => {
    const distance = (aspect: number) =>
      (
        buildWaterfallOption([spectrum], { xUnit: 'hz', unitLabel: 'g', labels, aspect }).grid3D as {
          viewControl: { distance: number };
          left: number;
          right: number;
        }
      ).viewControl.distance;
    expect(distance(2.75)).toBeLessThan(distance(1.5));
    expect(distance(1.5)).toBeLessThan(distance(0.75));
    expect(waterfallDistance(0.75)).toBeLessThanOrEqual(600);
    const boxHeight = (aspect: number) =>
      (
        buildWaterfallOption([spectrum], { xUnit: 'hz', unitLabel: 'g', labels, aspect }).grid3D as {
          boxHeight: number;
        }
      ).boxHeight;
    // On a phone the box is taller than the desktop's flat one, so it is no strip across the plot.
    expect(boxHeight(0.75)).toBeGreaterThan(boxHeight(2.75));
    const grid = buildWaterfallOption([spectrum], { xUnit: 'hz', unitLabel: 'g', labels }).grid3D as Record<
      string,
      unknown
    >;
    expect([grid.left, grid.right, grid.top, grid.bottom]).toEqual([0, 0, 0, 0]);
  });

  it('on a phone names the amplitude in the title and labels data sets by their time alone (issue 27 item 1)', () => {
    const names = ['27/11/2026 09:00 · Pump DE H', '28/11/2026 09:00 · Pump DE H'];
    const narrow = buildWaterfallOption(
      names.map((name) => ({ ...spectrum, name })),
      { xUnit: 'hz', unitLabel: 'm/s²', labels, aspect: 0.8 },
    );
    const y = narrow.yAxis3D as { axisLabel: { formatter: (name: string) => string } };
    expect(names.map(y.axisLabel.formatter)).toEqual(['27/11 09:00', '28/11 09:00']);
    expect((narrow.zAxis3D as { name: string }).name).toBe('');
    expect((narrow.title as { text: string }).text).toBe('Amplitude [m/s²]');
    expect(shortDataSetLabel('capture A')).toBe('capture A');
    // ECharts-GL measures labels it has no category for with undefined: no throw (it broke the chart).
    expect(shortDataSetLabel(undefined)).toBe('');
    // On a desktop the axis keeps its name and the labels stay whole.
    const wide = buildWaterfallOption([spectrum], { xUnit: 'hz', unitLabel: 'm/s²', labels, aspect: 2.5 });
    expect((wide.zAxis3D as { name: string }).name).toBe('Amplitude [m/s²]');
    expect(wide.title).toBeUndefined();
    expect((wide.yAxis3D as { axisLabel?: unknown }).axisLabel).toBeUndefined();
  });

  it('exports the points shown, x in the unit shown', () => {
    const rows = spectrumExcelRows([spectrum], 'cpm', { xMin: 1440, xMax: 1560 });
    expect(rows).toEqual([
      ['capture A', 1440, 0.1],
      ['capture A', 1500, 3],
      ['capture A', 1560, 0.1],
    ]);
  });
});

describe('Hz and CPM carry the typed range (issue 27 item 1)', () => {
  it('turns a typed x range into the same frequencies in the other unit, y and empty text as typed', () => {
    const typed = { xMin: '100', xMax: '500', yMin: '0', yMax: '2' };
    expect(convertRangeInputs(typed, 'hz', 'cpm')).toEqual({
      xMin: '6000',
      xMax: '30000',
      yMin: '0',
      yMax: '2',
    });
    expect(convertRangeInputs({ ...typed, xMin: '6000', xMax: '30000' }, 'cpm', 'hz')).toEqual(typed);
    expect(convertRangeInputs({ ...typed, xMin: '', xMax: 'abc' }, 'hz', 'cpm')).toMatchObject({
      xMin: '',
      xMax: 'abc',
    });
    expect(convertRangeInputs(typed, 'hz', 'hz')).toBe(typed);
  });

  it('keeps the points of the typed range in view after the switch', () => {
    const range = parseSpectrumRange(
      convertRangeInputs({ xMin: '100', xMax: '500', yMin: '', yMax: '' }, 'hz', 'cpm'),
      60_000,
    );
    expect(range).toEqual({ xMin: 6000, xMax: 30_000 });
  });
});
