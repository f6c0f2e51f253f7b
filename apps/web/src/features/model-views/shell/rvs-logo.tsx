import Vibration from '@mui/icons-material/Vibration';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** Teal of the RVS mark: reads 4.9:1 with white text (WCAG AA). */
const RVS_COLOR = '#00695C';

/**
 * The RVS logo of spec 03 §2.2 in the header of type-5 (raw vibration sensor) model pages: a vibration glyph and
 * 'RVS' on the type's colour, named for screen readers.
 */
export function RvsLogo() {
  const { t } = useTranslation();
  return (
    <Box
      role="img"
      aria-label={t('modelView.rvsLogo')}
      title={t('modelView.rvsLogo')}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        bgcolor: RVS_COLOR,
        color: '#fff',
        fontWeight: 700,
        fontSize: 14,
        letterSpacing: 1,
        lineHeight: 1.6,
        flexShrink: 0,
      }}
    >
      <Vibration aria-hidden sx={{ fontSize: 18 }} />
      <span aria-hidden>RVS</span>
    </Box>
  );
}
