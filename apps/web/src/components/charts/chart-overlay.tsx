import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * What covers a chart that has nothing to draw: the loading graph while fetching, a failed fetch with Retry, else
 * the screen's empty message ('No data' unless another is given). Renders nothing when none applies.
 */
export function ChartOverlay({
  loading,
  empty,
  error,
  onRetry,
  emptyMessage,
}: {
  loading: boolean;
  empty: boolean;
  error?: string | undefined;
  onRetry?: (() => void) | undefined;
  emptyMessage?: string | undefined;
}) {
  const { t } = useTranslation();
  if (!loading && !empty && !error) return null;
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.paper',
        p: 2,
        textAlign: 'center',
      }}
    >
      {loading ? (
        <Stack spacing={1} sx={{ alignItems: 'center' }} role="status">
          {/* Decorative: the words beside it say what it means. */}
          <CircularProgress size={32} aria-hidden />
          <Typography variant="body2" color="text.secondary">
            {t('charts.loading')}
          </Typography>
        </Stack>
      ) : error ? (
        <Stack spacing={1} sx={{ alignItems: 'center' }} role="alert">
          <Typography color="error">{error}</Typography>
          {onRetry ? (
            <Button size="small" variant="outlined" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Typography color="text.secondary" role="status">
          {emptyMessage ?? t('charts.noData')}
        </Typography>
      )}
    </Box>
  );
}
