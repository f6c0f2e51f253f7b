import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '../../../lib/role-names.ts';
import type { InviteRole } from '../roles.ts';

type RoleSelectProps = {
  name: string;
  value: InviteRole | '';
  roles: readonly InviteRole[];
  onChange: (role: InviteRole) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
};

/** The role of a member, chosen from the roles a dialog offers, spelled as the spec spells them. */
export function RoleSelect({ name, value, roles, onChange, onBlur, inputRef, error }: RoleSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      name={name}
      label={t('members.columns.role')}
      value={value}
      onChange={(event) => onChange(event.target.value as InviteRole)}
      onBlur={onBlur}
      inputRef={inputRef}
      required
      fullWidth
      error={Boolean(error)}
      helperText={error}
    >
      {roles.map((role) => (
        <MenuItem key={role} value={role}>
          {roleLabel(role, t)}
        </MenuItem>
      ))}
    </TextField>
  );
}
