import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { type AlarmLimitRow, measurementName } from '@sdp/contracts';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayUnit } from '../../../lib/units.ts';
import type { SensorType } from '../api/get-alarm-limit-master.ts';
import {
  type ApplyAllValues,
  applyAlertToAll,
  applyAllState,
  applyMonitorToAll,
  applyValueToAll,
  DEFAULT_APPLY_ALL_VALUES,
  setAlert,
  setMonitor,
} from '../rules/alarm-limits.ts';
import type { FieldErrors } from '../rules/validation.ts';
import { NumberField } from './number-field.tsx';
import { AddRowButton, RemoveRowCell } from './row-actions.tsx';
import { SectionTable } from './section-table.tsx';
import { SettingSection } from './setting-section.tsx';

type LimitField = keyof ApplyAllValues;
type LimitColumn = { field: LimitField; label: string; labelOf: ParseKeys };

type AlarmLimitTableProps = {
  /** The update form's section, which names the fields' validation paths. */
  section: string;
  title: string;
  rows: readonly AlarmLimitRow[];
  onChange: (rows: AlarmLimitRow[]) => void;
  sensorTypes: ReadonlyMap<number, SensorType>;
  errors: FieldErrors;
  /** Shows the rows one group at a time under tabs (transformer panels B–J, MCA group types). */
  groups?: readonly { id: number; name: string }[];
  /** MCA: an 'apply to all' row per group, and the RUL columns it also sets. */
  applyAll?: boolean;
  /** VCA: the sensor types a row may be, chosen with a Type select; rows can then be added and removed. */
  typeOptions?: readonly SensorType[];
};

const CELL_INPUT = { width: 110 } as const;

/**
 * An alarm limit sensor table: per sensor type a monitor and an alert box, its unit, warning and alarm
 * (spec 02 §3 'Alarm limit row') with the coupling rules of §4.
 */
