import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const ENDPOINT = 'POST /api/v1/ingest/measurements';
const AUTHORIZATION = 'Authorization: Bearer <key>';

/** How a gateway sends data with a key, and where the whole API is described. */
export function IngestHelp() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" variant="outlined">
      <AlertTitle>{t('companySettings.help.title')}</AlertTitle>
      <Typography variant="body2">{t('companySettings.help.send')}</Typography>
      <Box
        component="pre"
        // Scrolls sideways on a phone: focusable so the keyboard can scroll it too.
        tabIndex={0}
        sx={{ my: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13, overflowX: 'auto' }}
      >
        {`${ENDPOINT}\n${AUTHORIZATION}\nContent-Type: application/json\n\n{"modelCode": "…", "points": [{"tag": "…", "ts": "2026-01-01T00:00:00+07:00", "value": 1.5}]}`}
      </Box>
      <Typography variant="body2">
        {t('companySettings.help.docs')}{' '}
        <Link href="/api/docs" target="_blank" rel="noopener noreferrer">
          /api/docs
        </Link>
      </Typography>
    </Alert>
  );
}
