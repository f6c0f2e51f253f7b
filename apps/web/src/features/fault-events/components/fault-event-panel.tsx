import ExpandMore from '@mui/icons-material/ExpandMore';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { FAULT_EVENT_PAGE_SIZES, type FaultEvent } from '@sdp/contracts';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { describeFailure } from '../../../lib/errors.ts';
import { canIn } from '../../../lib/permissions.ts';
import { useSession } from '../../../lib/session.tsx';
import { resolveTimeZone } from '../../../lib/time.ts';
import { downloadFaultEventsUrl } from '../api/download-fault-events.ts';
import { useFaultEvents } from '../api/get-fault-events.ts';
import type { FaultEventAction } from '../api/send-fault-event-comment.ts';
import { EventLifecycleNote, type StillActiveEntry, stillActiveOf } from './event-lifecycle.tsx';
import { formatEventTime, twoDecimals } from './event-time.ts';
import { eventMessage } from './event-words.ts';
import { FaultEventActionDialog } from './fault-event-action-dialog.tsx';
import { FaultEventDetailsDialog } from './fault-event-details-dialog.tsx';

const ALARM_COLOUR = '#D9263B';
const WARNING_COLOUR = '#FCA239';
type Kind = 'all' | 'alarm' | 'warning';
const ALARM_TYPE: Record<Kind, 0 | 1 | 2> = { all: 0, alarm: 2, warning: 1 };

type FaultEventPanelProps = { modelId: string; companyId: string; timeZone: string };

