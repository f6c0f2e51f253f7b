import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captureLabel, captureTime } from '../shared/capture-label.ts';
import { useAxisLabels } from './api/get-axis-labels.ts';
import { useDataSets } from './api/get-data-sets.ts';
import { useRvsSensors } from './api/get-rvs-sensors.ts';
import { SensorLocationField } from './sensor-location-field.tsx';

export type Phase = 'acceleration' | 'accelerationG' | 'velocity' | 'envelope';
export type Axis = 'x' | 'y' | 'z';
export const ALL_PHASES: readonly Phase[] = ['acceleration', 'accelerationG', 'velocity', 'envelope'];
const DEFAULT_AXIS_LABELS = { x: 'H', y: 'V', z: 'A' } as const;

export interface GraphSearch {
  sensor: string;
  phase: Phase;
  axis: Axis;
  axisLabel: string;
  fileNames: string[];
  /** When each searched data set was captured (ISO), kept from the list of the search: the charts name lines by it. */
  capturedAt: Record<string, string>;
  /** Each Search counts up: the chart resets its x unit and picks (spec 03 §4.2). */
  count: number;
}

/**
 * The selectors of the graph screens (spec 03 §2.4): Sensor Location, Data set (several, alias shown), Vibration
 * Unit, Axis (the sensor's labels), Search once a data set is chosen. A new sensor clears the data sets; a new
 * axis too (data sets are per axis).
 */
export function useGraphSelectors(modelId: string, phases: readonly Phase[] = ALL_PHASES, maxDataSets = 10) {
  const sensors = useRvsSensors(modelId);
  const [sensor, setSensorState] = useState<string>('');
  const [fileNames, setFileNames] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase>(phases[0] ?? 'acceleration');
  const [axis, setAxisState] = useState<Axis>('x');
  const [search, setSearch] = useState<GraphSearch>();
  const labels = useAxisLabels(modelId, sensor || undefined).data ?? DEFAULT_AXIS_LABELS;
  const dataSets = useDataSets(modelId, sensor || undefined, axis);
  return {
    sensors,
    sensor,
    setSensor: (next: string) => {
      setSensorState(next);
      setFileNames([]);
    },
    fileNames,
    setFileNames: (next: string[]) => setFileNames(next.slice(-maxDataSets)),
    phase,
    setPhase,
    phases,
    axis,
    setAxis: (next: Axis) => {
      setAxisState(next);
      setFileNames([]);
    },
    labels,
    dataSets,
    search,
    submit: () => {
      if (!sensor || fileNames.length === 0) return;
      const capturedAt = Object.fromEntries(
        (dataSets.data ?? [])
          .filter((set) => fileNames.includes(set.fileName))
          .map((set) => [set.fileName, set.capturedAt]),
      );
      setSearch({
        sensor,
        phase,
        axis,
        axisLabel: labels[axis],
        fileNames,
        capturedAt,
        count: (search?.count ?? 0) + 1,
      });
    },
  };
}

export type GraphSelectorsState = ReturnType<typeof useGraphSelectors>;

export function GraphSelectors({
  state,
  timeZone,
  children,
}: {
  state: GraphSelectorsState;
  timeZone: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const options = state.dataSets.data ?? [];
  // Capture time in the company's zone and the data set's own label, never the UTC file name (issue 27 item 2).
  const labelOf = (fileName: string) => {
    const set = options.find((option) => option.fileName === fileName);
    return set ? captureLabel(set, timeZone) : fileName;
  };
  const timeOf = (fileName: string) =>
    captureTime(options.find((option) => option.fileName === fileName)?.capturedAt, timeZone) ?? fileName;
  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}
    >
      <SensorLocationField
        sensors={state.sensors.data}
        value={state.sensor}
        onChange={state.setSensor}
        onBlur={() => setTouched(true)}
        error={touched && !state.sensor}
        helperText={touched && !state.sensor ? t('rvs.required') : undefined}
        minWidth={180}
      />
      <TextField
        select
        size="small"
        label={t('rvs.vibrationUnit')}
        value={state.phase}
        onChange={(event) => state.setPhase(event.target.value as Phase)}
        sx={{ minWidth: 190 }}
      >
        {state.phases.map((phase) => (
          <MenuItem key={phase} value={phase}>
            {t(`rvs.units.${phase}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('rvs.axis')}
        value={state.axis}
        onChange={(event) => state.setAxis(event.target.value as Axis)}
        sx={{ minWidth: 90 }}
      >
        {(['x', 'y', 'z'] as const).map((axis) => (
          <MenuItem key={axis} value={axis}>
            {state.labels[axis]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('rvs.dataSet')}
        value={state.fileNames}
        disabled={!state.sensor}
        onChange={(event) => {
          const value = event.target.value as unknown as string[] | string;
          state.setFileNames(typeof value === 'string' ? value.split(',') : value);
        }}
        error={touched && Boolean(state.sensor) && state.fileNames.length === 0}
        helperText={touched && state.sensor && state.fileNames.length === 0 ? t('rvs.required') : undefined}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (selected) => (selected as string[]).map(timeOf).join(', '),
          },
        }}
        sx={{ minWidth: 240, maxWidth: 420 }}
      >
        {options.map((option) => (
          <MenuItem key={option.fileName} value={option.fileName}>
            {labelOf(option.fileName)}
          </MenuItem>
        ))}
      </TextField>
      {children}
      <Button
        variant="contained"
        startIcon={<SearchOutlined />}
        disabled={!state.sensor || state.fileNames.length === 0}
        onClick={() => {
          setTouched(true);
          state.submit();
        }}
      >
        {t('rvs.search')}
      </Button>
    </Stack>
  );
}
