import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { type Member, memberPageSizes } from '@sdp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { type DialogMessage, MessageDialog } from '../../../components/message-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTablePagination } from '../../../components/paged-table-pagination.tsx';
import { StatusActionButtons } from '../../../components/status-action-buttons.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { isForbidden } from '../../../lib/api-client.ts';
import { MEMBERS_TITLE_PARAM } from '../../../lib/company-paths.ts';
import { describeError } from '../../../lib/errors.ts';
import { initials } from '../../../lib/initials.ts';
import { canIn } from '../../../lib/permissions.ts';
import { roleLabel } from '../../../lib/role-names.ts';
import { findCompany, useSession } from '../../../lib/session.tsx';
import { useUrlPaging } from '../../../lib/url-paging.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useActivateMember } from '../api/activate-member.ts';
import { useDeleteMember } from '../api/delete-member.ts';
import { useEditMember } from '../api/edit-member.ts';
import { useMembers } from '../api/get-members.ts';
import { useReinviteMember } from '../api/reinvite-member.ts';
import { useSwitchMemberRole } from '../api/switch-member-role.ts';
import { InviteMemberDialog } from '../components/invite-member-dialog.tsx';
import { activateLimit } from '../components/member-limits.ts';
import { type MemberChange, MemberRoleDialog } from '../components/member-role-dialog.tsx';
import { editRoles, grantableIn, inviteRoleOf } from '../roles.ts';

const DEFAULT_PAGE_SIZE = 10;

type RoleChange = { member: Member; kind: 'edit' | 'switch' } | null;

