import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from '../rules/validation.ts';

type TextInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'error'> & {
  value: string;
  onChange: (value: string) => void;
  /** The i18n key of what is wrong, undefined when fine. */
  error?: FieldMessage | undefined;
  maxLength: number;
  /** Names the field for screen readers when it has no visible label (a table cell). */
  ariaLabel?: string;
};

/** A text field of the setting form, with its validation message under it. */
export function TextInput({ value, onChange, error, maxLength, ariaLabel, ...props }: TextInputProps) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error ? t(error) : undefined}
      slotProps={{ htmlInput: { maxLength, 'aria-label': ariaLabel } }}
    />
  );
}
