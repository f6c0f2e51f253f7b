import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AUDIT_PAGE_SIZES, type AuditEntry } from '@sdp/contracts';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { IsoDateField } from '../../../components/date-field.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTablePagination } from '../../../components/paged-table-pagination.tsx';
import { describeError } from '../../../lib/errors.ts';
import { findCompany, useSession } from '../../../lib/session.tsx';
import { formatDateTimeIn, resolveTimeZone } from '../../../lib/time.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { auditActionWords, auditWhatWords, describeAuditEntry } from '../components/audit-words.ts';

const DEFAULT_SIZE = 25;

/** The day's first or last instant in the zone, for a 'YYYY-MM-DD' picked in a date field. */
const dayBound = (day: string, timeZone: string, end: boolean) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = dayjs.tz(day, timeZone).startOf('day');
  return (end ? start.endOf('day') : start).toISOString();
};

/** What changed, one `field: before → after` per line where the record has both; otherwise its fields. */
function describeDetail(detail: Record<string, unknown>): string {
  const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const before = detail.before as Record<string, unknown> | undefined;
  const after = detail.after as Record<string, unknown> | undefined;
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    return [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`)
      .join('\n');
  }
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${show(value)}`)
    .join('\n');
}

/** The record as stored (its id, action and kind codes, JSON fields), behind a 'Show details' toggle. */
function RawRecord({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ mt: 0.5 }}>
      <Button
        size="small"
        sx={{ p: 0, minWidth: 0, fontSize: 12 }}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? t('audit.hideDetails') : t('audit.showDetails')}
      </Button>
      {open ? (
        <Box component="pre" sx={{ m: 0, fontSize: 11, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {JSON.stringify(
            { action: entry.action, entity: entry.entity, entityId: entry.entityId, detail: entry.detail },
            null,
            2,
          )}
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * `/company/:id/audit` (OWNER and ADMIN) and `/setting/audit` (ADMIN, every company): who changed what and when,
 * newest first, searchable by words, kind of thing and days in the company's zone. Filters live in the address.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const { me } = useSession();
  const { id: companyId } = useParams();
  const company = companyId ? findCompany(me, companyId) : undefined;
  const timeZone = resolveTimeZone(company?.time_zone);
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const entity = search.get('entity') ?? '';
  const fromDay = search.get('from') ?? '';
  const toDay = search.get('to') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const sizeParam = Number(search.get('size'));
  const size = (AUDIT_PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_SIZE;
  const [text, setText] = useState(q);

  const update = (changes: Record<string, string>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });

  // Typing searches after a pause, not on every key.
  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(() => update({ q: text.trim() }), 350);
    return () => clearTimeout(timer);
  });

  const log = useAuditLog(companyId, {
    q,
    entity,
    from: dayBound(fromDay, timeZone, false),
    to: dayBound(toDay, timeZone, true),
    page,
    size,
  });
  const showCompany = !companyId;
  const columns = showCompany ? 6 : 5;

  return (
    <>
      <PageHeader
        title={t('pages.auditLog')}
        subtitle={company ? `${company.title} · ${t('audit.subtitle')}` : t('audit.subtitleAll')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <TextField
          size="small"
          type="search"
          label={t('audit.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ minWidth: 240 }}
        />
        <TextField
          select
          size="small"
          label={t('audit.entity')}
          value={entity}
          onChange={(event) => update({ entity: event.target.value })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('audit.allEntities')}</MenuItem>
          {(log.data?.entities ?? (entity ? [entity] : [])).map((name) => (
            <MenuItem key={name} value={name}>
              {auditWhatWords({ entity: name, entityName: null }, t)}
            </MenuItem>
          ))}
        </TextField>
        <IsoDateField
          size="small"
          width={180}
          label={t('audit.from')}
          value={fromDay}
          helperText=" "
          onChange={(value) => update({ from: value })}
        />
        <IsoDateField
          size="small"
          width={180}
          label={t('audit.to')}
          value={toDay}
          error={fromDay && toDay && toDay < fromDay ? t('audit.toBeforeFrom') : undefined}
          helperText=" "
          onChange={(value) => update({ to: value })}
        />
      </Stack>
      {log.isError && !log.data ? (
        <EmptyState message={describeError(log.error, t)}>
          <Button variant="outlined" onClick={() => void log.refetch()}>
            {t('common.retry')}
          </Button>
        </EmptyState>
      ) : (
        <Paper variant="outlined">
          {log.isFetching ? <LinearProgress aria-label={t('common.loading')} /> : null}
          {phone ? (
            // Below 600 px the six columns scrolled sideways: a card per entry shows when, who, what was done to
            // what and the detail, with the raw record behind its toggle (issue 27 item 3).
            <Stack
              component="ul"
              spacing={1}
              aria-label={t('pages.auditLog')}
              sx={{ listStyle: 'none', p: 1, m: 0 }}
            >
              {log.data?.items.map((entry: AuditEntry) => {
                const words = describeAuditEntry(entry, t);
                const when = formatDateTimeIn(entry.at, timeZone);
                const action = words?.action ?? auditActionWords(entry.action, t);
                return (
                  <Paper
                    key={entry.id}
                    component="li"
                    variant="outlined"
                    aria-label={`${action}, ${when}`}
                    sx={{ p: 1.5, overflowWrap: 'anywhere' }}
                  >
                    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {action}
                      </Typography>
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        sx={{ ml: 'auto', whiteSpace: 'nowrap' }}
                      >
                        {when}
                      </Typography>
                    </Box>
                    <Typography variant="body2">{words?.what ?? auditWhatWords(entry, t)}</Typography>
                    <Typography variant="caption" color="text.secondary" component="p">
                      {entry.user ? `${entry.user.name} · ${entry.user.email}` : t('audit.system')}
                      {showCompany && entry.company ? ` · ${entry.company.title}` : ''}
                    </Typography>
                    <Box sx={{ mt: 0.5, whiteSpace: 'pre-wrap', fontSize: 12 }}>
                      {words?.detail ?? describeDetail(entry.detail)}
                      <RawRecord entry={entry} />
                    </Box>
                  </Paper>
                );
              })}
              {log.data && log.data.items.length === 0 ? (
                <Typography component="li" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
                  {t('audit.empty')}
                </Typography>
              ) : null}
            </Stack>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('pages.auditLog')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('audit.columns.time')}</TableCell>
                    <TableCell>{t('audit.columns.who')}</TableCell>
                    {showCompany ? <TableCell>{t('audit.columns.company')}</TableCell> : null}
                    <TableCell>{t('audit.columns.action')}</TableCell>
                    <TableCell>{t('audit.columns.what')}</TableCell>
                    <TableCell>{t('audit.columns.detail')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {log.data?.items.map((entry: AuditEntry) => {
                    const words = describeAuditEntry(entry, t);
                    return (
                      <TableRow key={entry.id} hover sx={{ verticalAlign: 'top' }}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatDateTimeIn(entry.at, timeZone)}
                        </TableCell>
                        <TableCell>
                          {entry.user ? (
                            <>
                              {entry.user.name}
                              <Box
                                component="span"
                                sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}
                              >
                                {entry.user.email}
                              </Box>
                            </>
                          ) : (
                            t('audit.system')
                          )}
                        </TableCell>
                        {showCompany ? <TableCell>{entry.company?.title ?? '—'}</TableCell> : null}
                        <TableCell>{words?.action ?? auditActionWords(entry.action, t)}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-word' }}>
                          {words?.what ?? auditWhatWords(entry, t)}
                        </TableCell>
                        <TableCell
                          sx={{
                            whiteSpace: 'pre-wrap',
                            wordBreak: 'break-word',
                            fontSize: 12,
                            maxWidth: 420,
                          }}
                        >
                          {words?.detail ?? describeDetail(entry.detail)}
                          <RawRecord entry={entry} />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                  {log.data && log.data.items.length === 0 ? (
                    <EmptyTableRow columns={columns} message={t('audit.empty')} />
                  ) : null}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <PagedTablePagination
            page={page}
            perPage={size}
            total={log.data?.total ?? 0}
            sizes={AUDIT_PAGE_SIZES}
            onPageChange={(next) => update({ page: String(next) })}
            onPerPageChange={(next) => update({ size: String(next) })}
          />
        </Paper>
      )}
    </>
  );
}
