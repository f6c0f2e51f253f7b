import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { type CreatedIngestKey, useCreateIngestKey } from '../api/create-ingest-key.ts';

const NAME_MAX = 100;

/** 'Create ingest key': a name is required (at most 100 characters, as the server allows). */
export function ingestKeySchema(t: TFunction) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, t('form.starRequired'))
      .max(NAME_MAX, t('form.maxLength', { count: NAME_MAX })),
  });
}

type IngestKeyValues = z.input<ReturnType<typeof ingestKeySchema>>;

/**
 * The new key, shown this one time only: read-only, with a Copy button and the warning; and its id, the username of a
 * gateway on a secured MQTT broker (docs/security.md).
 */
function CreatedKey({ created, onClose }: { created: CreatedIngestKey; onClose: () => void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const titleId = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      feedback.success(t('companySettings.copied'));
    } catch {
      feedback.warning(t('companySettings.copyFailed'));
    }
  };

  return (
    // Neither the backdrop nor Escape closes it: the key is gone once this dialog is.
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('companySettings.createdTitle', { name: created.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('companySettings.copyWarning')}</Alert>
          <TextField
            label={t('companySettings.key')}
            value={created.key}
            fullWidth
            onFocus={(event) => event.target.select()}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Button startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
                      {t('companySettings.copy')}
                    </Button>
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            label={t('companySettings.brokerUsername')}
            helperText={t('companySettings.brokerUsernameHelp')}
            value={created.id}
            fullWidth
            onFocus={(event) => event.target.select()}
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('companySettings.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type CreateIngestKeyDialogProps = {
  companyId: string;
  onClose: () => void;
};

/** Names a new ingest key, then shows the key once. */
export function CreateIngestKeyDialog({ companyId, onClose }: CreateIngestKeyDialogProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const create = useCreateIngestKey();
  const [created, setCreated] = useState<CreatedIngestKey | null>(null);
  const schema = useMemo(() => ingestKeySchema(t), [t]);
  const { control, handleSubmit } = useForm<IngestKeyValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '' },
  });

  const handleCreate = handleSubmit(({ name }) => {
    create.mutate(
      { companyId, name },
      {
        onSuccess: (key) => setCreated(key),
        onError: (error) => feedback.failure(error, t('companySettings.createFailed')),
      },
    );
  });

  if (created) return <CreatedKey created={created} onClose={onClose} />;

  return (
    <FormDialog
      title={t('companySettings.create')}
      submitLabel={t('companySettings.createSubmit')}
      onSubmit={handleCreate}
      onClose={onClose}
      pending={create.isPending}
    >
      <FormTextField
        control={control}
        name="name"
        label={t('companySettings.columns.name')}
        helperText={t('companySettings.nameHelp')}
        required
        fullWidth
        autoFocus
      />
    </FormDialog>
  );
}
