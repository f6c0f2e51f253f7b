import { TimeSeriesChart } from '../../../components/charts/time-series-chart.tsx';
import { useChartControls } from '../../../components/charts/use-chart-controls.ts';
import { useSeriesData } from '../api/get-series.ts';
import { useBaselineBands } from './use-baseline-bands.ts';

/**
 * The room a trend takes before it is drawn, by breakpoint: the chart under its title and toolbar, whose rows wrap
 * on narrower screens. Measured on the demo's EVS and transformer trends in Chromium (28 Nov 2026: 919–935 px at
 * 390 px wide, 777–793 at 600, 691–739 at 900, 644–692 at 1200 and wider). The stand-ins were 600 px at every
 * width: a trend filling in above the one being read pushed it down by up to 330 px on a phone where the browser
 * does not anchor scrolling (Safari), and the journeys had to scroll to a chart again until it stayed (issue 29).
 */
export const TREND_STAND_IN_HEIGHT = { xs: 920, sm: 780, md: 700, lg: 650 };

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
