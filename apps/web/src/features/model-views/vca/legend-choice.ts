import type { ChartSeries } from '../../../components/charts/chart-logic.ts';

/** What the Trend Signal legend shows (spec 02 §2.7, §4): every series, none, or one with its limit lines. */
export type LegendChoice = { kind: 'all' } | { kind: 'none' } | { kind: 'one'; tag: string };

/**
 * The series drawn for a legend choice. With every series on one axis their warning and alarm lines (in as many
 * units) would bury the lines, so they show only when one series is isolated.
 */
export function shownSeries(series: readonly ChartSeries[], choice: LegendChoice): ChartSeries[] {
  if (choice.kind === 'none') return [];
  if (choice.kind === 'one') return series.filter((one) => one.tag === choice.tag);
  return series.map((one) => ({ ...one, warning: null, alarm: null }));
}
