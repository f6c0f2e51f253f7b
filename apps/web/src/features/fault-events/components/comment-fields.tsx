import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { FAULT_EVENT_COMMENT_MAX } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import type { FaultEventMember } from '../api/get-fault-event-members.ts';

/** The comment of an Acknowledge or Done: required, counted against its limit. */
export function FaultEventCommentField({
  value,
  onChange,
  showMissing,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The form was submitted without a comment: say it is required. */
  showMissing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('faultEvents.comment')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={3}
      required
      error={showMissing || value.length > FAULT_EVENT_COMMENT_MAX}
      helperText={
        showMissing ? t('faultEvents.messageRequired') : `${value.length}/${FAULT_EVENT_COMMENT_MAX}`
      }
    />
  );
}

/** Whom an Acknowledge or Done is mailed to: members chosen by name or e-mail. */
export function FaultEventRecipientsField({
  options,
  value,
  loading,
  onChange,
  label,
  required = false,
  error = false,
  helperText,
}: {
  options: FaultEventMember[];
  value: FaultEventMember[];
  loading: boolean;
  onChange: (emails: string[]) => void;
  label: string;
  required?: boolean;
  error?: boolean;
  helperText: string;
}) {
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      loading={loading}
      getOptionLabel={(member) => (member.name ? `${member.name} <${member.email}>` : member.email)}
      isOptionEqualToValue={(option, chosen) => option.email === chosen.email}
      onChange={(_event, members) => onChange(members.map((member) => member.email))}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error} helperText={helperText} />
      )}
    />
  );
}
