import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberText, parseNumberText, textShowsNumber } from '../rules/numbers.ts';
import type { FieldMessage } from '../rules/validation.ts';

type NumberFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'type'> & {
  value: number | null;
  /** Called on every change with the number the text reads as (spec 02 §2.2: converted on change). */
  onChange: (value: number | null) => void;
  /** Whether an empty field means "no value" (null); otherwise it is a number still missing (NaN). */
  nullable?: boolean;
  /** The i18n key of what is wrong, '' for a field marked wrong by a message elsewhere, undefined when fine. */
  error?: FieldMessage | undefined;
  /** Names the field for screen readers when it has no visible label (a table cell). */
  ariaLabel?: string;
};

/**
 * A text field holding a number. It keeps the text as typed ('4.', '-') while the form holds the number it reads
 * as, and shows the new value when the form changes it from elsewhere (apply to all, a drive model's rating).
 */
export function NumberField({
  value,
  onChange,
  nullable = true,
  error,
  ariaLabel,
  helperText,
  slotProps,
  ...props
}: NumberFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => numberText(value));
  // The value changed outside this field: show it.
  if (!textShowsNumber(text, value)) setText(numberText(value));

  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const parsed = parseNumberText(event.target.value);
        onChange(parsed === null && !nullable ? Number.NaN : parsed);
      }}
      error={error !== undefined}
      helperText={error ? t(error) : helperText}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'decimal', 'aria-label': ariaLabel, ...slotProps?.htmlInput },
      }}
    />
  );
}
