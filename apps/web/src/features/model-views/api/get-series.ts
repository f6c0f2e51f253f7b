import { keepPreviousData } from '@tanstack/react-query';
import type { ChartSeries } from '../../../components/charts/chart-logic.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

/** One series a model has (`GET /equipment-models/{id}/series`): an input or a computed feature. */
export interface ModelSeriesInfo {
  tag: string;
  /** What people call it: the sensor type's name, else the tag spelled out. */
  name: string;
  unit: string;
  source: 'input' | 'feature';
  lastTs: string | null;
  lastValue: number | null;
  status: number | null;
  warning: number | null;
  alarm: number | null;
}

export function useModelSeriesList(modelId: string) {
  return useQuery({
    queryKey: modelViewKeys.seriesList(modelId),
    queryFn: ({ signal }) =>
      apiClient.get<ModelSeriesInfo[]>(`/api/v1/equipment-models/${modelId}/series`, { signal }),
  });
}

export interface SeriesQuery {
  tags: readonly string[];
  from: string;
  to: string;
  /** The chart's pixel width: M4 keeps at most four points per column. */
  width: number;
}

interface SeriesDataResponse {
  series: {
    tag: string;
    name: string;
    unit: string;
    warning: number | null;
    alarm: number | null;
    direction: 'high' | 'low';
    points: [number, number][];
  }[];
}

/** Series over a range, downsampled by the server with M4 to the chart width (`…/series/data`). */
export async function getSeriesData(
  modelId: string,
  query: SeriesQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ChartSeries[]> {
  const answer = await apiClient.get<SeriesDataResponse>(`/api/v1/equipment-models/${modelId}/series/data`, {
    signal,
    query: { tags: query.tags.join(','), from: query.from, to: query.to, width: query.width, method: 'm4' },
  });
  return answer.series;
}

/** Fetches when a query is given (the chart knows its width and the range is valid); keeps the last data meanwhile. */
export function useSeriesData(modelId: string, query: (SeriesQuery & { reloads?: number }) | undefined) {
  return useQuery({
    queryKey: modelViewKeys.seriesData(modelId, query),
    queryFn: ({ signal }) => getSeriesData(modelId, query as SeriesQuery, { signal }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}
