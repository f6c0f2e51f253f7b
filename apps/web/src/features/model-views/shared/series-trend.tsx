import { TimeSeriesChart } from '../../../components/charts/time-series-chart.tsx';
import { useChartControls } from '../../../components/charts/use-chart-controls.ts';
import { useSeriesData } from '../api/get-series.ts';
import { useBaselineBands } from './use-baseline-bands.ts';

type SeriesTrendProps = {
  modelId: string;
  tags: readonly string[];
  title: string;
  timeZone: string;
  excelFileName: string;
  /** Offers the logarithmic y axis (health monitoring, spec 02 §9). */
  logToggle?: boolean;
};

/**
 * A trend of a model's tags with their limits and learned baselines' bands, drawn with the chart kit from the
 * downsampled series API.
 */
export function SeriesTrend({ modelId, tags, title, timeZone, excelFileName, logToggle }: SeriesTrendProps) {
  const controls = useChartControls(timeZone);
  const bands = useBaselineBands(modelId);
  const { query } = controls;
  const data = useSeriesData(
    modelId,
    query ? { tags, from: query.from, to: query.to, width: query.width, reloads: query.reloads } : undefined,
  );
  return (
    <TimeSeriesChart
      title={title}
      timeZone={timeZone}
      controls={controls}
      series={data.isError || !data.data ? [] : bands(data.data)}
      loading={data.isFetching && !data.isPlaceholderData ? true : data.isPending && query !== undefined}
      excelFileName={excelFileName}
      pointNotes
      logToggle={logToggle}
    />
  );
}
