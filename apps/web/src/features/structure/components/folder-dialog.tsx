import { zodResolver } from '@hookform/resolvers/zod';
import type { TreeNode } from '@sdp/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useCreateFolder } from '../api/create-folder.ts';
import { useUpdateFolder } from '../api/update-folder.ts';
import { badRequestOnly } from './failure-on-bad-request.ts';
import { type FolderFormValues, folderFormSchema } from './folder-form.ts';

type FolderDialogProps = {
  companyId: string;
  onClose: () => void;
} & ({ parent: TreeNode; folder?: undefined } | { folder: TreeNode; parent?: undefined });

/**
 * Folder create (under `parent`) or edit (`folder`, the root's name included): one 'Folder Name' field, kept
 * upper-case; submit disabled while it is empty (spec 01 §5).
 */
export function FolderDialog({ companyId, parent, folder, onClose }: FolderDialogProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const createFolder = useCreateFolder();
  const updateFolder = useUpdateFolder();
  const schema = useMemo(() => folderFormSchema(t), [t]);
  const { control, handleSubmit, formState } = useForm<FolderFormValues, unknown, FolderFormValues>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { structureItemTitle: folder?.structureItemTitle ?? '' },
  });

  const handleSave = handleSubmit(({ structureItemTitle }) => {
    if (folder) {
      updateFolder.mutate(
        { companyId, folderId: folder.id, structureItemTitle },
        {
          onSuccess: () => {
            feedback.success(t('structure.folder.updated'));
            onClose();
          },
          onError: (error) => feedback.failure(badRequestOnly(error), t('structure.folder.updateFailed')),
        },
      );
    } else if (parent) {
      createFolder.mutate(
        { companyId, parentId: parent.id, structureItemTitle },
        {
          onSuccess: () => {
            feedback.success(t('structure.folder.created'));
            onClose();
          },
          onError: (error) => feedback.failure(badRequestOnly(error), t('structure.folder.createFailed')),
        },
      );
    }
  });

  const title = folder
    ? t(folder.type === 'company' ? 'structure.folder.editRootTitle' : 'structure.folder.editTitle')
    : t('structure.folder.createTitle');
  return (
    <FormDialog
      title={title}
      submitLabel={t(folder ? 'common.save' : 'structure.create')}
      onSubmit={handleSave}
      onClose={onClose}
      pending={createFolder.isPending || updateFolder.isPending}
      submitDisabled={!formState.isValid}
    >
      <FormTextField
        control={control}
        name="structureItemTitle"
        transform={(title) => title.toUpperCase()}
        label={t('structure.folder.name')}
        required
        fullWidth
        autoFocus
        helperText={parent ? t('structure.folder.inside', { path: parent.path.join(' / ') }) : undefined}
      />
    </FormDialog>
  );
}
