import { zodResolver } from '@hookform/resolvers/zod';
import type { Admin } from '@sdp/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ImagePicker } from '../../../components/image-picker.tsx';
import { initials } from '../../../lib/initials.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useEditAdmin } from '../api/edit-admin.ts';
import { useInviteAdmin } from '../api/invite-admin.ts';

/** Admin form rules (spec 01 §5): fullname, a valid e-mail and an image, each 'This field is required.' */
export function adminFormSchema(t: TFunction) {
  const required = t('form.required');
  return z.object({
    fullname: z
      .string()
      .trim()
      .min(1, required)
      .max(200, t('form.maxLength', { count: 200 })),
    email: z
      .string()
      .trim()
      .min(1, required)
      .pipe(z.email(t('form.invalidEmail'))),
    profileImageUrl: z.string().min(1, required),
  });
}

type AdminFormValues = z.input<ReturnType<typeof adminFormSchema>>;

type AdminFormDialogProps = {
  /** The administrator to edit; a new one is invited when absent. */
  admin?: Admin | undefined;
  onClose: () => void;
};

/** 'Invite Admin' and its edit twin: fullname, e-mail (fixed once invited) and image. */
export function AdminFormDialog({ admin, onClose }: AdminFormDialogProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const inviteAdmin = useInviteAdmin();
  const editAdmin = useEditAdmin();
  const schema = useMemo(() => adminFormSchema(t), [t]);
  const { control, handleSubmit, watch } = useForm<AdminFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      fullname: admin?.fullname ?? '',
      email: admin?.email ?? '',
      profileImageUrl: admin?.profileImageUrl ?? '',
    },
  });
  const pending = inviteAdmin.isPending || editAdmin.isPending;
  const outcome = (success: string) => ({
    onSuccess: () => {
      feedback.success(success);
      onClose();
    },
    // Spec 01 §8 uses the invite fallback for a failed edit as well.
    onError: (error: Error) => feedback.failure(error, t('admins.saveFailed')),
  });

  const handleSave = handleSubmit(({ fullname, email, profileImageUrl }) => {
    if (admin) {
      editAdmin.mutate({ email: admin.email, name: fullname, profileImageUrl }, outcome(t('admins.edited')));
    } else {
      inviteAdmin.mutate({ fullname, email, profileImageUrl }, outcome(t('admins.invited')));
    }
  });

  return (
    <FormDialog
      title={t(admin ? 'admins.editTitle' : 'admins.invite')}
      submitLabel={t(admin ? 'common.save' : 'admins.inviteSubmit')}
      onSubmit={handleSave}
      onClose={onClose}
      pending={pending}
    >
      <Controller
        control={control}
        name="profileImageUrl"
        render={({ field, fieldState }) => (
          <ImagePicker
            kind="profiles"
            label={t('admins.columns.image')}
            value={field.value || null}
            onChange={field.onChange}
            fallback={initials(watch('fullname'))}
            error={fieldState.error?.message}
            uploadFailedMessage={t('profile.uploadFailed')}
          />
        )}
      />
      <FormTextField
        control={control}
        name="fullname"
        label={t('admins.columns.fullname')}
        required
        fullWidth
      />
      <FormTextField
        control={control}
        name="email"
        label={t('admins.columns.email')}
        type="email"
        required
        fullWidth
        disabled={admin !== undefined}
      />
    </FormDialog>
  );
}