/**
 * `/company/:id/members` ('Member in company'): the members of a company a page at a time, with page and
 * perPage in the address, and the invite, resend, activate, delete and role actions their status allows.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const { id: companyId = '' } = useParams();
  const [search] = useSearchParams();
  const { me } = useSession();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const paging = useUrlPaging(memberPageSizes, DEFAULT_PAGE_SIZE);
  const members = useMembers({ companyId, page: paging.page, perPage: paging.perPage });
  const reinvite = useReinviteMember();
  const activate = useActivateMember();
  const remove = useDeleteMember();
  const editMember = useEditMember();
  const switchRole = useSwitchMemberRole();
  const [inviting, setInviting] = useState(false);
  const [roleChange, setRoleChange] = useState<RoleChange>(null);
  const [limit, setLimit] = useState<DialogMessage | null>(null);

  const companyTitle = search.get(MEMBERS_TITLE_PARAM) ?? findCompany(me, companyId)?.title;
  const canInvite = canIn(me, companyId, 'InviteMemberToCompany');
  const canRemove = canIn(me, companyId, 'RemoveMemberFromCompany');
  // Only roles whose permissions one holds are offered; nobody changes their own role or membership (issue 11).
  const grantable = grantableIn(me, companyId);
  const grantableEdit = grantableIn(me, companyId, editRoles);
  // One changes only members whose role one may give (issue 23 item 11): OWNER and OWNER_RVS leave each other alone.
  const mayChange = (member: Pick<Member, 'id' | 'role'>) =>
    member.id !== me.id && grantable.includes(inviteRoleOf(member.role));
  const total = members.data?.total ?? 0;

  const ref = (member: Member) => ({ email: member.email, company_id: companyId });

  const askResend = (member: Member) =>
    confirm.ask({
      title: t('people.resend'),
      message: t('members.resendConfirm', { email: member.email }),
      run: () =>
        reinvite.mutateAsync(ref(member), {
          onSuccess: () => feedback.success(t('people.resent')),
          onError: (error) => feedback.failure(error, t('members.resendFailed')),
        }),
    });

  const askActivate = (member: Member) =>
    confirm.ask({
      title: t('people.activate'),
      message: t('members.activateConfirm'),
      run: () =>
        activate.mutateAsync(ref(member), {
          onSuccess: () => feedback.success(t('people.activated', { email: member.email })),
          onError: (error) => {
            const warning = activateLimit(error, t);
            if (warning) setLimit(warning);
            else feedback.failure(error, t('members.activateFailed'));
          },
        }),
    });

  const askDelete = (member: Member) =>
    confirm.ask({
      title: t('people.delete'),
      message: t('members.deleteConfirm', { email: member.email }),
      confirmLabel: t('people.delete'),
      destructive: true,
      run: () =>
        remove.mutateAsync(ref(member), {
          onSuccess: () => feedback.success(t('members.deleted')),
          onError: (error) => feedback.failure(error, t('members.deleteFailed')),
        }),
    });

  const handleRole = ({ role, name, profileImageUrl }: MemberChange) => {
    if (!roleChange) return;
    const { member, kind } = roleChange;
    const outcome = (success: string, fallback: string) => ({
      onSuccess: () => {
        feedback.success(success);
        setRoleChange(null);
      },
      onError: (error: Error) => feedback.failure(error, fallback),
    });
    if (kind === 'edit') {
      editMember.mutate(
        {
          ...ref(member),
          // The server changes the role of active members only: an unchanged role is not sent.
          ...(role !== inviteRoleOf(member.role) ? { role } : {}),
          ...(name !== member.name ? { name } : {}),
          ...(profileImageUrl !== member.profileImageUrl ? { profileImageUrl } : {}),
        },
        outcome(t('members.edited'), t('members.editFailed')),
      );
    } else {
      switchRole.mutate(
        { userId: member.id, companyId, role },
        outcome(t('members.switched'), t('members.switchFailed')),
      );
    }
  };

  if (members.isError && !members.data) {
    const forbidden = isForbidden(members.error);
    return (
      <>
        <PageHeader title={t('pages.members')} subtitle={companyTitle} />
        <EmptyState message={forbidden ? t('members.forbidden') : describeError(members.error, t)}>
          {forbidden ? null : (
            <Button variant="outlined" onClick={() => void members.refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t('pages.members')}
        subtitle={[companyTitle, t('people.count', { count: total })].filter(Boolean).join(' · ')}
        actions={
          canInvite ? (
            <Button
              variant="contained"
              startIcon={<PersonAddAlt1Outlined />}
              onClick={() => setInviting(true)}
            >
              {t('members.invite')}
            </Button>
          ) : null
        }
      />
      <Paper variant="outlined">
        {members.isFetching ? <LinearProgress aria-label={t('common.loading')} /> : null}
        <TableContainer>
          <Table aria-label={t('pages.members')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 56 }} aria-label={t('members.columns.image')} />
                <TableCell>{t('members.columns.name')}</TableCell>
                <TableCell>{t('members.columns.email')}</TableCell>
                <TableCell>{t('members.columns.role')}</TableCell>
                <TableCell>{t('members.columns.status')}</TableCell>
                <TableCell align="right">{t('members.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {members.data?.items.map((member) => (
                <TableRow key={member.id} hover>
                  <TableCell>
                    <Avatar src={member.profileImageUrl ?? undefined} alt={member.name || member.email}>
                      {initials(member.name || member.email)}
                    </Avatar>
                  </TableCell>
                  <TableCell>{member.name || '—'}</TableCell>
                  <TableCell>{member.email}</TableCell>
                  <TableCell>{roleLabel(member.role, t)}</TableCell>
                  <TableCell>
                    <StatusChip status={member.status} />
                  </TableCell>
                  <TableCell align="right">
                    <StatusActionButtons
                      status={member.status}
                      subject={member.email}
                      handlers={{
                        edit:
                          canInvite && mayChange(member)
                            ? () => setRoleChange({ member, kind: 'edit' })
                            : undefined,
                        resend: canInvite && mayChange(member) ? () => askResend(member) : undefined,
                        activate: canInvite && mayChange(member) ? () => askActivate(member) : undefined,
                        delete: canRemove && mayChange(member) ? () => askDelete(member) : undefined,
                      }}
                    >
                      {canInvite && member.status === 'active' && mayChange(member) ? (
                        <Tooltip title={t('people.switchRole')}>
                          <IconButton
                            size="small"
                            aria-label={`${t('people.switchRole')} ${member.email}`}
                            onClick={() => setRoleChange({ member, kind: 'switch' })}
                          >
                            <SwapHorizOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : null}
                    </StatusActionButtons>
                  </TableCell>
                </TableRow>
              ))}
              {members.data && members.data.items.length === 0 ? (
                <EmptyTableRow columns={6} message={t('members.empty')} />
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <PagedTablePagination
          page={paging.page}
          perPage={paging.perPage}
          total={total}
          sizes={memberPageSizes}
          onPageChange={paging.setPage}
          onPerPageChange={paging.setPerPage}
        />
      </Paper>
      {inviting ? (
        <InviteMemberDialog companyId={companyId} roles={grantable} onClose={() => setInviting(false)} />
      ) : null}
      {roleChange ? (
        <MemberRoleDialog
          member={roleChange.member}
          title={t(roleChange.kind === 'edit' ? 'members.editTitle' : 'members.switchTitle')}
          roles={roleChange.kind === 'edit' ? grantableEdit : grantable}
          submitLabel={t(roleChange.kind === 'edit' ? 'common.save' : 'people.switchRole')}
          pending={editMember.isPending || switchRole.isPending}
          editsProfile={roleChange.kind === 'edit'}
          onSubmit={handleRole}
          onClose={() => setRoleChange(null)}
        />
      ) : null}
      {confirm.dialog}
      <MessageDialog message={limit} onClose={() => setLimit(null)} />
    </>
  );
}
