import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { displayUnit } from '../../../lib/units.ts';
import { type Bearing, useBearings } from '../api/get-bearings.ts';
import {
  findRvsLimit,
  MACHINES,
  newRawVibrationSensorRow,
  type RawVibrationSensorRow,
  RVS_AXES,
  RVS_QUANTITIES,
  type RvsDefaults,
  setRvsLimit,
} from '../rules/sensor-rows.ts';
import type { FieldErrors } from '../rules/validation.ts';
import { NumberField } from './number-field.tsx';
import { AddRowButton, RemoveRowButton } from './row-actions.tsx';
import { SettingSection } from './setting-section.tsx';
import { TextInput } from './text-input.tsx';
import { useRowList } from './use-row-list.ts';

type RawVibrationSensorSectionProps = {
  rows: readonly RawVibrationSensorRow[];
  onChange: (rows: RawVibrationSensorRow[]) => void;
  /** Limits a new sensor starts with, from the RVS sensor types. */
  defaults: RvsDefaults;
  /** Units by tag code (velocity, acceleration, envelope, temperature, battery). */
  units: Readonly<Record<string, string>>;
  errors: FieldErrors;
};

const ID_MAX = 100;
const NAME_MAX = 200;
const POSITION_MAX = 100;
const AXIS_LABEL_MAX = 10;

