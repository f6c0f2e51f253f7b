import { useMemo, useState } from 'react';
import {
  type DateMode,
  type DateRange,
  defaultDateRange,
  earliestDate,
  rangeInstants,
  requestWidth,
} from './chart-logic.ts';

/**
 * The toolbar state of a time series chart: date type, date range (company calendar days), the chart's pixel
 * width and a reload counter; the range opens on the last 30 days, or `days`. `query` is what to ask the series API for (as many columns as the plot area has
 * pixels), undefined until the width is known or while the range is invalid; charts refetch when it changes
 * (spec 02 §4).
 */
export function useChartControls(timeZone: string, { days }: { days?: number } = {}) {
  const [mode, setModeState] = useState<DateMode>('normal');
  const [range, setRange] = useState<DateRange>(() => defaultDateRange(new Date(), timeZone, days));
  const [width, setWidth] = useState(0);
  const [reloads, setReloads] = useState(0);

  const query = useMemo(() => {
    const instants = rangeInstants(range, timeZone);
    if (!instants || width <= 0) return undefined;
    return { ...instants, width: requestWidth(width), isNormal: mode === 'normal', reloads };
  }, [range, timeZone, width, mode, reloads]);

  /** 'Last 6 months' pulls a range that starts earlier up to its first allowed day. */
  const setMode = (next: DateMode) => {
    setModeState(next);
    const earliest = earliestDate(next, new Date(), timeZone);
    if (earliest && range.from < earliest)
      setRange({ from: earliest, to: range.to < earliest ? earliest : range.to });
  };

  return {
    mode,
    setMode,
    range,
    setRange,
    minDate: earliestDate(mode, new Date(), timeZone),
    maxDate: defaultDateRange(new Date(), timeZone).to,
    width,
    setWidth,
    query,
    reload: () => setReloads((count) => count + 1),
  };
}

export type ChartControls = ReturnType<typeof useChartControls>;
