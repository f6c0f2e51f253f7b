import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useTranslation } from 'react-i18next';
import type { ConfigurationInformation } from '../api/get-configuration-informations.ts';
import { SettingSection } from './setting-section.tsx';

type ConfigurationSectionProps = {
  items: readonly ConfigurationInformation[];
  /** The ids of the items shown on the model's information accordion (configuration_in). */
  selected: readonly number[];
  onChange: (selected: number[]) => void;
};

/** Configuration Information (spec 02 §2.2): a checkbox per information item, and All. */
export function ConfigurationSection({ items, selected, onChange }: ConfigurationSectionProps) {
  const { t } = useTranslation();
  const chosen = new Set(selected);
  const count = items.filter((item) => chosen.has(item.id)).length;
  const all = items.length > 0 && count === items.length;

  const toggle = (id: number, checked: boolean) =>
    // Kept in the order of the items, whatever order they were ticked in.
    onChange(items.map((item) => item.id).filter((itemId) => (itemId === id ? checked : chosen.has(itemId))));

  return (
    <SettingSection title={t('models.sections.configuration')}>
      <FormControlLabel
        label={t('models.configuration.all')}
        control={
          <Checkbox
            checked={all}
            indeterminate={count > 0 && !all}
            onChange={(_event, checked) => onChange(checked ? items.map((item) => item.id) : [])}
          />
        }
      />
      <FormGroup
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
          columnGap: 2,
          pl: 3,
        }}
      >
        {items.map((item) => (
          <FormControlLabel
            key={item.id}
            label={item.title}
            control={
              <Checkbox
                checked={chosen.has(item.id)}
                onChange={(_event, checked) => toggle(item.id, checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </SettingSection>
  );
}