/** The RVS raw vibration sensors (spec 03 §3): one card per sensor with its place, bearing and alarm limits. */
export function RawVibrationSensorSection({
  rows,
  onChange,
  defaults,
  units,
  errors,
}: RawVibrationSensorSectionProps) {
  const { t } = useTranslation();
  const list = useRowList(rows, onChange);
  const bearings = useBearings();
  return (
    <SettingSection
      title={t('models.sections.rawVibrationSensor')}
      actions={
        <AddRowButton
          label={t('models.rvs.add')}
          onClick={() => list.add(newRawVibrationSensorRow(defaults))}
        />
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {rows.length === 0 ? <Typography color="text.secondary">{t('models.rvs.empty')}</Typography> : null}
        {rows.map((row, index) => (
          <RawVibrationSensorCard
            key={list.keyOf(index)}
            row={row}
            index={index}
            bearings={bearings.data ?? []}
            units={units}
            errors={errors}
            onChange={(next) => list.replace(index, next)}
            onRemove={() => list.remove(index)}
          />
        ))}
      </Box>
    </SettingSection>
  );
}

type RawVibrationSensorCardProps = {
  row: RawVibrationSensorRow;
  index: number;
  bearings: readonly Bearing[];
  units: Readonly<Record<string, string>>;
  errors: FieldErrors;
  onChange: (row: RawVibrationSensorRow) => void;
  onRemove: () => void;
};

function RawVibrationSensorCard({
  row,
  index,
  bearings,
  units,
  errors,
  onChange,
  onRemove,
}: RawVibrationSensorCardProps) {
  const { t } = useTranslation();
  const path = `raw_vibration_sensor_in.${index}`;
  const name = row.sensorId || String(index + 1);
  const heading = t('models.rvs.sensorHeading', { name });
  const bearing = bearings.find((candidate) => candidate.id === row.bearingId) ?? null;
  const unitOf = (tagCode: string) => displayUnit(units[tagCode] ?? '');

  const pair = (
    what: string,
    value: { warning: number; alarm: number } | undefined,
    errorPath: string,
    onValue: (field: 'warning' | 'alarm', value: number | null) => void,
  ) =>
    (['warning', 'alarm'] as const).map((field) => (
      <TableCell key={field}>
        <NumberField
          size="small"
          nullable
          value={value ? value[field] : null}
          onChange={(next) => onValue(field, next)}
          ariaLabel={t('models.rvs.limitOf', { name, what, limit: t(`models.limits.${field}`) })}
          error={errors[`${errorPath}.${field}`]}
          sx={{ width: 84 }}
        />
      </TableCell>
    ));

  return (
    <Paper variant="outlined" role="group" aria-label={heading} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
        <Typography component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {heading}
        </Typography>
        <RemoveRowButton label={t('models.rvs.remove', { name })} onClick={onRemove} />
      </Box>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2, mb: 2 }}
      >
        <TextInput
          label={t('models.vibration.sensorId')}
          value={row.sensorId}
          onChange={(sensorId) => onChange({ ...row, sensorId })}
          error={errors[`${path}.sensorId`]}
          maxLength={ID_MAX}
          ariaLabel={t('models.vibration.sensorIdOf', { index: index + 1 })}
        />
        <TextInput
          label={t('models.vibration.sensorName')}
          value={row.sensorName}
          onChange={(sensorName) => onChange({ ...row, sensorName })}
          error={errors[`${path}.sensorName`]}
          maxLength={NAME_MAX}
          ariaLabel={t('models.vibration.sensorNameOf', { name })}
        />
        <TextInput
          label={t('models.rvs.positionType')}
          value={row.positionType}
          onChange={(positionType) => onChange({ ...row, positionType })}
          maxLength={POSITION_MAX}
          ariaLabel={t('models.rvs.fieldOf', { field: t('models.rvs.positionType'), name })}
        />
        <TextField
          select
          size="small"
          label={t('models.rvs.machine')}
          value={row.machine}
          onChange={(event) =>
            onChange({ ...row, machine: event.target.value as RawVibrationSensorRow['machine'] })
          }
          slotProps={{
            htmlInput: { 'aria-label': t('models.rvs.fieldOf', { field: t('models.rvs.machine'), name }) },
          }}
        >
          {MACHINES.map((machine) => (
            <MenuItem key={machine} value={machine}>
              {t(`models.rvs.machines.${machine}`)}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          size="small"
          options={bearings}
          value={bearing}
          onChange={(_event, chosen) => onChange({ ...row, bearingId: chosen?.id ?? null })}
          getOptionLabel={(option) => option.designation}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              <Box>
                <Typography variant="body2">{option.designation}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('models.rvs.bearingGeometry', {
                    count: option.rollingElements,
                    ball: option.ballDiameterMm,
                    pitch: option.pitchDiameterMm,
                    angle: option.contactAngleDeg,
                  })}
                </Typography>
              </Box>
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('models.rvs.bearing')}
              slotProps={{
                ...params.slotProps,
                htmlInput: {
                  ...params.slotProps.htmlInput,
                  'aria-label': t('models.rvs.fieldOf', { field: t('models.rvs.bearing'), name }),
                },
              }}
            />
          )}
        />
        <NumberField
          size="small"
          label={t('models.rvs.rotatingSpeed')}
          value={row.rotatingSpeed}
          onChange={(rotatingSpeed) => onChange({ ...row, rotatingSpeed })}
          ariaLabel={t('models.rvs.fieldOf', { field: t('models.rvs.rotatingSpeed'), name })}
          error={errors[`${path}.rotatingSpeed`]}
        />
        {RVS_AXES.map((axis) => (
          <TextInput
            key={axis}
            label={t('models.rvs.axisLabel', { axis })}
            value={row.axisLabels[axis]}
            onChange={(label) => onChange({ ...row, axisLabels: { ...row.axisLabels, [axis]: label } })}
            maxLength={AXIS_LABEL_MAX}
            ariaLabel={t('models.rvs.axisLabelOf', { axis, name })}
          />
        ))}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('models.rvs.limitsOf', { name })}>
          <TableHead>
            <TableRow>
              <TableCell rowSpan={2}>{t('models.rvs.quantity')}</TableCell>
              {RVS_AXES.map((axis) => (
                <TableCell key={axis} colSpan={2} align="center">
                  {t('models.rvs.axisHeading', { axis, label: row.axisLabels[axis] })}
                </TableCell>
              ))}
            </TableRow>
            <TableRow>
              {RVS_AXES.flatMap((axis) => [
                <TableCell key={`${axis}-warning`}>{t('models.limits.warning')}</TableCell>,
                <TableCell key={`${axis}-alarm`}>{t('models.limits.alarm')}</TableCell>,
              ])}
            </TableRow>
          </TableHead>
          <TableBody>
            {RVS_QUANTITIES.map((type) => (
              <TableRow key={type}>
                <TableCell>
                  {t(`models.rvs.quantities.${type}`)} {unitOf(type) ? `(${unitOf(type)})` : ''}
                </TableCell>
                {RVS_AXES.flatMap((axis) =>
                  pair(
                    t('models.rvs.quantityOnAxis', { quantity: t(`models.rvs.quantities.${type}`), axis }),
                    findRvsLimit(row, type, axis),
                    `${path}.limits.${type}.${axis}`,
                    (field, value) => onChange(setRvsLimit(row, type, axis, field, value)),
                  ),
                )}
              </TableRow>
            ))}
            {(['temperatureLimit', 'batteryLimit'] as const).map((limit) => {
              const what = t(`models.rvs.${limit}`);
              const unit = unitOf(limit === 'temperatureLimit' ? 'temperature' : 'battery');
              return (
                <TableRow key={limit}>
                  <TableCell>
                    {what} {unit ? `(${unit})` : ''}
                  </TableCell>
                  {pair(what, row[limit], `${path}.${limit}`, (field, value) =>
                    onChange({ ...row, [limit]: { ...row[limit], [field]: value ?? Number.NaN } }),
                  )}
                  <TableCell colSpan={4} />
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
