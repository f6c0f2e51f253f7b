import { describe, expect, it } from 'vitest';
import type { ChartSeries } from '../../../components/charts/chart-logic.ts';
import { shownSeries } from './legend-choice.ts';

const series: ChartSeries[] = [
  { tag: 'dc_ripple', unit: 'V', warning: 15, alarm: 25, points: [[1, 4]] },
  { tag: 'motor_load', unit: '%', warning: 100, alarm: 110, points: [[1, 62]] },
];

describe('Trend Signal legend', () => {
  it("'All' draws every series without limit lines; none draws nothing", () => {
    expect(shownSeries(series, { kind: 'all' }).map((s) => [s.tag, s.warning, s.alarm])).toEqual([
      ['dc_ripple', null, null],
      ['motor_load', null, null],
    ]);
    expect(shownSeries(series, { kind: 'none' })).toEqual([]);
  });

  it('a series isolates it with its warning and alarm lines', () => {
    expect(shownSeries(series, { kind: 'one', tag: 'motor_load' })).toEqual([series[1]]);
  });
});