/** Page and entries per page of one table (spec 03 §2.14, §9: 5, 10, 15, All; default 5); the server pages. */
function usePage() {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(5);
  return {
    page,
    size,
    setPage,
    setSize: (next: number) => {
      setSize(next);
      setPage(0);
    },
    /** Back to the last page when the list shrank under the one shown (an event closed, a filter changed). */
    clamp: useCallback(
      (total: number) => {
        const last = size === -1 ? 0 : Math.max(0, Math.ceil(total / size) - 1);
        if (page > last) setPage(last);
      },
      [page, size],
    ),
  };
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

function TypeChip({ type }: { type: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={type === 2 ? t('faultEvents.alarm') : t('faultEvents.warning')}
      sx={{ bgcolor: type === 2 ? ALARM_COLOUR : WARNING_COLOUR, color: type === 2 ? '#fff' : '#1a1a1a' }}
    />
  );
}

function AlarmValue({ event }: { event: FaultEvent }) {
  const { t } = useTranslation();
  return (
    <Tooltip
      title={t('faultEvents.limits', {
        warning: twoDecimals(event.warningLimit),
        alarm: twoDecimals(event.alarmLimit),
      })}
    >
      <Box component="span" tabIndex={0} sx={{ textDecoration: 'underline dotted', cursor: 'help' }}>
        {twoDecimals(event.alarmValue)}
      </Box>
    </Tooltip>
  );
}

/**
 * Fault Event Alarm panel of every model page (spec 03 §2.14, §4.4): open when there are new alarms; chips All /
 * Alarm / Warning filter both tables; Select All and acknowledge them at once; Acknowledge (Update once
 * acknowledged), Done (only after acknowledge) and Details per event; the history below; month / year filter;
 * 'Download format' (Excel). Who may not act (MEMBER) sees the lists only. Live events reload it.
 */
export function FaultEventPanel({ modelId, companyId, timeZone }: FaultEventPanelProps) {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const zone = resolveTimeZone(timeZone);
  const [month, setMonth] = useState(0);
  const [year, setYear] = useState(0);
  const [kind, setKind] = useState<Kind>('all');
  const newPage = usePage();
  const historyPage = usePage();
  const events = useFaultEvents(modelId, {
    month,
    year,
    alarmType: ALARM_TYPE[kind],
    pageSize: newPage.size,
    historyPageSize: historyPage.size,
    newPage: newPage.page,
    historyPage: historyPage.page,
  });
  // Below 600 px the new events show in two columns (the event; its actions), so status, what, when and
  // Acknowledge stay on screen without scrolling sideways (issue 27.3).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [expanded, setExpanded] = useState<boolean | undefined>(undefined);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [action, setAction] = useState<{
    action: FaultEventAction;
    ids: number[];
    emails: string[];
    comment: string;
    stillActive?: StillActiveEntry[];
  } | null>(null);
  const [details, setDetails] = useState<{ id: number; history: boolean | undefined } | null>(null);
  const [search, setSearch] = useSearchParams();
  const canAct = canIn(me, companyId, 'ManageFaultEvents');

  const shownNew = events.data?.new_alarm ?? [];
  const shownHistory = events.data?.alarm_history ?? [];
  const counts = events.data?.open_counts ?? { all: 0, alarm: 0, warning: 0 };
  const newTotal = events.data?.new_total ?? 0;
  const historyTotal = events.data?.history_total ?? 0;
  const isExpanded = expanded ?? counts.all > 0;
  // Opened by default once open events exist (spec 03 §2.14), and kept open after that: closing the last event
  // with Done must not fold the panel away from the history the user is about to read.
  useEffect(() => {
    if (expanded === undefined && counts.all > 0) setExpanded(true);
  }, [expanded, counts.all]);
  const { clamp: clampNew } = newPage;
  const { clamp: clampHistory } = historyPage;
  useEffect(() => clampNew(newTotal), [clampNew, newTotal]);
  useEffect(() => clampHistory(historyTotal), [clampHistory, historyTotal]);

  // Opened from the alarm list or a mail at one event: show its details once.
  const focus = Number(search.get('event'));
  useEffect(() => {
    if (!focus) return;
    setExpanded(true);
    // Which title it gets (history or not) is read from the event itself: it may be on no page shown.
    setDetails({ id: focus, history: undefined });
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('event');
        return next;
      },
      { replace: true },
    );
  }, [focus, setSearch]);

  const allSelected = shownNew.length > 0 && shownNew.every((event) => selected.has(event.id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const chosen = shownNew.filter((event) => selected.has(event.id) && !event.isAcknowledged);
  const thisYear = dayjs().tz(zone).year();
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i);

  const pagination = (state: ReturnType<typeof usePage>, total: number) => (
    <TablePagination
      component="div"
      count={total}
      page={state.page}
      rowsPerPage={state.size}
      rowsPerPageOptions={FAULT_EVENT_PAGE_SIZES.map((size) =>
        size === -1 ? { label: t('faultEvents.all'), value: -1 } : size,
      )}
      onPageChange={(_event, next) => state.setPage(next)}
      onRowsPerPageChange={(event) => state.setSize(Number(event.target.value))}
      labelRowsPerPage={t('pagination.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('pagination.displayed', { from, to, count })}
    />
  );

  // Each new event's actions, in its own cells on wide screens and stacked in one on a phone.
  const ackCell = (event: FaultEvent) =>
    canAct ? (
      <Button
        size="small"
        variant={event.isAcknowledged ? 'outlined' : 'contained'}
        onClick={() =>
          setAction({
            action: event.isAcknowledged ? 'update' : 'acknowledge',
            ids: [event.id],
            emails: event.acknowledged_to_user.map((p) => p.email),
            comment: event.acknowledged_msg ?? '',
          })
        }
      >
        {event.isAcknowledged ? t('faultEvents.update') : t('faultEvents.acknowledge')}
      </Button>
    ) : event.isAcknowledged ? (
      t('faultEvents.yes')
    ) : (
      t('faultEvents.no')
    );
  const doneCell = (event: FaultEvent) =>
    canAct && event.isAcknowledged ? (
      <Button
        size="small"
        variant="contained"
        color="success"
        onClick={() =>
          setAction({
            action: 'done',
            ids: [event.id],
            emails: event.acknowledged_to_user.map((p) => p.email),
            comment: '',
            stillActive: stillActiveOf([event]),
          })
        }
      >
        {t('faultEvents.done')}
      </Button>
    ) : null;
  const detailsButton = (event: FaultEvent) => (
    <Button size="small" onClick={() => setDetails({ id: event.id, history: false })}>
      {t('faultEvents.details')}
    </Button>
  );

  return (
    <Accordion
      component="section"
      aria-label={t('faultEvents.title')}
      expanded={isExpanded}
      onChange={(_event, next) => setExpanded(next)}
      disableGutters
      sx={{ mt: 2 }}
      // The title inside the summary is the panel's heading: MUI's own h3 around the summary would stand before it,
      // out of order after the page's h1 (Lighthouse heading order).
      slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'div' } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMore />}
        aria-controls="fault-event-panel"
        id="fault-event-panel-header"
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {t('faultEvents.title')}
          </Typography>
          {counts.alarm > 0 ? (
            <Chip size="small" label={counts.alarm} sx={{ bgcolor: ALARM_COLOUR, color: '#fff' }} />
          ) : null}
          {counts.warning > 0 ? (
            <Chip size="small" label={counts.warning} sx={{ bgcolor: WARNING_COLOUR }} />
          ) : null}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id="fault-event-panel">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1}
          sx={{ mb: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={1} role="group" aria-label={t('faultEvents.alarmType')}>
            {(['all', 'alarm', 'warning'] as const).map((name) => (
              <Chip
                key={name}
                label={`${t(`faultEvents.${name}`)} ${counts[name]}`}
                color={kind === name ? 'primary' : 'default'}
                variant={kind === name ? 'filled' : 'outlined'}
                onClick={() => {
                  setKind(name);
                  newPage.setPage(0);
                  historyPage.setPage(0);
                }}
                aria-pressed={kind === name}
              />
            ))}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <TextField
              select
              size="small"
              label={t('faultEvents.month')}
              value={month}
              onChange={(event) => {
                const next = Number(event.target.value);
                setMonth(next);
                newPage.setPage(0);
                historyPage.setPage(0);
                if (next && !year) setYear(thisYear);
              }}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value={0}>{t('faultEvents.allMonths')}</MenuItem>
              {MONTHS.map((value) => (
                <MenuItem key={value} value={value}>
                  {dayjs()
                    .month(value - 1)
                    .format('MMMM')}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('faultEvents.year')}
              value={year}
              onChange={(event) => {
                const next = Number(event.target.value);
                setYear(next);
                newPage.setPage(0);
                historyPage.setPage(0);
                if (!next) setMonth(0);
              }}
              sx={{ minWidth: 110 }}
            >
              <MenuItem value={0}>{t('faultEvents.allYears')}</MenuItem>
              {years.map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              href={downloadFaultEventsUrl(modelId)}
              target="_blank"
              rel="noopener"
            >
              {t('faultEvents.download')}
            </Button>
          </Stack>
        </Stack>

        {events.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void events.refetch()}>
                {t('common.retry')}
              </Button>
            }
            sx={{ mb: 2 }}
          >
            {describeFailure(events.error, t('faultEvents.loadFailed'), t)}
          </Alert>
        ) : null}

        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
            {t('faultEvents.newTitle')}
          </Typography>
          {canAct ? (
            <>
              <Button
                size="small"
                onClick={() =>
                  setSelected(allSelected ? new Set() : new Set(shownNew.map((event) => event.id)))
                }
                disabled={shownNew.length === 0}
              >
                {t('faultEvents.selectAll')}
              </Button>
              <Button
                size="small"
                variant="contained"
                disabled={chosen.length === 0}
                onClick={() =>
                  setAction({
                    action: 'acknowledge',
                    ids: chosen.map((event) => event.id),
                    emails: [],
                    comment: '',
                  })
                }
              >
                {t('faultEvents.acknowledgeSelected', { count: chosen.length })}
              </Button>
            </>
          ) : null}
        </Stack>
        {!canAct ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('faultEvents.noPermission')}
          </Typography>
        ) : null}
        <TableContainer>
          <Table size="small" aria-label={t('faultEvents.newTitle')} sx={{ minWidth: phone ? 0 : 720 }}>
            <TableHead>
              <TableRow>
                {canAct ? (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allSelected}
                      indeterminate={!allSelected && shownNew.some((event) => selected.has(event.id))}
                      onChange={() =>
                        setSelected(allSelected ? new Set() : new Set(shownNew.map((event) => event.id)))
                      }
                      slotProps={{ input: { 'aria-label': t('faultEvents.selectAll') } }}
                    />
                  </TableCell>
                ) : null}
                {phone ? (
                  <>
                    <TableCell>{t('faultEvents.alarmMessage')}</TableCell>
                    <TableCell>{t('faultEvents.acknowledge')}</TableCell>
                  </>
                ) : (
                  <>
                    <TableCell>{t('faultEvents.dateTime')}</TableCell>
                    <TableCell>{t('faultEvents.alarmMessage')}</TableCell>
                    <TableCell>{t('faultEvents.alarmType')}</TableCell>
                    <TableCell align="right">{t('faultEvents.alarmValue')}</TableCell>
                    <TableCell>{t('faultEvents.acknowledge')}</TableCell>
                    <TableCell>{t('faultEvents.done')}</TableCell>
                    <TableCell>{t('faultEvents.details')}</TableCell>
                  </>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {shownNew.length === 0 ? (
                <EmptyTableRow
                  columns={(canAct ? 1 : 0) + (phone ? 2 : 7)}
                  message={events.isPending ? t('common.loading') : t('faultEvents.empty')}
                />
              ) : (
                shownNew.map((event) => (
                  <TableRow key={event.id} hover data-event-id={event.id}>
                    {canAct ? (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.has(event.id)}
                          onChange={() => toggle(event.id)}
                          slotProps={{
                            input: {
                              'aria-label': t('faultEvents.select', {
                                date: formatEventTime(event.eventDate, zone),
                              }),
                            },
                          }}
                        />
                      </TableCell>
                    ) : null}
                    {phone ? (
                      <>
                        <TableCell
                          sx={{
                            verticalAlign: 'top',
                            px: 1,
                            // Long chips wrap instead of widening the table past the screen.
                            '& .MuiChip-root': { maxWidth: '100%', height: 'auto' },
                            '& .MuiChip-label': { whiteSpace: 'normal' },
                          }}
                        >
                          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                            <TypeChip type={event.alarmType} />
                            <Typography variant="caption" color="text.secondary">
                              {formatEventTime(event.eventDate, zone)}
                            </Typography>
                          </Box>
                          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                            {eventMessage(event, i18n.language)}
                          </Typography>
                          <EventLifecycleNote event={event} timeZone={zone} />
                          <Typography variant="caption" color="text.secondary">
                            {t('faultEvents.alarmValue')}: <AlarmValue event={event} />
                          </Typography>
                        </TableCell>
                        <TableCell sx={{ verticalAlign: 'top', px: 1, width: '1%' }}>
                          <Stack spacing={0.5} sx={{ alignItems: 'stretch' }}>
                            {ackCell(event)}
                            {doneCell(event)}
                            {detailsButton(event)}
                          </Stack>
                        </TableCell>
                      </>
                    ) : (
                      <>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatEventTime(event.eventDate, zone)}
                        </TableCell>
                        <TableCell>
                          {eventMessage(event, i18n.language)}
                          <EventLifecycleNote event={event} timeZone={zone} />
                        </TableCell>
                        <TableCell>
                          <TypeChip type={event.alarmType} />
                        </TableCell>
                        <TableCell align="right">
                          <AlarmValue event={event} />
                        </TableCell>
                        <TableCell>{ackCell(event)}</TableCell>
                        <TableCell>{doneCell(event)}</TableCell>
                        <TableCell>{detailsButton(event)}</TableCell>
                      </>
                    )}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {pagination(newPage, newTotal)}

        <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
          {t('faultEvents.historyTitle')}
        </Typography>
        <TableContainer>
          <Table size="small" aria-label={t('faultEvents.historyTitle')} sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('faultEvents.dateTime')}</TableCell>
                <TableCell>{t('faultEvents.alarmMessage')}</TableCell>
                <TableCell>{t('faultEvents.alarmType')}</TableCell>
                <TableCell align="right">{t('faultEvents.alarmValue')}</TableCell>
                <TableCell>{t('faultEvents.updateAt')}</TableCell>
                <TableCell>{t('faultEvents.details')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shownHistory.length === 0 ? (
                <EmptyTableRow
                  columns={6}
                  message={events.isPending ? t('common.loading') : t('faultEvents.empty')}
                />
              ) : (
                shownHistory.map((event) => (
                  <TableRow key={event.id} hover data-event-id={event.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatEventTime(event.eventDate, zone)}
                    </TableCell>
                    <TableCell>{eventMessage(event, i18n.language)}</TableCell>
                    <TableCell>
                      <TypeChip type={event.alarmType} />
                    </TableCell>
                    <TableCell align="right">
                      <AlarmValue event={event} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatEventTime(event.updatedAt, zone)}
                    </TableCell>
                    <TableCell>
                      <Button size="small" onClick={() => setDetails({ id: event.id, history: true })}>
                        {t('faultEvents.details')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {pagination(historyPage, historyTotal)}

        <FaultEventActionDialog
          modelId={modelId}
          target={action}
          onClose={() => {
            setAction(null);
            setSelected(new Set());
          }}
        />
        <FaultEventDetailsDialog
          eventId={details?.id ?? null}
          history={details?.history ?? false}
          timeZone={zone}
          onClose={() => setDetails(null)}
        />
      </AccordionDetails>
    </Accordion>
  );
}
