import TextField from '@mui/material/TextField';
import type { Member } from '@sdp/contracts';
import { type BaseSyntheticEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { type InviteRole, inviteRoleOf } from '../roles.ts';
import { RoleSelect } from './role-select.tsx';

type MemberRoleDialogProps = {
  member: Member;
  title: string;
  /** The roles offered; the member's current role is listed too, so it always shows. */
  roles: readonly InviteRole[];
  submitLabel: string;
  pending: boolean;
  onSubmit: (role: InviteRole) => void;
  onClose: () => void;
};

/**
 * A member's role in a dialog: the edit user dialog (owner or member, spec 01 §5) and Switch role (any role).
 * The name and e-mail are shown, not edited.
 */
export function MemberRoleDialog({
  member,
  title,
  roles,
  submitLabel,
  pending,
  onSubmit,
  onClose,
}: MemberRoleDialogProps) {
  const { t } = useTranslation();
  const current = inviteRoleOf(member.role);
  const [role, setRole] = useState<InviteRole | ''>(current);
  const offered = roles.includes(current) ? roles : [current, ...roles];

  const handleSubmit = (event: BaseSyntheticEvent) => {
    event.preventDefault();
    if (role) onSubmit(role);
  };

  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      onSubmit={handleSubmit}
      onClose={onClose}
      pending={pending}
      submitDisabled={!role}
    >
      <TextField
        label={t('members.columns.name')}
        value={member.name}
        fullWidth
        slotProps={{ input: { readOnly: true } }}
      />
      <TextField
        label={t('members.columns.email')}
        value={member.email}
        fullWidth
        slotProps={{ input: { readOnly: true } }}
      />
      <RoleSelect
        name="role"
        value={role}
        roles={offered}
        onChange={setRole}
        error={role ? undefined : t('form.starRequired')}
      />
    </FormDialog>
  );
}
