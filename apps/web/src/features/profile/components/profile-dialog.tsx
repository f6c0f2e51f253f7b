import { zodResolver } from '@hookform/resolvers/zod';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ImagePicker } from '../../../components/image-picker.tsx';
import { initials } from '../../../lib/initials.ts';
import { useSession } from '../../../lib/session.tsx';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { MailPreferences } from './mail-preferences.tsx';

type ProfileDialogProps = {
  onClose: () => void;
};

type ProfileValues = { name: string; profileImageUrl: string };

/** 'Edit Profile' from the settings menu: avatar upload, Name, read-only Email, Cancel and Update. */
export function ProfileDialog({ onClose }: ProfileDialogProps) {
  const { t } = useTranslation();
  const { me } = useSession();
  const feedback = useFeedback();
  const updateProfile = useUpdateProfile();
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('form.starRequired'))
          .max(200, t('form.maxLength', { count: 200 })),
        profileImageUrl: z.string(),
      }),
    [t],
  );
  const { control, handleSubmit, watch } = useForm<ProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: me.name, profileImageUrl: me.profileImageUrl ?? me.image ?? '' },
  });

  const handleUpdate = handleSubmit(({ name, profileImageUrl }) => {
    updateProfile.mutate(
      { name, profileImageUrl: profileImageUrl || null },
      {
        onSuccess: () => {
          feedback.success(t('profile.updated'));
          onClose();
        },
        onError: (error) => feedback.failure(error, t('profile.updateFailed')),
      },
    );
  });

  return (
    <FormDialog
      title={t('header.editProfile')}
      submitLabel={t('common.update')}
      onSubmit={handleUpdate}
      onClose={onClose}
      pending={updateProfile.isPending}
    >
      <Controller
        control={control}
        name="profileImageUrl"
        render={({ field }) => (
          <ImagePicker
            kind="profiles"
            label={t('profile.image')}
            value={field.value || null}
            onChange={field.onChange}
            fallback={initials(watch('name'))}
            uploadFailedMessage={t('profile.uploadFailed')}
          />
        )}
      />
      <FormTextField control={control} name="name" label={t('profile.name')} required fullWidth />
      <TextField
        label={t('profile.email')}
        value={me.email}
        fullWidth
        slotProps={{ input: { readOnly: true } }}
      />
      <Divider />
      <MailPreferences />
    </FormDialog>
  );
}
