import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { initials } from '../../../lib/initials.ts';
import { useSession } from '../../../lib/session.tsx';

type ProfileDialogProps = {
  open: boolean;
  onClose: () => void;
};

/** 'Edit Profile' from the settings menu. Shows the profile read-only until profile updates exist. */
export function ProfileDialog({ open, onClose }: ProfileDialogProps) {
  const { t } = useTranslation();
  const { me } = useSession();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('header.editProfile')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center', pt: 1 }}>
          <Avatar
            src={me.profileImageUrl ?? me.image ?? undefined}
            alt={me.name}
            sx={{ width: 80, height: 80 }}
          >
            {initials(me.name)}
          </Avatar>
          <TextField
            label={t('profile.name')}
            value={me.name}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
          />
          <TextField
            label={t('profile.email')}
            value={me.email}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('profile.readOnlyNote')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
