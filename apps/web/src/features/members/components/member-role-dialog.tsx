import TextField from '@mui/material/TextField';
import type { Member } from '@sdp/contracts';
import { type BaseSyntheticEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ImagePicker } from '../../../components/image-picker.tsx';
import { initials } from '../../../lib/initials.ts';
import { type InviteRole, inviteRoleOf } from '../roles.ts';
import { RoleSelect } from './role-select.tsx';

type MemberRoleDialogProps = {
  member: Member;
  title: string;
  /** The roles offered; the member's current role is listed too, so it always shows. */
  roles: readonly InviteRole[];
  submitLabel: string;
  pending: boolean;
  /** The edit user dialog also corrects the member's name and picture; Switch role shows them only. */
  editsProfile?: boolean;
  onSubmit: (change: MemberChange) => void;
  onClose: () => void;
};

/** What the dialog asks for: the role, and in the edit user dialog the name and picture. */
export type MemberChange = { role: InviteRole; name: string; profileImageUrl: string | null };

/**
 * A member's role in a dialog: the edit user dialog (owner or member, spec 01 §5; name and picture corrected too,
 * spec 01 §8) and Switch role (any role; the name shown, not edited). The e-mail is never edited.
 */
export function MemberRoleDialog({
  member,
  title,
  roles,
  submitLabel,
  pending,
  editsProfile = false,
  onSubmit,
  onClose,
}: MemberRoleDialogProps) {
  const { t } = useTranslation();
  const current = inviteRoleOf(member.role);
  const [role, setRole] = useState<InviteRole | ''>(current);
  const [name, setName] = useState(member.name);
  const [picture, setPicture] = useState(member.profileImageUrl);
  const offered = roles.includes(current) ? roles : [current, ...roles];
  const nameMissing = name.trim() === '';

  const handleSubmit = (event: BaseSyntheticEvent) => {
    event.preventDefault();
    if (role && !nameMissing) onSubmit({ role, name: name.trim(), profileImageUrl: picture });
  };

  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      onSubmit={handleSubmit}
      onClose={onClose}
      pending={pending}
      submitDisabled={!role || nameMissing}
    >
      {editsProfile ? (
        <>
          <ImagePicker
            kind="profiles"
            label={t('members.columns.image')}
            value={picture}
            onChange={setPicture}
            fallback={initials(name)}
            uploadFailedMessage={t('profile.uploadFailed')}
          />
          <TextField
            label={t('members.columns.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            fullWidth
            error={nameMissing}
            helperText={nameMissing ? t('form.starRequired') : undefined}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </>
      ) : (
        <TextField
          label={t('members.columns.name')}
          value={member.name}
          fullWidth
          slotProps={{ input: { readOnly: true } }}
        />
      )}
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
