import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { measurementName } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import type { SensorType } from '../api/get-alarm-limit-master.ts';
import { type CorrelationRow, newCorrelationRow, withCorrelationTags } from '../rules/correlation.ts';
import type { FieldErrors } from '../rules/validation.ts';
import { NumberField } from './number-field.tsx';
import { AddRowButton, RemoveRowCell } from './row-actions.tsx';
import { SectionTable } from './section-table.tsx';
import { SettingSection } from './setting-section.tsx';
import { useRowList } from './use-row-list.ts';

type CorrelationTableProps = {
  rows: readonly CorrelationRow[];
  onChange: (rows: CorrelationRow[]) => void;
  /** The transformer's sensor types: the tags a pair is chosen from. */
  sensorTypes: readonly SensorType[];
  errors: FieldErrors;
};

/**
 * Correlation Mapping (q_setting): pairs of tags whose joint behaviour is scored for anomalies. A row takes two
 * tags (a third replaces the oldest) and its score is named after both.
 */
export function CorrelationTable({ rows, onChange, sensorTypes, errors }: CorrelationTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language.startsWith('th') ? 'th' : 'en';
  const list = useRowList(rows, onChange);

  return (
    <SettingSection
      title={t('models.sections.correlation')}
      description={t('models.correlation.hint')}
      actions={
        <AddRowButton label={t('models.correlation.add')} onClick={() => list.add(newCorrelationRow())} />
      }
    >
      <SectionTable
        label={t('models.sections.correlation')}
        columns={5}
        emptyMessage={t('models.correlation.empty')}
        isEmpty={rows.length === 0}
        head={
          <TableRow>
            <TableCell>{t('models.correlation.tags')}</TableCell>
            <TableCell>{t('models.correlation.score')}</TableCell>
            <TableCell>{t('models.limits.warning')}</TableCell>
            <TableCell>{t('models.limits.alarm')}</TableCell>
            <TableCell />
          </TableRow>
        }
      >
        {rows.map((row, index) => {
          const path = `q_setting_in.${index}`;
          const name = row.score || String(index + 1);
          const tagError = errors[`${path}.tagCode`];
          return (
            <TableRow key={list.keyOf(index)}>
              <TableCell sx={{ minWidth: 300 }}>
                <TextField
                  select
                  size="small"
                  fullWidth
                  value={row.tagCode}
                  error={tagError !== undefined}
                  helperText={tagError ? t(tagError) : undefined}
                  onChange={(event) => {
                    const chosen = event.target.value as unknown as string[] | string;
                    list.replace(
                      index,
                      withCorrelationTags(row, typeof chosen === 'string' ? chosen.split(',') : chosen),
                    );
                  }}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) => (
                        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                          {(selected as string[]).map((tag) => (
                            <Chip key={tag} label={tag} size="small" />
                          ))}
                        </Box>
                      ),
                    },
                    htmlInput: { 'aria-label': t('models.correlation.tagsOf', { index: index + 1 }) },
                  }}
                >
                  {sensorTypes.map((sensor) => (
                    <MenuItem key={sensor.id} value={sensor.tagCode}>
                      {measurementName(sensor.name, language)} ({sensor.tagCode})
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{row.score || '—'}</TableCell>
              {(['warning', 'alarm'] as const).map((field) => (
                <TableCell key={field}>
                  <NumberField
                    size="small"
                    nullable={false}
                    value={row[field]}
                    onChange={(value) => list.replace(index, { ...row, [field]: value ?? Number.NaN })}
                    ariaLabel={t(field === 'warning' ? 'models.limits.warningOf' : 'models.limits.alarmOf', {
                      name,
                    })}
                    error={errors[`${path}.${field}`]}
                    sx={{ width: 110 }}
                  />
                </TableCell>
              ))}
              <RemoveRowCell
                label={t('models.correlation.remove', { name })}
                onClick={() => list.remove(index)}
              />
            </TableRow>
          );
        })}
      </SectionTable>
    </SettingSection>
  );
}
