import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { SdpLogo } from '../../../components/sdp-logo.tsx';

type AuthCardProps = {
  title: string;
  children: ReactNode;
};

/** The frame of the public pages (sign-in, invitation): the logo, a title, the content and a language switch. */
export function AuthCard({ title, children }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
        position: 'relative',
      }}
    >
      <Box sx={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageSwitch />
      </Box>
      <Paper elevation={2} sx={{ width: '100%', maxWidth: 420, p: 4 }}>
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'primary.main' }}>
            <SdpLogo size={40} />
            <Box>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 600, color: 'text.primary' }}>
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('app.name')}
              </Typography>
            </Box>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
