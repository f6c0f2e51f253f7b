import Box from '@mui/material/Box';
import type { ModelSettings } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, LEARNING_CAPTURES, LEARNING_DAYS } from '../rules/validation.ts';
import { NumberField } from './number-field.tsx';
import { SettingSection } from './setting-section.tsx';

type Baseline = NonNullable<ModelSettings['baseline_in']>;

/** The rule a model without its own learns by (docs/baselines.md). */
export const DEFAULT_BASELINE: Baseline = {
  learning_days: LEARNING_DAYS.default,
  learning_captures: LEARNING_CAPTURES.default,
  warning_deviations: 6,
  alarm_deviations: 12,
};

type BaselineSectionProps = {
  value: ModelSettings['baseline_in'];
  onChange: (value: Baseline) => void;
  errors: FieldErrors;
};

/**
 * Learned Baseline (issue 25 item 4): how long each monitored value learns its normal band, in days and in captures
 * (both must be reached); the defaults when the model has no rule of its own. The deviations keep what is stored.
 */
export function BaselineSection({ value, onChange, errors }: BaselineSectionProps) {
  const { t } = useTranslation();
  const baseline = value ?? DEFAULT_BASELINE;
  return (
    <SettingSection title={t('models.sections.baseline')} description={t('models.baseline.hint')}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap' }}>
        <NumberField
          label={t('models.baseline.learningDays')}
          size="small"
          nullable={false}
          value={baseline.learning_days}
          onChange={(days) => onChange({ ...baseline, learning_days: days ?? Number.NaN })}
          error={errors['baseline_in.learning_days']}
          sx={{ width: 240 }}
        />
        <NumberField
          label={t('models.baseline.learningCaptures')}
          size="small"
          nullable={false}
          value={baseline.learning_captures}
          onChange={(captures) => onChange({ ...baseline, learning_captures: captures ?? Number.NaN })}
          error={errors['baseline_in.learning_captures']}
          sx={{ width: 240 }}
        />
      </Box>
    </SettingSection>
  );
}
