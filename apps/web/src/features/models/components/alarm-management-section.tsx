import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ModelSettings } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../rules/validation.ts';
import { NumberField } from './number-field.tsx';
import { SettingSection } from './setting-section.tsx';

type Persistence = NonNullable<ModelSettings['alarm_management']>;

type AlarmManagementSectionProps = {
  value: ModelSettings['alarm_management'];
  onChange: (value: Persistence) => void;
  errors: FieldErrors;
};

/** Alarm Management: 'X out of Y' persistence (an alarm when X of the last Y samples are beyond a limit). */
export function AlarmManagementSection({ value, onChange, errors }: AlarmManagementSectionProps) {
  const { t } = useTranslation();
  const persistence = value ?? { persistence_from: Number.NaN, persistence_to: Number.NaN };
  return (
    <SettingSection
      title={t('models.sections.alarmManagement')}
      description={t('models.alarmManagement.hint')}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap' }}>
        <NumberField
          label={t('models.alarmManagement.from')}
          size="small"
          nullable={false}
          value={persistence.persistence_from}
          onChange={(from) => onChange({ ...persistence, persistence_from: from ?? Number.NaN })}
          error={errors['alarm_management.persistence_from']}
          sx={{ width: 200 }}
        />
        <Typography sx={{ pt: 1 }}>{t('models.alarmManagement.outOf')}</Typography>
        <NumberField
          label={t('models.alarmManagement.to')}
          size="small"
          nullable={false}
          value={persistence.persistence_to}
          onChange={(to) => onChange({ ...persistence, persistence_to: to ?? Number.NaN })}
          error={errors['alarm_management.persistence_to']}
          sx={{ width: 200 }}
        />
      </Box>
    </SettingSection>
  );
}
