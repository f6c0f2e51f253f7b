import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type BaseSyntheticEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

type FormDialogProps = {
  title: string;
  submitLabel: string;
  onSubmit: (event: BaseSyntheticEvent) => void;
  onClose: () => void;
  /** The call is running: the submit button waits and the dialog cannot be dismissed. */
  pending: boolean;
  /** Keeps the submit button disabled (an invalid form, spec 01 §2 'Confirm disabled while invalid'). */
  submitDisabled?: boolean;
  maxWidth?: 'xs' | 'sm';
  /** A further action at the start of the buttons (e.g. Delete of what the form edits). */
  startAction?: ReactNode;
  children: ReactNode;
};

/** A dialog that is a form: its fields, Cancel, and the submit button (Enter submits too). */
export function FormDialog({
  title,
  submitLabel,
  onSubmit,
  onClose,
  pending,
  submitDisabled = false,
  maxWidth = 'xs',
  startAction,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
    >
      {/* A flex column with min-height 0 keeps the content scrolling inside the dialog, as without the form. */}
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          {startAction}
          <Button onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitDisabled} loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
