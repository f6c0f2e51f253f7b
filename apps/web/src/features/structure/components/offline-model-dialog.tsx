import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { TreeModel } from '@sdp/contracts';
import { type BaseSyntheticEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useUpdateOfflineModel } from '../api/update-offline-model.ts';

const TITLE_MAX = 200;

type OfflineModelDialogProps = {
  companyId: string;
  model: TreeModel;
  onClose: () => void;
};

/** Edit an offline model (spec 01 §2, §4): title, link and whether it is active. */
export function OfflineModelDialog({ companyId, model, onClose }: OfflineModelDialogProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const updateOffline = useUpdateOfflineModel();
  const [title, setTitle] = useState(model.title);
  const [linkUrl, setLinkUrl] = useState(model.linkUrl);
  const [active, setActive] = useState(model.isActive === 'active');

  const handleSubmit = (event: BaseSyntheticEvent) => {
    event.preventDefault();
    if (title.trim() === '') return;
    updateOffline.mutate(
      {
        companyId,
        modelId: model.id,
        input: { title: title.trim(), linkUrl: linkUrl.trim(), isActive: active ? 'active' : 'inactive' },
      },
      {
        onSuccess: () => {
          feedback.success(t('structure.model.updated'));
          onClose();
        },
        onError: (error) => feedback.failure(error, t('structure.model.updateFailed')),
      },
    );
  };

  return (
    <FormDialog
      title={t('structure.model.editOfflineTitle')}
      submitLabel={t('common.save')}
      onSubmit={handleSubmit}
      onClose={onClose}
      pending={updateOffline.isPending}
      submitDisabled={title.trim() === ''}
    >
      <TextField
        label={t('structure.model.applicationName')}
        value={title}
        required
        fullWidth
        autoFocus
        onChange={(event) => setTitle(event.target.value)}
        slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
      />
      <TextField
        label={t('structure.model.linkUrl')}
        value={linkUrl}
        fullWidth
        onChange={(event) => setLinkUrl(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'url' } }}
      />
      <FormControlLabel
        control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />}
        label={t('structure.model.active')}
      />
    </FormDialog>
  );
}
