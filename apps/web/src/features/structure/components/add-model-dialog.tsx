import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { type MyCompany, modelTypes, type TreeNode } from '@sdp/contracts';
import { type BaseSyntheticEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { roleIn } from '../../../lib/permissions.ts';
import { useSession } from '../../../lib/session.tsx';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useCreateModel } from '../api/create-model.ts';
import { useCreateOfflineModel } from '../api/create-offline-model.ts';

const RVS_MODEL_TYPE = 5;
const DEFAULT_MODEL_TYPE = 1;
const TITLE_MAX = 200;

type AddModelDialogProps = {
  company: MyCompany;
  tag: TreeNode;
  onClose: () => void;
};

/**
 * Add Model (spec 02 §2.1): an online model (name and type; OWNER_RVS gets RVS, locked), which then opens
 * its setting page, or an offline one (application name and link URL, no messages shown).
 */
export function AddModelDialog({ company, tag, onClose }: AddModelDialogProps) {
  const { t } = useTranslation();
  const { me } = useSession();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const createModel = useCreateModel();
  const createOffline = useCreateOfflineModel();
  const rvsOnly = roleIn(me, company) === 'owner_rvs';
  const [tab, setTab] = useState<'online' | 'offline'>('online');
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [modelType, setModelType] = useState(rvsOnly ? RVS_MODEL_TYPE : DEFAULT_MODEL_TYPE);
  const [application, setApplication] = useState('');
  const [linkUrl, setLinkUrl] = useState('');
  const pending = createModel.isPending || createOffline.isPending;

  const nameMissing = name.trim() === '';
  const valid = tab === 'online' ? !nameMissing : application.trim() !== '' && linkUrl.trim() !== '';

  const handleSubmit = (event: BaseSyntheticEvent) => {
    event.preventDefault();
    if (!valid || pending) return;
    if (tab === 'online') {
      createModel.mutate(
        {
          companyId: company.id,
          equipmentTagId: tag.id,
          title: name.trim(),
          equipmentModelTypeId: modelType,
        },
        {
          onSuccess: ({ id }) => {
            feedback.success(t('structure.model.created'));
            onClose();
            void navigate(`/setting/model/${id}`);
          },
          onError: (error) => feedback.failure(error, t('structure.model.createFailed')),
        },
      );
    } else {
      createOffline.mutate(
        {
          companyId: company.id,
          equipmentTagId: tag.id,
          input: { title: application.trim(), linkUrl: linkUrl.trim(), isActive: 'active' },
        },
        {
          onSuccess: () => {
            feedback.success(t('structure.model.created'));
            onClose();
          },
          onError: (error) => feedback.failure(error, t('structure.model.createFailed')),
        },
      );
    }
  };

  return (
    <FormDialog
      title={t('structure.model.addTitle', { code: tag.structureItemTitle })}
      submitLabel={t('structure.create')}
      onSubmit={handleSubmit}
      onClose={onClose}
      pending={pending}
      submitDisabled={!valid}
    >
      <Tabs value={tab} onChange={(_event, next: 'online' | 'offline') => setTab(next)} variant="fullWidth">
        <Tab value="online" label={t('structure.model.onlineTab')} />
        <Tab value="offline" label={t('structure.model.offlineTab')} />
      </Tabs>
      {tab === 'online' ? (
        <>
          <TextField
            label={t('structure.model.name')}
            value={name}
            required
            fullWidth
            autoFocus
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setNameTouched(true)}
            error={nameTouched && nameMissing}
            helperText={nameTouched && nameMissing ? t('structure.model.nameRequired') : undefined}
            slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
          />
          <TextField
            select
            label={t('structure.model.type')}
            value={modelType}
            fullWidth
            disabled={rvsOnly}
            onChange={(event) => setModelType(Number(event.target.value))}
          >
            {modelTypes.map((type) => (
              <MenuItem key={type.id} value={type.id}>
                {type.title}
              </MenuItem>
            ))}
          </TextField>
        </>
      ) : (
        <>
          <TextField
            label={t('structure.model.applicationName')}
            value={application}
            required
            fullWidth
            autoFocus
            onChange={(event) => setApplication(event.target.value)}
            slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
          />
          <TextField
            label={t('structure.model.linkUrl')}
            value={linkUrl}
            required
            fullWidth
            onChange={(event) => setLinkUrl(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'url' } }}
          />
        </>
      )}
    </FormDialog>
  );
}
