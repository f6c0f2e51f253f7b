import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type ReactNode, type Ref, useRef, useState } from 'react';
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
  /** What shows under the field when there is no error; the format ('DD/MM/YYYY') unless given. */
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  /** Earliest and latest day the calendar offers, 'YYYY-MM-DD'. */
  min?: string | undefined;
  max?: string | undefined;
  /** Width of a field in a toolbar; a form's field fills its column. */
  width?: number;
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
  helperText,
  size,
  min,
  max,
  width,
}: DateFieldProps) {
  const { t } = useTranslation();
  const calendar = useRef<HTMLInputElement>(null);

  return (
    <Box sx={{ position: 'relative', ...(width ? { width, flexShrink: 0 } : {}) }}>
      <TextField
        label={label}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        inputRef={inputRef}
        required={required}
        fullWidth
        size={size}
        placeholder={t('dateField.format')}
        error={Boolean(error)}
        helperText={error ?? helperText ?? t('dateField.format')}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', maxLength: 10 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size={size}
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
        min={min}
        max={max}
        onChange={(event) => {
          if (event.target.value) onChange(formatCompanyDate(event.target.value));
        }}
        // Anchors the browser's calendar under the field while staying invisible.
        sx={{
          position: 'absolute',
          right: 0,
          top: size === 'small' ? 40 : 56,
          width: 1,
          height: 1,
          opacity: 0,
          border: 0,
          p: 0,
        }}
      />
    </Box>
  );
}

type IsoDateFieldProps = Omit<DateFieldProps, 'value' | 'onChange' | 'name'> & {
  name?: string;
  /** The day, 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** Called with 'YYYY-MM-DD' once the typed text is a real date, or '' once it is cleared. */
  onChange: (value: string) => void;
};

/**
 * A DateField over a stored day ('YYYY-MM-DD'): what is typed stays on screen until it is a real date, which is
 * then passed on; the field reads 'DD/MM/YYYY' in every language and browser (issue 27 item 5), where the
 * browser's own date input wrote the browser's locale (MM/DD/YYYY) next to tables in DD/MM/YYYY.
 */
export function IsoDateField({ value, onChange, name, error, onBlur, ...rest }: IsoDateFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ text: string; for: string } | null>(null);
  const [left, setLeft] = useState(false);
  // A draft belongs to the value it was typed over: a new value from outside (a preset, a reset) replaces it.
  const typing = draft && draft.for === value ? draft.text : null;
  const text = typing ?? (value ? formatCompanyDate(value) : '');
  const invalid = typing !== null && typing.trim() !== '' && !parseCompanyDate(typing);
  return (
    <DateField
      {...rest}
      name={name ?? rest.label}
      value={text}
      error={error ?? (invalid && left ? t('dateField.invalid') : undefined)}
      onBlur={() => {
        setLeft(true);
        onBlur?.();
      }}
      onChange={(next) => {
        setLeft(false);
        const iso = parseCompanyDate(next);
        if (iso !== undefined || next.trim() === '') {
          setDraft(null);
          const stored = iso ?? '';
          if (stored !== value) onChange(stored);
        } else setDraft({ text: next, for: value });
      }}
    />
  );
}
