import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Admin } from '@sdp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusActionButtons } from '../../../components/status-action-buttons.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { describeError } from '../../../lib/errors.ts';
import { initials } from '../../../lib/initials.ts';
import { formatDateIn, resolveTimeZone } from '../../../lib/time.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useActivateAdmin } from '../api/activate-admin.ts';
import { useDeleteAdmin } from '../api/delete-admin.ts';
import { useAdmins } from '../api/get-admins.ts';
import { useReinviteAdmin } from '../api/reinvite-admin.ts';
import { AdminFormDialog } from '../components/admin-form-dialog.tsx';

type Editing = { admin?: Admin } | null;

/** `/user/admin` ('Setting Admin'): platform administrators, their invitations and the actions of their status. */
export function AdminPage() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const admins = useAdmins();
  const reinvite = useReinviteAdmin();
  const activate = useActivateAdmin();
  const remove = useDeleteAdmin();
  const [editing, setEditing] = useState<Editing>(null);
  // Platform pages have no company: dates are shown in the default zone (Asia/Bangkok).
  const timeZone = resolveTimeZone(undefined);

  const askResend = (admin: Admin) =>
    confirm.ask({
      title: t('people.resend'),
      message: t('admins.resendConfirm', { email: admin.email }),
      run: () =>
        reinvite.mutateAsync(admin.email, {
          onSuccess: () => feedback.success(t('people.resent')),
          onError: (error) => feedback.failure(error, t('admins.resendFailed')),
        }),
    });

  const askActivate = (admin: Admin) =>
    confirm.ask({
      title: t('people.activate'),
      message: t('admins.activateConfirm'),
      run: () =>
        activate.mutateAsync(admin.email, {
          onSuccess: () => feedback.success(t('people.activated', { email: admin.email })),
          onError: (error) => feedback.failure(error, t('admins.activateFailed')),
        }),
    });

  const askDelete = (admin: Admin) =>
    confirm.ask({
      title: t('people.delete'),
      message: t('admins.deleteConfirm', { email: admin.email }),
      confirmLabel: t('people.delete'),
      destructive: true,
      run: () =>
        remove.mutateAsync(admin.id, {
          onSuccess: () => feedback.success(t('admins.deleted')),
          onError: (error) => feedback.failure(error, t('admins.deleteFailed')),
        }),
    });

  return (
    <>
      <PageHeader
        title={t('admins.heading')}
        subtitle={t('people.count', { count: admins.data?.total ?? 0 })}
        actions={
          <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setEditing({})}>
            {t('admins.invite')}
          </Button>
        }
      />
      {admins.isError ? (
        <EmptyState message={describeError(admins.error, t)}>
          <Button variant="outlined" onClick={() => void admins.refetch()}>
            {t('common.retry')}
          </Button>
        </EmptyState>
      ) : (
        <Paper variant="outlined">
          {admins.isFetching ? <LinearProgress aria-label={t('common.loading')} /> : null}
          <TableContainer>
            <Table aria-label={t('admins.heading')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 72 }}>{t('admins.columns.image')}</TableCell>
                  <TableCell>{t('admins.columns.fullname')}</TableCell>
                  <TableCell>{t('admins.columns.email')}</TableCell>
                  <TableCell>{t('admins.columns.latestDate')}</TableCell>
                  <TableCell>{t('admins.columns.status')}</TableCell>
                  <TableCell align="right">{t('admins.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {admins.data?.items.map((admin) => (
                  <TableRow key={admin.id} hover>
                    <TableCell>
                      <Avatar src={admin.profileImageUrl ?? undefined} alt={admin.fullname || admin.email}>
                        {initials(admin.fullname || admin.email)}
                      </Avatar>
                    </TableCell>
                    <TableCell>{admin.fullname || '—'}</TableCell>
                    <TableCell>{admin.email}</TableCell>
                    <TableCell>{formatDateIn(admin.latestDate, timeZone)}</TableCell>
                    <TableCell>
                      <StatusChip status={admin.status} />
                    </TableCell>
                    <TableCell align="right">
                      <StatusActionButtons
                        status={admin.status}
                        subject={admin.email}
                        handlers={{
                          edit: () => setEditing({ admin }),
                          resend: () => askResend(admin),
                          activate: () => askActivate(admin),
                          delete: () => askDelete(admin),
                        }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      {editing ? <AdminFormDialog admin={editing.admin} onClose={() => setEditing(null)} /> : null}
      {confirm.dialog}
    </>
  );
}
