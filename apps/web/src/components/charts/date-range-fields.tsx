import { useTranslation } from 'react-i18next';
import { IsoDateField } from '../date-field.tsx';
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
      <IsoDateField
        size="small"
        width={170}
        label={t('charts.from')}
        value={range.from}
        helperText=""
        onChange={(from) => onChange({ ...range, from })}
        max={range.to}
      />
      <IsoDateField
        size="small"
        width={170}
        label={t('charts.to')}
        value={range.to}
        helperText=""
        onChange={(to) => onChange({ ...range, to })}
        min={range.from}
        max={maxDate}
      />
    </>
  );
}
