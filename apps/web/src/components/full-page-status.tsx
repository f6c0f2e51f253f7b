import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Whole-screen loading state, so a page waiting for the session is never blank. */
export function FullPageLoading() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{t('common.loading')}</Typography>
    </Box>
  );
}

type FullPageErrorProps = {
  message: string;
  onRetry: () => void;
};

/** Whole-screen error with a way out, for when the session itself cannot be loaded. */
export function FullPageError({ message, onRetry }: FullPageErrorProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2, p: 3 }}
    >
      <Typography>{message}</Typography>
      <Button variant="contained" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Box>
  );
}
