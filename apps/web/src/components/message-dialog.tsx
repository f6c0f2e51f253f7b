import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a message dialog says: its title ('Error', 'Invite Limit'), the text and how serious it is. */
export type DialogMessage = {
  title: string;
  message: string;
  severity: 'error' | 'warning';
};

type MessageDialogProps = {
  message: DialogMessage | null;
  onClose: () => void;
};

/** A failure that needs to be read before going on, shown as a dialog rather than an alert that closes itself. */
export function MessageDialog({ message, onClose }: MessageDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // The last message stays while the dialog closes, so the text does not vanish during the transition.
  const [shown, setShown] = useState(message);
  if (message !== null && message !== shown) setShown(message);
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{shown?.title}</DialogTitle>
      <DialogContent>
        <Alert severity={shown?.severity ?? 'error'}>{shown?.message}</Alert>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
