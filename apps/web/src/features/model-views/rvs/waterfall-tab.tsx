import { RVS_MAX_WATERFALL } from '@sdp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WaterfallChart } from '../../../components/charts/waterfall-chart.tsx';
import { captureTime } from '../shared/capture-label.ts';
import { useWaterfall } from './api/get-waterfall.ts';
import { GraphSelectors, useGraphSelectors } from './graph-selectors.tsx';

/** Points per line: the chart's width in pixels, asked once it is known (the payload stays small). */
const FALLBACK_WIDTH = 800;

/** 3D Spectrum (spec 03 §2.6): the waterfall of the chosen data sets, oldest in front. */
export function WaterfallTab({ modelId, timeZone }: { modelId: string; timeZone: string }) {
  const { t } = useTranslation();
  const selectors = useGraphSelectors(modelId, undefined, RVS_MAX_WATERFALL);
  const [width, setWidth] = useState(0);
  const search = selectors.search;
  const query = useWaterfall(
    modelId,
    search && {
      sensor: search.sensor,
      phase: search.phase,
      axis: search.axis,
      fileNames: search.fileNames,
      width: Math.min(4000, Math.max(100, Math.round(width || FALLBACK_WIDTH))),
    },
  );
  const data = search ? query.data : undefined;
  // Each line named by its capture time in the company's zone (the depth axis' labels), not its UTC file name.
  const series = useMemo(
    () =>
      data?.series.map((one) => ({
        name: captureTime(search?.capturedAt[one.file_name], timeZone) ?? one.file_name,
        points: one.data,
      })),
    [data, search, timeZone],
  );
  return (
    <>
      <GraphSelectors state={selectors} timeZone={timeZone} />
      <WaterfallChart
        title={t('rvs.tabs.waterfall')}
        series={series}
        loading={Boolean(search) && query.isFetching}
        unitLabel={data?.unit ?? ''}
        emptyMessage={t('rvs.empty.waterfall')}
        error={query.isError ? query.error.message : undefined}
        onRetry={() => void query.refetch()}
        resetKey={search?.count}
        onWidth={(next) => setWidth((current) => (current === 0 ? next : current))}
      />
    </>
  );
}
