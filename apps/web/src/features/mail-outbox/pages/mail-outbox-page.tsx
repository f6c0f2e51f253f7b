import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTablePagination } from '../../../components/paged-table-pagination.tsx';
import { describeError } from '../../../lib/errors.ts';
import { formatDateTimeIn, resolveTimeZone } from '../../../lib/time.ts';
import { useUrlPaging } from '../../../lib/url-paging.ts';
import { type OutboxMessage, useMailOutbox } from '../api/get-mail-outbox.ts';
import { LinkifiedText } from '../components/linkified-text.tsx';

const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;
const COLUMNS = 5;

const stateColors = { queued: 'default', sent: 'success', failed: 'error', stored: 'info' } as const;
/** White on MUI's main info blue is 3.9:1: the dark shade keeps the chip's text at WCAG AA (4.5:1). */
const stateSx = { stored: { bgcolor: 'info.dark' }, sent: { bgcolor: 'success.dark' } } as const;

function OutboxRow({ message, timeZone }: { message: OutboxMessage; timeZone: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bodyId = `outbox-body-${message.id}`;
  return (
    <>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={t(open ? 'mailOutbox.hideBody' : 'mailOutbox.showBody', { subject: message.subject })}
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen(!open)}
          >
            {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
        <TableCell>{message.subject}</TableCell>
        <TableCell>{message.recipient}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTimeIn(message.createdAt, timeZone)}</TableCell>
        <TableCell>
          <Chip
            size="small"
            color={stateColors[message.state]}
            sx={message.state === 'stored' || message.state === 'sent' ? stateSx[message.state] : undefined}
            label={t(`mailOutbox.states.${message.state}`)}
          />
          {message.state === 'failed' && message.lastError ? (
            <Typography variant="caption" color="error" component="p" sx={{ mt: 0.5 }}>
              {message.lastError}
            </Typography>
          ) : null}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS} sx={{ py: 0 }}>
          <Collapse in={open} unmountOnExit>
            <Box
              id={bodyId}
              sx={{ py: 2, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 14, maxWidth: 900 }}
            >
              <LinkifiedText text={message.body} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

/** `/setting/mail-outbox` ('Mail outbox', ADMIN): what the portal sent or holds, newest first, with each body. */
export function MailOutboxPage() {
  const { t } = useTranslation();
  const paging = useUrlPaging(PAGE_SIZES, DEFAULT_PAGE_SIZE);
  const outbox = useMailOutbox(paging.page, paging.perPage);
  const timeZone = resolveTimeZone(undefined);

  return (
    <>
      <PageHeader title={t('pages.mailOutbox')} subtitle={t('mailOutbox.subtitle')} />
      {outbox.isError && !outbox.data ? (
        <EmptyState message={describeError(outbox.error, t)}>
          <Button variant="outlined" onClick={() => void outbox.refetch()}>
            {t('common.retry')}
          </Button>
        </EmptyState>
      ) : (
        <Paper variant="outlined">
          {outbox.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
          <TableContainer>
            <Table aria-label={t('pages.mailOutbox')}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" aria-label={t('mailOutbox.columns.body')} />
                  <TableCell>{t('mailOutbox.columns.subject')}</TableCell>
                  <TableCell>{t('mailOutbox.columns.recipient')}</TableCell>
                  <TableCell>{t('mailOutbox.columns.time')}</TableCell>
                  <TableCell>{t('mailOutbox.columns.state')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {outbox.data?.items.map((message) => (
                  <OutboxRow key={message.id} message={message} timeZone={timeZone} />
                ))}
                {outbox.data && outbox.data.items.length === 0 ? (
                  <EmptyTableRow columns={COLUMNS} message={t('mailOutbox.empty')} />
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
          <PagedTablePagination
            page={paging.page}
            perPage={paging.perPage}
            total={outbox.data?.total ?? 0}
            sizes={PAGE_SIZES}
            onPageChange={paging.setPage}
            onPerPageChange={paging.setPerPage}
          />
        </Paper>
      )}
    </>
  );
}
