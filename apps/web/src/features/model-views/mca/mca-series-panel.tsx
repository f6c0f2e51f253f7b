import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import type { McaSeriesRow } from '@sdp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, excelFileName } from '../../../components/charts/chart-logic.ts';
import { TimeSeriesChart } from '../../../components/charts/time-series-chart.tsx';
import { useChartControls } from '../../../components/charts/use-chart-controls.ts';
import { useBaselineBands } from '../shared/use-baseline-bands.ts';
import { useMcaSeries } from './api/get-mca-series.ts';

export type McaPhase = 'IA' | 'IB' | 'IC';
export const MCA_PHASES: readonly McaPhase[] = ['IA', 'IB', 'IC'];
const PHASE_KEY = { IA: 'Ia', IB: 'Ib', IC: 'Ic' } as const;

/**
 * The chart series of a row: a phase tag (I0, speed, THDi) and every Frequency Detail level draw the chosen phase,
 * the others their one series.
 */
export function rowSeries(row: McaSeriesRow, phase: McaPhase): ChartSeries {
  const data = row.phased ? row[PHASE_KEY[phase]] : { values: row.values, timestamp: row.timestamp };
  return {
    tag: row.phased ? `${row.tagCode}.${phase}` : row.tagCode,
    name: row.phased ? `${row.name} ${phase}` : row.name,
    unit: row.unit,
    warning: row.warning,
    alarm: row.alarm,
    points: (data?.timestamp ?? []).map((t, i) => [t, data?.values[i] ?? 0] as const),
  };
}

type McaSeriesPanelProps = {
  modelId: string;
  modelCode: string;
  timeZone: string;
  tabId: 21 | 22;
  title: string;
};

/**
 * Time Series Detail (21) and Frequency Detail (22) of the MCA dashboard (spec 02 §2.7): a tag, the phase dropdown
 * only for the phase tags (I0, speed, THDi) and on Frequency Detail, date type, range, reload, Excel, axis inputs and
 * Default.
 */
export function McaSeriesPanel({ modelId, modelCode, timeZone, tabId, title }: McaSeriesPanelProps) {
  const { t } = useTranslation();
  const controls = useChartControls(timeZone);
  const { query } = controls;
  const data = useMcaSeries(
    modelId,
    query
      ? {
          tabId,
          from: query.from,
          to: query.to,
          isNormal: query.isNormal,
          width: query.width,
          reloads: query.reloads,
        }
      : undefined,
  );
  const rows = data.data ?? [];
  const [chosen, setChosen] = useState<string>();
  const [phase, setPhase] = useState<McaPhase>('IA');
  const row = rows.find((candidate) => candidate.tagCode === chosen) ?? rows[0];
  const bands = useBaselineBands(modelId);
  // A level's learned band (issue 25 item 4) is drawn on whichever phase is shown, like its warning and alarm lines.
  const series = useMemo(
    () => (row ? bands([rowSeries(row, phase)], () => row.tagCode) : []),
    [row, phase, bands],
  );
  return (
    <TimeSeriesChart
      title={title}
      timeZone={timeZone}
      controls={controls}
      series={data.isError ? [] : series}
      loading={data.isFetching && !data.isPlaceholderData ? true : data.isPending && query !== undefined}
      error={data.isError ? t('mca.loadFailed') : undefined}
      onRetry={() => void data.refetch()}
      excelFileName={excelFileName({ kind: 'tab', modelCode, tab: title })}
      pointNotes
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        <FormControl size="small" sx={{ minWidth: 260 }}>
          <InputLabel id={`mca-tag-${tabId}`}>{t('mca.tag')}</InputLabel>
          <Select
            labelId={`mca-tag-${tabId}`}
            label={t('mca.tag')}
            value={row?.tagCode ?? ''}
            onChange={(event) => setChosen(event.target.value)}
          >
            {rows.map((one) => (
              <MenuItem key={one.tagCode} value={one.tagCode}>
                {one.unit ? `${one.name} [${one.unit}]` : one.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {row?.phased ? (
          <FormControl size="small" sx={{ minWidth: 120 }}>
            <InputLabel id={`mca-phase-${tabId}`}>{t('mca.phase')}</InputLabel>
            <Select
              labelId={`mca-phase-${tabId}`}
              label={t('mca.phase')}
              value={phase}
              onChange={(event) => setPhase(event.target.value as McaPhase)}
            >
              {MCA_PHASES.map((one) => (
                <MenuItem key={one} value={one}>
                  {one}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        ) : null}
      </Stack>
    </TimeSeriesChart>
  );
}
