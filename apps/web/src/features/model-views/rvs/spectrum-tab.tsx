import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RVS_MAX_DATA_SETS, type RvsMark } from '@sdp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { excelFileName } from '../../../components/charts/chart-logic.ts';
import { SpectrumChart } from '../../../components/charts/spectrum-chart.tsx';
import { captureTime } from '../shared/capture-label.ts';
import { useSpectrum } from './api/get-spectrum.ts';
import { GraphSelectors, useGraphSelectors } from './graph-selectors.tsx';
import { pageOf, RvsTablePager } from './rvs-table-pager.tsx';

const MARKS: readonly RvsMark[] = [
  'mark_machine_speed',
  'mark_bsf',
  'mark_ftf',
  'mark_bpfo',
  'mark_bpfi',
  'mark_gmf',
  'mark_sbin',
  'mark_sbout',
  'mark_bpf',
];

/** 2D Spectrum (spec 03 §2.5): the kit's spectrum chart with the server's fault-frequency marks, and the table. */
export function SpectrumTab({
  modelId,
  modelCode,
  timeZone,
}: {
  modelId: string;
  modelCode: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const selectors = useGraphSelectors(modelId, undefined, RVS_MAX_DATA_SETS);
  const [mark, setMark] = useState<RvsMark | 'none'>('none');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(5);
  const search = selectors.search;
  const query = useSpectrum(
    modelId,
    search && {
      sensor: search.sensor,
      phase: search.phase,
      axis: search.axis,
      fileNames: search.fileNames,
      mark: mark === 'none' ? null : mark,
    },
  );
  const data = search ? query.data : undefined;
  const series = useMemo(
    () =>
      data?.series.map((one) => ({
        name: captureTime(search?.capturedAt[one.file_name], timeZone) ?? one.file_name,
        points: one.data,
      })),
    [data, search, timeZone],
  );
  const marks = useMemo(() => data?.marks, [data]);
  const rows = data?.table ?? [];
  return (
    <>
      <GraphSelectors state={selectors} timeZone={timeZone}>
        <TextField
          select
          size="small"
          label={t('rvs.markType')}
          value={mark}
          onChange={(event) => setMark(event.target.value as RvsMark | 'none')}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="none">{t('rvs.marks.none')}</MenuItem>
          {MARKS.map((one) => (
            <MenuItem key={one} value={one}>
              {t(`rvs.marks.${one}`)}
            </MenuItem>
          ))}
        </TextField>
      </GraphSelectors>
      {data?.shaftHz ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('rvs.runningSpeed', {
            rpm: (data.shaftHz * 60).toFixed(0),
            source: t(`rvs.speedSource.${data.shaftSource ?? 'sensor'}`),
          })}
          {data.markNote ? ` · ${data.markNote}` : ''}
        </Typography>
      ) : null}
      <SpectrumChart
        title={t('rvs.tabs.spectrum')}
        series={series}
        loading={Boolean(search) && query.isFetching}
        unitLabel={data?.unit ?? ''}
        emptyMessage={t('rvs.empty.spectrum')}
        error={query.isError ? query.error.message : undefined}
        onRetry={() => void query.refetch()}
        faultMarks={marks}
        excelFileName={excelFileName({ kind: 'tab', modelCode, tab: 'rvs_spectrum' })}
        resetKey={search?.count}
      />
      <TableContainer sx={{ mt: 2 }}>
        <Table size="small" aria-label={t('rvs.tabs.spectrum')}>
          <TableHead>
            <TableRow>
              {(
                ['sensorName', 'vibrationUnit', 'axis', 'faultFrequencies', 'x', 'y', 'fileName'] as const
              ).map((column) => (
                <TableCell key={column}>{t(`rvs.columns.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {pageOf(rows, page, perPage).map((row) => (
              <TableRow key={`${row.file_name}-${row.mark_type}-${row.x}`}>
                <TableCell>{row.sensor_name}</TableCell>
                <TableCell>{t(`rvs.units.${row.phase}`)}</TableCell>
                <TableCell>{row.axis}</TableCell>
                <TableCell>{row.mark_type}</TableCell>
                <TableCell>{row.x.toFixed(2)}</TableCell>
                <TableCell>{row.y.toFixed(2)}</TableCell>
                <TableCell>{row.file_name}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <RvsTablePager
        total={rows.length}
        page={page}
        perPage={perPage}
        onPage={setPage}
        onPerPage={setPerPage}
      />
    </>
  );
}
