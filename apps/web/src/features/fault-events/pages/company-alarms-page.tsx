import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CompanyAlarm } from '@sdp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { describeFailure } from '../../../lib/errors.ts';
import { canIn } from '../../../lib/permissions.ts';
import { findCompany, useSession } from '../../../lib/session.tsx';
import { resolveTimeZone } from '../../../lib/time.ts';
import { type CompanyAlarmFilters, useCompanyAlarms } from '../api/get-company-alarms.ts';
import { AlarmCards, SeverityChip } from '../components/alarm-cards.tsx';
import { BulkActionDialog, type BulkTarget } from '../components/bulk-action-dialog.tsx';
import { EventLifecycleNote, stillActiveOf } from '../components/event-lifecycle.tsx';
import { formatEventTime, twoDecimals } from '../components/event-time.ts';
import { eventMessage } from '../components/event-words.ts';

const MODEL_TYPES = [
  [1, 'Transformer'],
  [2, 'MCA'],
  [3, 'VCA'],
  [4, 'EVS'],
  [5, 'RVS'],
] as const;

/**
 * `/company/:id/alarms` (issue 15 item 4): every fault event of the company's equipment you see, filtered by
 * status, model type, acknowledgement and age, sorted; each opens its model at the event. Live events reload it.
 * Those who may act (ManageFaultEvents) tick open events and Acknowledge or mark them Done together (issue 26
 * item 5), with one comment, in one dialog.
 */
