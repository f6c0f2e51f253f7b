import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { withBaselineBands } from '../../../components/charts/baseline-band.ts';
import type { ChartSeries } from '../../../components/charts/chart-logic.ts';
import { useModelBaseline } from '../api/get-model-baseline.ts';

/**
 * Adds the model's learned baselines' bands (issue 25 item 4) to the series of any of its trend charts: the band of
 * the monitored value each series shows, named 'Learned baseline'. `tagOf` maps a chart series to that value's tag
 * when the chart keys it otherwise.
 */
export function useBaselineBands(modelId: string) {
  const { t } = useTranslation();
  const baseline = useModelBaseline(modelId);
  const tags = baseline.data?.tags;
  const label = t('baseline.band');
  return useCallback(
    (series: readonly ChartSeries[], tagOf?: (one: ChartSeries, index: number) => string | undefined) =>
      withBaselineBands(series, tags, label, tagOf),
    [tags, label],
  );
}
