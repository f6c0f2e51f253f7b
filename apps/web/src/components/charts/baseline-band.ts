import type { ChartSeries } from './chart-logic.ts';

/** What the kit needs of a learned baseline (`GET /equipment-models/{id}/baseline`'s tags). */
export interface LearnedBand {
  tag: string;
  state: 'learning' | 'learned';
  centre: number | null;
  warning: number | null;
}

/**
 * The series with the normal band of each learned baseline (issue 25 item 4): centred on the learned median and
 * reaching the learned warning, the same distance on the other side (not below zero for a value whose median is
 * positive: an amplitude is never negative). Values still learning get no band. `tagOf` names the monitored value a
 * drawn series shows when its chart tag is not that value's tag (a phase of an MCA level, an RVS sensor axis);
 * undefined leaves the series without a band.
 */
export function withBaselineBands(
  series: readonly ChartSeries[],
  bands: readonly LearnedBand[] | undefined,
  label: string,
  tagOf: (one: ChartSeries, index: number) => string | undefined = (one) => one.tag,
): ChartSeries[] {
  const learned = new Map(
    (bands ?? []).flatMap((band) =>
      band.state === 'learned' && band.centre !== null && band.warning !== null
        ? [[band.tag, { centre: band.centre, half: Math.abs(band.warning - band.centre) }] as const]
        : [],
    ),
  );
  return series.map((one, index) => {
    const tag = tagOf(one, index);
    const band = tag === undefined ? undefined : learned.get(tag);
    if (!band) return one;
    const low = band.centre - band.half;
    return {
      ...one,
      baseline: { low: band.centre >= 0 ? Math.max(0, low) : low, high: band.centre + band.half, label },
    };
  });
}

/** The y values a series' band needs on its axis, so the band is in view whatever the data does. */
export function baselineExtent(series: readonly ChartSeries[]): number[] {
  return series.flatMap((one) => (one.baseline ? [one.baseline.low, one.baseline.high] : []));
}
