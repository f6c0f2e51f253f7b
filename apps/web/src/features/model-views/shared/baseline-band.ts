import type { ModelBaseline } from '@sdp/contracts';
import type { ChartSeries } from '../../../components/charts/chart-logic.ts';

/**
 * The series with the normal band of each learned baseline (issue 25 item 4): centred on the learned median and
 * reaching the learned warning, the same distance on the other side. Values still learning get no band.
 */
export function withBaselineBands(
  series: readonly ChartSeries[],
  baseline: Pick<ModelBaseline, 'tags'> | undefined,
  label: string,
): ChartSeries[] {
  const bands = new Map(
    (baseline?.tags ?? []).flatMap((tag) =>
      tag.state === 'learned' && tag.centre !== null && tag.warning !== null
        ? [[tag.tag, { centre: tag.centre, half: Math.abs(tag.warning - tag.centre) }] as const]
        : [],
    ),
  );
  return series.map((one) => {
    const band = bands.get(one.tag);
    return band
      ? { ...one, baseline: { low: band.centre - band.half, high: band.centre + band.half, label } }
      : one;
  });
}
