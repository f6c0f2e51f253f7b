import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MOTOR_BEARING_TAGS, type ModelSettings } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import { displayUnit } from '../../../lib/units.ts';
import { useBearings } from '../api/get-bearings.ts';
import type { ConfigurationInformation } from '../api/get-configuration-informations.ts';
import type { FieldErrors } from '../rules/validation.ts';
import { NumberField } from './number-field.tsx';
import { SettingSection } from './setting-section.tsx';

type MotorDataRow = ModelSettings['motor_data_in'][number];

type MotorDataSectionProps = {
  title: string;
  rows: readonly MotorDataRow[];
  onChange: (rows: MotorDataRow[]) => void;
  /** The model type's information items, for each value's unit. */
  items: readonly ConfigurationInformation[];
  errors: FieldErrors;
};

const isBearingRow = (row: MotorDataRow) =>
  (MOTOR_BEARING_TAGS as readonly string[]).includes(row.modelConfigurationTagCode);

/**
 * Motor Data (MCA) or motor and VSD data (VCA): the ratings the analyses use, one number each; the DE and NDE
 * bearings are chosen from the bearing catalogue (their geometry gives the MCSA bearing lines).
 */
export function MotorDataSection({ title, rows, onChange, items, errors }: MotorDataSectionProps) {
  const { t } = useTranslation();
  const bearings = useBearings();
  const replace = (index: number, next: MotorDataRow) =>
    onChange(rows.map((candidate, position) => (position === index ? next : candidate)));
  const unitOf = (tagCode: string) => items.find((item) => item.tagCode === tagCode)?.unitCode ?? '';
  return (
    <SettingSection title={title}>
      {rows.length === 0 ? (
        <Box sx={{ color: 'text.secondary' }}>{t('models.motorData.empty')}</Box>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
            gap: 2,
            pt: 1,
          }}
        >
          {rows.map((row, index) => {
            const unit = displayUnit(unitOf(row.modelConfigurationTagCode));
            if (isBearingRow(row))
              return (
                <TextField
                  key={row.modelConfigurationTagCode}
                  select
                  size="small"
                  label={row.title}
                  value={row.bearingId ?? ''}
                  onChange={(event) =>
                    replace(index, {
                      ...row,
                      value: null,
                      bearingId: event.target.value === '' ? null : Number(event.target.value),
                    })
                  }
                >
                  <MenuItem value="">{t('models.motorData.noBearing')}</MenuItem>
                  {(bearings.data ?? []).map((bearing) => (
                    <MenuItem key={bearing.id} value={bearing.id}>
                      {bearing.designation}
                    </MenuItem>
                  ))}
                </TextField>
              );
            return (
              <NumberField
                key={row.modelConfigurationTagCode}
                label={row.title}
                size="small"
                value={row.value}
                onChange={(value) => replace(index, { ...row, value })}
                error={errors[`motor_data_in.${index}.value`]}
                slotProps={
                  unit
                    ? { input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } }
                    : undefined
                }
              />
            );
          })}
        </Box>
      )}
    </SettingSection>
  );
}
