import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { RvsSensor } from './api/get-rvs-sensors.ts';

/** The sensors of the model as 'Name (id)' options: one list for every Sensor Location selector (spec 03 §2.4). */
export function sensorOptions(sensors: readonly RvsSensor[] | undefined) {
  return (sensors ?? []).map((sensor) => (
    <MenuItem key={sensor.sensorId} value={sensor.sensorId}>
      {sensor.sensorName} ({sensor.sensorId})
    </MenuItem>
  ));
}

/** One Sensor Location; the caller says when it is missing (`helperText`, `error`) and how wide it sits. */
export function SensorLocationField({
  sensors,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  minWidth,
  maxWidth,
}: {
  sensors: readonly RvsSensor[] | undefined;
  value: string;
  onChange: (sensorId: string) => void;
  onBlur?: () => void;
  error: boolean;
  helperText: string | undefined;
  minWidth?: number;
  maxWidth?: number;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('rvs.sensorLocation')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error}
      helperText={helperText}
      sx={{ minWidth, maxWidth }}
    >
      {sensorOptions(sensors)}
    </TextField>
  );
}