export function AlarmLimitTable({
  section,
  title,
  rows,
  onChange,
  sensorTypes,
  errors,
  groups,
  applyAll = false,
  typeOptions,
}: AlarmLimitTableProps) {
  const { t, i18n } = useTranslation();
  // The platform's sensor types and groups in the reader's language (issue 27 item 5).
  const word = (name: string) => measurementName(name, i18n.language.startsWith('th') ? 'th' : 'en');
  const [chosenGroupId, setGroupId] = useState<number>();
  // The first group until the user picks one (the groups arrive with the lookups, after the first render).
  const groupId = chosenGroupId ?? groups?.[0]?.id;
  const [applyAllValues, setApplyAllValues] = useState<Record<number, ApplyAllValues>>({});

  const groupOf = (row: AlarmLimitRow) =>
    row.sensorGroupId ?? sensorTypes.get(row.sensorTypeId)?.sensorGroupId;
  const inGroup = (row: AlarmLimitRow) => groupId === undefined || groupOf(row) === groupId;
  const shown = rows.map((row, index) => ({ row, index })).filter(({ row }) => inGroup(row));
  const group = groups?.find((candidate) => candidate.id === groupId);
  const values = (groupId !== undefined ? applyAllValues[groupId] : undefined) ?? DEFAULT_APPLY_ALL_VALUES;
  const rulColumns = applyAll;
  const columnCount = 6 + (rulColumns ? 2 : 0) + (typeOptions ? 1 : 0);

  const nameOf = (row: AlarmLimitRow) => {
    const type = sensorTypes.get(row.sensorTypeId);
    return type ? word(type.name) : String(row.sensorTypeId);
  };
  const replace = (index: number, row: AlarmLimitRow) =>
    onChange(rows.map((candidate, position) => (position === index ? row : candidate)));
  const setValue = (index: number, row: AlarmLimitRow, field: LimitField, value: number | null) =>
    replace(index, { ...row, [field]: value });

  const used = new Set(rows.map((row) => row.sensorTypeId));
  const unused = typeOptions?.filter((option) => !used.has(option.id)) ?? [];
  const rowOfType = (option: SensorType, keep?: AlarmLimitRow): AlarmLimitRow => ({
    ...(keep ?? { rul_warning: null, rul_alarm: null, isSelect: true, isAlert: true }),
    sensorTypeId: option.id,
    sensorGroupId: option.sensorGroupId,
    warning: option.warning,
    alarm: option.alarm,
  });

  const limitColumns: LimitColumn[] = [
    { field: 'warning', label: t('models.limits.warning'), labelOf: 'models.limits.warningOf' },
    { field: 'alarm', label: t('models.limits.alarm'), labelOf: 'models.limits.alarmOf' },
    ...(rulColumns
      ? ([
          {
            field: 'rul_warning',
            label: t('models.limits.rulWarning'),
            labelOf: 'models.limits.rulWarningOf',
          },
          { field: 'rul_alarm', label: t('models.limits.rulAlarm'), labelOf: 'models.limits.rulAlarmOf' },
        ] satisfies LimitColumn[])
      : []),
  ];

  const state = applyAllState(shown.map(({ row }) => row));
  // A tab whose rows have a mistake says so, or the mistake would hide behind another tab.
  const groupHasError = (id: number) =>
    rows.some(
      (row, index) =>
        groupOf(row) === id && Object.keys(errors).some((path) => path.startsWith(`${section}.${index}.`)),
    );
  const groupName = group?.name ?? title;

  return (
    <SettingSection
      title={title}
      actions={
        typeOptions ? (
          <AddRowButton
            label={t('models.limits.addRow')}
            disabled={unused.length === 0}
            onClick={() => {
              const option = unused[0];
              if (option) onChange([...rows, rowOfType(option)]);
            }}
          />
        ) : null
      }
    >
      {groups && groups.length > 0 ? (
        <Tabs
          value={groupId ?? false}
          onChange={(_event, next: number) => setGroupId(next)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('models.limits.groupType')}
          sx={{ mb: 1 }}
        >
          {groups.map((candidate) => (
            <Tab
              key={candidate.id}
              value={candidate.id}
              label={
                groupHasError(candidate.id)
                  ? t('models.limits.groupWithError', { group: word(candidate.name) })
                  : word(candidate.name)
              }
              sx={groupHasError(candidate.id) ? { color: 'error.main' } : undefined}
            />
          ))}
        </Tabs>
      ) : null}
      <SectionTable
        label={group ? `${title}: ${word(group.name)}` : title}
        columns={columnCount}
        emptyMessage={t('models.limits.empty')}
        isEmpty={shown.length === 0}
        head={
          <TableRow>
            <TableCell padding="checkbox">{t('models.limits.monitor')}</TableCell>
            <TableCell padding="checkbox">{t('models.limits.alert')}</TableCell>
            <TableCell>{typeOptions ? t('models.limits.type') : t('models.limits.name')}</TableCell>
            <TableCell>{t('models.limits.unit')}</TableCell>
            {limitColumns.map((column) => (
              <TableCell key={column.field}>{column.label}</TableCell>
            ))}
            {typeOptions ? <TableCell /> : null}
          </TableRow>
        }
      >
        {applyAll && shown.length > 0 ? (
          <TableRow sx={{ bgcolor: 'action.hover' }}>
            <TableCell padding="checkbox">
              <Checkbox
                checked={state.monitor}
                indeterminate={state.monitorIndeterminate}
                onChange={(_event, checked) => onChange(applyMonitorToAll(rows, inGroup, checked, values))}
                slotProps={{
                  input: { 'aria-label': t('models.limits.applyAllMonitor', { group: groupName }) },
                }}
              />
            </TableCell>
            <TableCell padding="checkbox">
              <Checkbox
                checked={state.alert}
                indeterminate={state.alertIndeterminate}
                onChange={(_event, checked) => onChange(applyAlertToAll(rows, inGroup, checked))}
                slotProps={{
                  input: { 'aria-label': t('models.limits.applyAllAlert', { group: groupName }) },
                }}
              />
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{t('models.limits.applyAll')}</TableCell>
            <TableCell />
            {limitColumns.map((column) => (
              <TableCell key={column.field}>
                <NumberField
                  size="small"
                  value={values[column.field]}
                  ariaLabel={t(column.labelOf, { name: t('models.limits.allOf', { group: groupName }) })}
                  onChange={(value) => {
                    if (groupId !== undefined)
                      setApplyAllValues((current) => ({
                        ...current,
                        [groupId]: { ...values, [column.field]: value },
                      }));
                    onChange(applyValueToAll(rows, inGroup, column.field, value));
                  }}
                  sx={CELL_INPUT}
                />
              </TableCell>
            ))}
          </TableRow>
        ) : null}
        {shown.map(({ row, index }) => {
          const name = nameOf(row);
          const path = `${section}.${index}`;
          return (
            <TableRow key={row.sensorTypeId} hover>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={row.isSelect}
                  onChange={(_event, checked) => replace(index, setMonitor(row, checked))}
                  slotProps={{ input: { 'aria-label': t('models.limits.monitorOf', { name }) } }}
                />
              </TableCell>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={row.isAlert}
                  onChange={(_event, checked) => replace(index, setAlert(row, checked))}
                  slotProps={{ input: { 'aria-label': t('models.limits.alertOf', { name }) } }}
                />
              </TableCell>
              <TableCell sx={{ minWidth: 200 }}>
                {typeOptions ? (
                  <TextField
                    select
                    size="small"
                    fullWidth
                    value={row.sensorTypeId}
                    onChange={(event) => {
                      const option = typeOptions.find(
                        (candidate) => candidate.id === Number(event.target.value),
                      );
                      if (option) replace(index, rowOfType(option, row));
                    }}
                    slotProps={{ htmlInput: { 'aria-label': t('models.limits.typeOf', { name }) } }}
                  >
                    {typeOptions
                      .filter((option) => option.id === row.sensorTypeId || !used.has(option.id))
                      .map((option) => (
                        <MenuItem key={option.id} value={option.id}>
                          {word(option.name)}
                        </MenuItem>
                      ))}
                  </TextField>
                ) : (
                  name
                )}
              </TableCell>
              <TableCell>{displayUnit(sensorTypes.get(row.sensorTypeId)?.unit ?? '')}</TableCell>
              {limitColumns.map((column) => (
                <TableCell key={column.field}>
                  <NumberField
                    size="small"
                    value={row[column.field]}
                    ariaLabel={t(column.labelOf, { name })}
                    onChange={(value) => setValue(index, row, column.field, value)}
                    error={errors[`${path}.${column.field}`]}
                    sx={CELL_INPUT}
                  />
                </TableCell>
              ))}
              {typeOptions ? (
                <RemoveRowCell
                  label={t('models.limits.remove', { name })}
                  onClick={() => onChange(rows.filter((_candidate, position) => position !== index))}
                />
              ) : null}
            </TableRow>
          );
        })}
      </SectionTable>
    </SettingSection>
  );
}