export function CompanyAlarmsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const { me } = useSession();
  const zone = resolveTimeZone(findCompany(me, id)?.time_zone);
  const [filters, setFilters] = useState<CompanyAlarmFilters>({ status: 'open', sort: 'newest' });
  const alarms = useCompanyAlarms(id, filters);
  const set = <K extends keyof CompanyAlarmFilters>(key: K, value: CompanyAlarmFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));
  const items = alarms.data?.items ?? [];
  const canAct = canIn(me, id, 'ManageFaultEvents');
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [bulk, setBulk] = useState<BulkTarget | null>(null);
  // Only open events on screen can be acted on: a filter change or a reload drops the others from the selection.
  const selectable = items.filter((event) => !event.isDone);
  const selected = selectable.filter((event) => ticked.has(event.id));
  const allTicked = selectable.length > 0 && selected.length === selectable.length;
  const unacknowledged = selected.filter((event) => !event.isAcknowledged).length;
  const toggle = (eventId: number) =>
    setTicked((current) => {
      const next = new Set(current);
      if (!next.delete(eventId)) next.add(eventId);
      return next;
    });
  const act = (action: BulkTarget['action']) =>
    setBulk({
      action,
      ids: selected.map((event) => event.id),
      modelIds: [...new Set(selected.map((event) => event.modelId))],
      stillActive: stillActiveOf(selected),
    });
  // One event from its card (phones): that event alone, whatever else is ticked.
  const actOn = (event: CompanyAlarm, action: BulkTarget['action']) =>
    setBulk({ action, ids: [event.id], modelIds: [event.modelId], stillActive: stillActiveOf([event]) });
  const columns = canAct ? 9 : 8;
  // Below 600 px the table's columns would scroll off-screen: cards show status, what, when and the action.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

  return (
    <>
      <PageHeader title={t('faultEvents.listTitle')} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('faultEvents.listIntro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            select
            size="small"
            label={t('faultEvents.status')}
            value={filters.status}
            onChange={(event) => set('status', event.target.value as CompanyAlarmFilters['status'])}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="open">{t('faultEvents.statusOpen')}</MenuItem>
            <MenuItem value="done">{t('faultEvents.statusDone')}</MenuItem>
            <MenuItem value="all">{t('faultEvents.statusAll')}</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            label={t('faultEvents.modelType')}
            value={filters.modelTypeId ?? 0}
            onChange={(event) => set('modelTypeId', Number(event.target.value) || undefined)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value={0}>{t('faultEvents.anyType')}</MenuItem>
            {MODEL_TYPES.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('faultEvents.acknowledged')}
            value={filters.acknowledged ?? 'any'}
            onChange={(event) =>
              set(
                'acknowledged',
                event.target.value === 'any' ? undefined : (event.target.value as 'yes' | 'no'),
              )
            }
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="any">{t('faultEvents.any')}</MenuItem>
            <MenuItem value="yes">{t('faultEvents.yes')}</MenuItem>
            <MenuItem value="no">{t('faultEvents.no')}</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            label={t('faultEvents.age')}
            value={filters.age ?? 'any'}
            onChange={(event) =>
              set(
                'age',
                event.target.value === 'any' ? undefined : (event.target.value as CompanyAlarmFilters['age']),
              )
            }
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="any">{t('faultEvents.ageAny')}</MenuItem>
            <MenuItem value="day">{t('faultEvents.ageDay')}</MenuItem>
            <MenuItem value="week">{t('faultEvents.ageWeek')}</MenuItem>
            <MenuItem value="older">{t('faultEvents.ageOlder')}</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            label={t('faultEvents.sort')}
            value={filters.sort}
            onChange={(event) => set('sort', event.target.value as CompanyAlarmFilters['sort'])}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="newest">{t('faultEvents.sortNewest')}</MenuItem>
            <MenuItem value="oldest">{t('faultEvents.sortOldest')}</MenuItem>
            <MenuItem value="severity">{t('faultEvents.sortSeverity')}</MenuItem>
            <MenuItem value="model">{t('faultEvents.sortModel')}</MenuItem>
          </TextField>
          <Box sx={{ flexGrow: 1 }} />
          {alarms.data ? (
            <Typography sx={{ alignSelf: 'center' }} color="text.secondary">
              {t('faultEvents.total', { count: alarms.data.total })}
            </Typography>
          ) : null}
        </Stack>
      </Paper>
      {alarms.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void alarms.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {describeFailure(alarms.error, t('faultEvents.loadFailed'), t)}
        </Alert>
      ) : null}
      {canAct && selected.length > 0 ? (
        <Paper variant="outlined" sx={{ mb: 1 }}>
          <Toolbar
            role="toolbar"
            variant="dense"
            sx={{ gap: 1, flexWrap: 'wrap' }}
            aria-label={t('faultEvents.bulkToolbar')}
          >
            <Typography sx={{ flexGrow: 1 }}>
              {t('faultEvents.selected', { count: selected.length })}
            </Typography>
            {unacknowledged > 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('faultEvents.doneNeedsAck', { count: unacknowledged })}
              </Typography>
            ) : null}
            <Button variant="contained" onClick={() => act('acknowledge')}>
              {t('faultEvents.acknowledge')}
            </Button>
            <Button
              variant="contained"
              color="success"
              disabled={unacknowledged > 0}
              onClick={() => act('done')}
            >
              {t('faultEvents.done')}
            </Button>
            <Button onClick={() => setTicked(new Set())}>{t('faultEvents.clearSelection')}</Button>
          </Toolbar>
        </Paper>
      ) : null}
      {alarms.isPending ? (
        // Until the first answer, a block where the list will be: a table drawn empty would change its column
        // widths and header height when the rows come (issue 29: layout shift); nothing stands below it.
        <Skeleton variant="rounded" height={phone ? 480 : 600} />
      ) : phone ? (
        <AlarmCards
          items={items}
          zone={zone}
          emptyMessage={t('faultEvents.empty')}
          canAct={canAct}
          ticked={ticked}
          onToggle={toggle}
          onAct={actOn}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('faultEvents.listTitle')} sx={{ minWidth: 900 }}>
            <TableHead>
              <TableRow>
                {canAct ? (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allTicked}
                      indeterminate={selected.length > 0 && !allTicked}
                      disabled={selectable.length === 0}
                      onChange={() =>
                        setTicked(allTicked ? new Set() : new Set(selectable.map((event) => event.id)))
                      }
                      slotProps={{ input: { 'aria-label': t('faultEvents.selectAllOpen') } }}
                    />
                  </TableCell>
                ) : null}
                <TableCell>{t('faultEvents.dateTime')}</TableCell>
                <TableCell>{t('faultEvents.model')}</TableCell>
                <TableCell>{t('faultEvents.equipment')}</TableCell>
                <TableCell>{t('faultEvents.alarmMessage')}</TableCell>
                <TableCell>{t('faultEvents.alarmType')}</TableCell>
                <TableCell align="right">{t('faultEvents.alarmValue')}</TableCell>
                <TableCell>{t('faultEvents.acknowledged')}</TableCell>
                <TableCell>{t('faultEvents.done')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.length === 0 ? (
                <EmptyTableRow columns={columns} message={t('faultEvents.empty')} />
              ) : (
                items.map((event) => (
                  <TableRow key={event.id} hover selected={ticked.has(event.id) && !event.isDone}>
                    {canAct ? (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={ticked.has(event.id) && !event.isDone}
                          disabled={event.isDone}
                          onChange={() => toggle(event.id)}
                          slotProps={{
                            input: {
                              'aria-label': t('faultEvents.selectEvent', {
                                message: eventMessage(event, i18n.language),
                                model: event.modelName,
                                date: formatEventTime(event.eventDate, zone),
                              }),
                            },
                          }}
                        />
                      </TableCell>
                    ) : null}
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatEventTime(event.eventDate, zone)}
                    </TableCell>
                    <TableCell>
                      <Link component={RouterLink} to={`/model/${event.modelId}?event=${event.id}`}>
                        {event.modelName}
                      </Link>
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {MODEL_TYPES.find(([value]) => value === event.modelTypeId)?.[1]} · {event.modelCode}
                      </Typography>
                    </TableCell>
                    <TableCell>{event.equipmentTagName}</TableCell>
                    <TableCell>
                      {eventMessage(event, i18n.language)}
                      <EventLifecycleNote event={event} timeZone={zone} />
                    </TableCell>
                    <TableCell>
                      <SeverityChip alarmType={event.alarmType} />
                    </TableCell>
                    <TableCell align="right">
                      {twoDecimals(event.alarmValue)}
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {t('faultEvents.limits', {
                          warning: twoDecimals(event.warningLimit),
                          alarm: twoDecimals(event.alarmLimit),
                        })}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {event.isAcknowledged
                        ? `${event.acknowledged_by_user?.name || event.acknowledged_by_user?.email || ''} · ${formatEventTime(event.acknowledgedAt, zone)}`
                        : t('faultEvents.no')}
                    </TableCell>
                    <TableCell>{event.isDone ? formatEventTime(event.doneAt, zone) : '-'}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <BulkActionDialog
        target={bulk}
        onClose={() => setBulk(null)}
        onDone={() => {
          setBulk(null);
          setTicked(new Set());
        }}
      />
    </>
  );
}
