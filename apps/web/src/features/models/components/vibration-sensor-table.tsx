import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useMachineTemplates } from '../api/get-machine-templates.ts';
import { useSensorPoints } from '../api/get-sensor-points.ts';
import { newVibrationSensorRow, type VibrationSensorRow } from '../rules/sensor-rows.ts';
import type { FieldErrors } from '../rules/validation.ts';
import { NumberField } from './number-field.tsx';
import { AddRowButton, RemoveRowCell } from './row-actions.tsx';
import { SectionTable } from './section-table.tsx';
import { SettingSection } from './setting-section.tsx';
import { TextInput } from './text-input.tsx';
import { useRowList } from './use-row-list.ts';

type VibrationSensorTableProps = {
  rows: readonly VibrationSensorRow[];
  onChange: (rows: VibrationSensorRow[]) => void;
  errors: FieldErrors;
};

const QUANTITIES = ['acceleration', 'velocity', 'temperature'] as const;
const ID_MAX = 100;
const NAME_MAX = 200;

type LookupSelectProps = {
  value: number;
  /** The master data to choose from; until it is loaded (or when it failed) only the current id is offered. */
  options: readonly { id: number; name: string }[] | undefined;
  onChange: (id: number) => void;
  ariaLabel: string;
  width: number;
};

/** A cell's select of a master-data list (sensor points, machine templates). */
function LookupSelect({ value, options, onChange, ariaLabel, width }: LookupSelectProps) {
  return (
    <TextField
      select
      size="small"
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      slotProps={{ htmlInput: { 'aria-label': ariaLabel } }}
      sx={{ width }}
    >
      {(options ?? [{ id: value, name: String(value) }]).map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The EVS vibration sensors: where each sits, its machine template and its warning and alarm per quantity. */
export function VibrationSensorTable({ rows, onChange, errors }: VibrationSensorTableProps) {
  const { t } = useTranslation();
  const list = useRowList(rows, onChange);
  const points = useSensorPoints();
  const templates = useMachineTemplates();

  return (
    <SettingSection
      title={t('models.sections.vibrationSensor')}
      actions={
        <AddRowButton label={t('models.vibration.add')} onClick={() => list.add(newVibrationSensorRow())} />
      }
    >
      <SectionTable
        label={t('models.sections.vibrationSensor')}
        columns={12}
        emptyMessage={t('models.vibration.empty')}
        isEmpty={rows.length === 0}
        head={
          <>
            <TableRow>
              <TableCell rowSpan={2} padding="checkbox">
                {t('models.vibration.selected')}
              </TableCell>
              <TableCell rowSpan={2}>{t('models.vibration.sensorId')}</TableCell>
              <TableCell rowSpan={2}>{t('models.vibration.sensorName')}</TableCell>
              <TableCell rowSpan={2}>{t('models.vibration.sensorPoint')}</TableCell>
              <TableCell rowSpan={2}>{t('models.vibration.machineTemplate')}</TableCell>
              {QUANTITIES.map((quantity) => (
                <TableCell key={quantity} colSpan={2} align="center">
                  {t(`models.vibration.${quantity}`)}
                </TableCell>
              ))}
              <TableCell rowSpan={2} />
            </TableRow>
            <TableRow>
              {QUANTITIES.flatMap((quantity) => [
                <TableCell key={`${quantity}-warning`}>{t('models.limits.warning')}</TableCell>,
                <TableCell key={`${quantity}-alarm`}>{t('models.limits.alarm')}</TableCell>,
              ])}
            </TableRow>
          </>
        }
      >
        {rows.map((row, index) => {
          const path = `vibration_sensor_in.${index}`;
          const name = row.sensorId || String(index + 1);
          return (
            <TableRow key={list.keyOf(index)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={row.selected}
                  onChange={(_event, selected) => list.replace(index, { ...row, selected })}
                  slotProps={{ input: { 'aria-label': t('models.vibration.selectedOf', { name }) } }}
                />
              </TableCell>
              <TableCell>
                <TextInput
                  value={row.sensorId}
                  onChange={(sensorId) => list.replace(index, { ...row, sensorId })}
                  error={errors[`${path}.sensorId`]}
                  maxLength={ID_MAX}
                  ariaLabel={t('models.vibration.sensorIdOf', { index: index + 1 })}
                  sx={{ width: 130 }}
                />
              </TableCell>
              <TableCell>
                <TextInput
                  value={row.sensorName}
                  onChange={(sensorName) => list.replace(index, { ...row, sensorName })}
                  error={errors[`${path}.sensorName`]}
                  maxLength={NAME_MAX}
                  ariaLabel={t('models.vibration.sensorNameOf', { name })}
                  sx={{ width: 160 }}
                />
              </TableCell>
              <TableCell>
                <LookupSelect
                  value={row.sensorPointId}
                  options={points.data}
                  onChange={(sensorPointId) => list.replace(index, { ...row, sensorPointId })}
                  ariaLabel={t('models.vibration.sensorPointOf', { name })}
                  width={150}
                />
              </TableCell>
              <TableCell>
                <LookupSelect
                  value={row.machineTemplateId}
                  options={templates.data}
                  onChange={(machineTemplateId) => list.replace(index, { ...row, machineTemplateId })}
                  ariaLabel={t('models.vibration.machineTemplateOf', { name })}
                  width={190}
                />
              </TableCell>
              {QUANTITIES.flatMap((quantity) =>
                (['warning', 'alarm'] as const).map((field) => (
                  <TableCell key={`${quantity}-${field}`}>
                    <NumberField
                      size="small"
                      nullable={false}
                      value={row[quantity][field]}
                      onChange={(value) =>
                        list.replace(index, {
                          ...row,
                          [quantity]: { ...row[quantity], [field]: value ?? Number.NaN },
                        })
                      }
                      ariaLabel={t('models.vibration.limitOf', {
                        name,
                        quantity: t(`models.vibration.${quantity}`),
                        limit: t(`models.limits.${field}`),
                      })}
                      error={errors[`${path}.${quantity}.${field}`]}
                      sx={{ width: 90 }}
                    />
                  </TableCell>
                )),
              )}
              <RemoveRowCell
                label={t('models.vibration.remove', { name })}
                onClick={() => list.remove(index)}
              />
            </TableRow>
          );
        })}
      </SectionTable>
    </SettingSection>
  );
}
