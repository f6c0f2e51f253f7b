import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What a locked part shows instead of its data: greyed, a lock and why (spec 03 §2.3). */
export function LockedPanel({ minHeight = 160 }: { minHeight?: number }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-label={t('rvs.locked')}
      sx={{
        minHeight,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.disabledBackground',
        borderRadius: 1,
        opacity: 0.8,
      }}
    >
      <Stack spacing={1} sx={{ alignItems: 'center', color: 'text.disabled' }}>
        <LockOutlined />
        <Typography variant="body2">{t('rvs.locked')}</Typography>
      </Stack>
    </Box>
  );
}
