import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import { describeError } from '../../../lib/errors.ts';
import { modelStatusKind } from '../../../lib/model-status.ts';
import { formatDateTimeIn } from '../../../lib/time.ts';
import { useOverallStatus } from '../api/get-overall-status.ts';
import {
  alarmDurationMs,
  formatDuration,
  type OverviewView,
  type SortKey,
  viewRows,
} from './overview-table-logic.ts';

const COLUMNS: readonly SortKey[] = ['equipment', 'model', 'type', 'status', 'alarmSince', 'lastData'];
/** Below 600 px (issue 27.3): status, what (model, with its equipment and type) and since when, on screen. */
const PHONE_COLUMNS: readonly SortKey[] = ['status', 'model', 'alarmSince'];

/**
 * Every model of the company the user sees (issue 13 item 5): equipment, model, model type, status, how long it has
 * been in warning or alarm, and its last data; filtered by the count card chosen and sorted by any column. The
 * view lives in the address (`status`, `sort`, `dir`).
 */
export function ModelStatusTable({
  companyId,
  timeZone,
  view,
  onViewChange,
}: {
  companyId: string;
  timeZone: string;
  view: OverviewView;
  onViewChange: (view: OverviewView) => void;
}) {
  const { t, i18n } = useTranslation();
  const overall = useOverallStatus(companyId);
  const now = overall.dataUpdatedAt || Date.now();
  const rows = useMemo(() => viewRows(overall.data ?? [], view, now), [overall.data, view, now]);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const columns = phone ? PHONE_COLUMNS : COLUMNS;

  if (overall.isPending) return <Skeleton variant="rounded" height={240} />;
  if (overall.isError)
    return (
      <EmptyState message={describeError(overall.error, t)}>
        <Button onClick={() => void overall.refetch()}>{t('common.retry')}</Button>
      </EmptyState>
    );

  const sortBy = (column: SortKey) =>
    onViewChange({
      ...view,
      sort: column,
      dir:
        view.sort === column
          ? view.dir === 'asc'
            ? 'desc'
            : 'asc'
          : column === 'alarmSince'
            ? 'desc'
            : 'asc',
    });

  return (
    <Box component="section" aria-labelledby="overview-models">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="overview-models" variant="h6" component="h2">
          {t('companyOverview.modelsHeading', { count: rows.length })}
        </Typography>
        {view.status !== 'all' ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('companyOverview.filterBy', { status: t(`structure.overview.counts.${view.status}`) })}
            </Typography>
            <Button size="small" onClick={() => onViewChange({ ...view, status: 'all' })}>
              {t('companyOverview.clearFilter')}
            </Button>
          </>
        ) : null}
      </Box>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-labelledby="overview-models">
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell
                    key={column}
                    sortDirection={view.sort === column ? view.dir : false}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    <TableSortLabel
                      active={view.sort === column}
                      direction={view.sort === column ? view.dir : 'asc'}
                      onClick={() => sortBy(column)}
                    >
                      {t(`companyOverview.columns.${column}`)}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columns.length}>
                    <Typography color="text.secondary">{t('companyOverview.noModels')}</Typography>
                  </TableCell>
                </TableRow>
              ) : null}
              {rows.map((row) => {
                const duration = alarmDurationMs(row, now);
                const type = t(
                  `companyOverview.types.${String(row.model_type_id) as '1' | '2' | '3' | '4' | '5'}`,
                );
                const status = (
                  <TableCell key="status">
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
                      <StatusDot status={row.status} decorative />
                      {t(`modelStatus.${modelStatusKind(row.status)}`)}
                    </Box>
                  </TableCell>
                );
                const since =
                  duration !== null && row.alarmSince
                    ? t('companyOverview.since', {
                        duration: formatDuration(duration, i18n.language),
                        time: formatDateTimeIn(row.alarmSince, timeZone),
                      })
                    : null;
                const lastData = row.lastDataAt
                  ? formatDateTimeIn(row.lastDataAt, timeZone)
                  : t('companyOverview.never');
                return phone ? (
                  <TableRow key={row.model_id} data-status={row.status} hover>
                    {status}
                    <TableCell sx={{ overflowWrap: 'break-word', minWidth: 120 }}>
                      <Link to={`/model/${row.model_id}`}>{row.model_name}</Link>
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {row.equipment_name} · {type}
                      </Typography>
                    </TableCell>
                    <TableCell data-duration-ms={duration ?? ''}>
                      {/* How long only: the start time would need a second line on a phone. */}
                      <Typography variant="body2">
                        {duration !== null && since ? formatDuration(duration, i18n.language) : '–'}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {t('companyOverview.columns.lastData')}: {lastData}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ) : (
                  <TableRow key={row.model_id} data-status={row.status} hover>
                    <TableCell sx={{ fontWeight: 600 }}>
                      {row.equipment_name}
                      {row.equipment_alias && row.equipment_alias !== row.equipment_name ? (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {row.equipment_alias}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <Link to={`/model/${row.model_id}`}>{row.model_name}</Link>
                    </TableCell>
                    <TableCell>{type}</TableCell>
                    {status}
                    <TableCell sx={{ whiteSpace: 'nowrap' }} data-duration-ms={duration ?? ''}>
                      {since ?? '–'}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{lastData}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}
