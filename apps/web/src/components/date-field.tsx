import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type Ref, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompanyDate, parseCompanyDate } from '../lib/time.ts';

type DateFieldProps = {
  label: string;
  name: string;
  /** The date as shown and typed: 'DD/MM/YYYY'. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
  required?: boolean;
};

/**
 * A date typed as DD/MM/YYYY, whatever the browser's locale, with the browser's own calendar one click away.
 * The calendar writes the same text the user would type.
 */
export function DateField({
  label,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  required,
}: DateFieldProps) {
  const { t } = useTranslation();
  const calendar = useRef<HTMLInputElement>(null);

  return (
    <Box sx={{ position: 'relative' }}>
      <TextField
        label={label}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        inputRef={inputRef}
        required={required}
        fullWidth
        placeholder={t('dateField.format')}
        error={Boolean(error)}
        helperText={error ?? t('dateField.format')}
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 10 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={t('dateField.pick', { label })}
                  onClick={() => {
                    try {
                      calendar.current?.showPicker?.();
                    } catch {
                      // A browser may refuse the picker (no user activation, unsupported); typing still works.
                    }
                  }}
                >
                  <CalendarMonthOutlined />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Box
        component="input"
        ref={calendar}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={parseCompanyDate(value) ?? ''}
        onChange={(event) => {
          if (event.target.value) onChange(formatCompanyDate(event.target.value));
        }}
        // Anchors the browser's calendar under the field while staying invisible.
        sx={{ position: 'absolute', right: 0, top: 56, width: 1, height: 1, opacity: 0, border: 0, p: 0 }}
      />
    </Box>
  );
}
