import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language, languages, setLanguage } from '../lib/i18n.ts';

/** English / ไทย toggle; the choice is remembered for the next visit. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const handleChange = (_event: unknown, language: Language | null) => {
    // Thai's dictionary is fetched the first time; a failed fetch keeps the current language (the sign-in page has
    // no alert area, and the switch then simply stays where it was).
    if (language) setLanguage(language);
  };
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={currentLanguage(i18n.resolvedLanguage)}
      onChange={handleChange}
      aria-label={t('language.label')}
    >
      {languages.map((language) => (
        <ToggleButton key={language} value={language} lang={language} sx={{ px: 1.5, textTransform: 'none' }}>
          {t(`language.${language}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
