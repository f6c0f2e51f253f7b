import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { DateRange } from './chart-logic.ts';

/** Start and end date inputs of a chart toolbar: calendar days in the company's zone, end not before start. */
export function DateRangeFields({
  range,
  onChange,
  maxDate,
}: {
  range: DateRange;
  onChange: (range: DateRange) => void;
  maxDate?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        size="small"
        type="date"
        label={t('charts.from')}
        value={range.from}
        onChange={(event) => onChange({ ...range, from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to } }}
      />
      <TextField
        size="small"
        type="date"
        label={t('charts.to')}
        value={range.to}
        onChange={(event) => onChange({ ...range, to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from, max: maxDate } }}
      />
    </>
  );
}
