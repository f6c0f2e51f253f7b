import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { displayUnit } from '../../../lib/units.ts';
import type { SensorType } from '../api/get-alarm-limit-master.ts';
import { useVsdBrands, type VsdBrand } from '../api/get-vsd-brands.ts';
import { useVsdModels, vsdModelsQueryOptions } from '../api/get-vsd-models.ts';
import { setAlert, setMonitor } from '../rules/alarm-limits.ts';
import type { FieldErrors } from '../rules/validation.ts';
import { type RemainingLifeRow, withVsdBrand, withVsdModel } from '../rules/vsd.ts';
import { NumberField } from './number-field.tsx';
import { SettingSection } from './setting-section.tsx';

type RemainingLifeSectionProps = {
  rows: readonly RemainingLifeRow[];
  onChange: Dispatch<SetStateAction<RemainingLifeRow[]>>;
  sensorTypes: ReadonlyMap<number, SensorType>;
  errors: FieldErrors;
};

const NO_CHOICE = '';

/**
 * The remaining-life alarm limit sensors of a drive (DC-link capacitor, cooling fan): the drive's Brand and Model
 * give the rated life L0 at Tmax (ANALYTICS §5), with the usage so far and the limits of the remaining life.
 */
export function RemainingLifeSection({ rows, onChange, sensorTypes, errors }: RemainingLifeSectionProps) {
  const { t } = useTranslation();
  const brands = useVsdBrands();
  return (
    <SettingSection title={t('models.sections.remainingLife')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{t('models.limits.empty')}</Typography>
        ) : null}
        {rows.map((row, index) => (
          <RemainingLifeCard
            key={row.sensorTypeId}
            row={row}
            path={`vsd_alarm_limit_sensor_new_in.${index}`}
            sensor={sensorTypes.get(row.sensorTypeId)}
            brands={brands.data ?? []}
            errors={errors}
            onChange={(update) =>
              onChange((current) =>
                current.map((candidate, position) => (position === index ? update(candidate) : candidate)),
              )
            }
          />
        ))}
      </Box>
    </SettingSection>
  );
}

type RemainingLifeCardProps = {
  row: RemainingLifeRow;
  path: string;
  sensor: SensorType | undefined;
  brands: readonly VsdBrand[];
  errors: FieldErrors;
  /** Changes the row from its latest state (a brand's models arrive after a moment). */
  onChange: (update: (row: RemainingLifeRow) => RemainingLifeRow) => void;
};

function RemainingLifeCard({ row, path, sensor, brands, errors, onChange }: RemainingLifeCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const models = useVsdModels(row.brandId);
  const name = sensor?.name ?? String(row.sensorTypeId);
  const unit = displayUnit(sensor?.unit ?? '');

  const handleBrand = async (value: string) => {
    const brandId = value === NO_CHOICE ? null : Number(value);
    onChange((current) => ({ ...current, brandId, vsdModelId: null }));
    if (brandId === null) return;
    // A brand whose models cannot be loaded has none to offer (spec 02 §8: lookups fail silently).
    const ofBrand = await queryClient.fetchQuery(vsdModelsQueryOptions(brandId)).catch(() => []);
    onChange((current) => (current.brandId === brandId ? withVsdBrand(current, brandId, ofBrand) : current));
  };

  const numberField = (
    field:
      | 'l0'
      | 'tmax'
      | 'initial_day'
      | 'avg_rate'
      | 'expectedLifeTime'
      | 'warning'
      | 'alarm'
      | 'rul_warning'
      | 'rul_alarm',
    label: string,
    nullable = true,
  ) => (
    <NumberField
      label={label}
      size="small"
      nullable={nullable}
      value={row[field]}
      onChange={(value) =>
        onChange((current) => ({ ...current, [field]: nullable ? value : (value ?? Number.NaN) }))
      }
      ariaLabel={t('models.limits.fieldOf', { field: label, name })}
      error={errors[`${path}.${field}`]}
    />
  );

  return (
    <Paper variant="outlined" role="group" aria-label={name} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {name}
        </Typography>
        <FormControlLabel
          label={t('models.limits.monitor')}
          control={
            <Checkbox
              checked={row.isSelect}
              onChange={(_event, checked) => onChange((current) => setMonitor(current, checked))}
              slotProps={{ input: { 'aria-label': t('models.limits.monitorOf', { name }) } }}
            />
          }
        />
        <FormControlLabel
          label={t('models.limits.alert')}
          control={
            <Checkbox
              checked={row.isAlert}
              onChange={(_event, checked) => onChange((current) => setAlert(current, checked))}
              slotProps={{ input: { 'aria-label': t('models.limits.alertOf', { name }) } }}
            />
          }
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', gap: 2 }}>
        <TextField
          select
          size="small"
          label={t('models.remainingLife.brand')}
          value={row.brandId ?? NO_CHOICE}
          onChange={(event) => void handleBrand(event.target.value)}
          slotProps={{
            htmlInput: {
              'aria-label': t('models.limits.fieldOf', { field: t('models.remainingLife.brand'), name }),
            },
          }}
        >
          <MenuItem value={NO_CHOICE}>{t('models.remainingLife.none')}</MenuItem>
          {brands.map((brand) => (
            <MenuItem key={brand.id} value={brand.id}>
              {brand.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('models.remainingLife.model')}
          value={
            models.data?.some((model) => model.id === row.vsdModelId)
              ? (row.vsdModelId ?? NO_CHOICE)
              : NO_CHOICE
          }
          disabled={row.brandId === null}
          onChange={(event) => {
            const model = models.data?.find((candidate) => candidate.id === Number(event.target.value));
            onChange((current) => withVsdModel(current, model));
          }}
          slotProps={{
            htmlInput: {
              'aria-label': t('models.limits.fieldOf', { field: t('models.remainingLife.model'), name }),
            },
          }}
        >
          <MenuItem value={NO_CHOICE}>{t('models.remainingLife.none')}</MenuItem>
          {(models.data ?? []).map((model) => (
            <MenuItem key={model.id} value={model.id}>
              {model.name}
            </MenuItem>
          ))}
        </TextField>
        {numberField('l0', t('models.remainingLife.l0'))}
        {numberField('tmax', t('models.remainingLife.tmax'))}
        {numberField('initial_day', t('models.remainingLife.initialDay'), false)}
        {numberField('avg_rate', t('models.remainingLife.avgRate'), false)}
        {numberField('expectedLifeTime', t('models.remainingLife.expectedLifeTime'))}
        {numberField('warning', t('models.remainingLife.warning', { unit }))}
        {numberField('alarm', t('models.remainingLife.alarm', { unit }))}
        {numberField('rul_warning', t('models.limits.rulWarning'))}
        {numberField('rul_alarm', t('models.limits.rulAlarm'))}
      </Box>
    </Paper>
  );
}
