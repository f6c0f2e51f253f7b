import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { type DialogMessage, MessageDialog } from '../../../components/message-dialog.tsx';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useInviteMember } from '../api/invite-member.ts';
import { type InviteRole, inviteRoles } from '../roles.ts';
import { inviteFailure } from './member-limits.ts';
import { RoleSelect } from './role-select.tsx';

/** Invite member rules (spec 01 §5): e-mail required and valid, role required. */
export function inviteMemberSchema(t: TFunction) {
  const required = t('form.starRequired');
  return z.object({
    email: z
      .string()
      .trim()
      .min(1, required)
      .pipe(z.email(t('form.starInvalidEmail'))),
    // The select starts empty; only a role of the list passes.
    role: z.literal('').or(z.enum(inviteRoles)).pipe(z.enum(inviteRoles, required)),
  });
}

type InviteMemberValues = z.input<ReturnType<typeof inviteMemberSchema>>;

type InviteMemberDialogProps = {
  companyId: string;
  /** The roles offered: those the inviter may give (issue 11); all four by default. */
  roles?: readonly InviteRole[];
  onClose: () => void;
};

/** 'Invite Member': an e-mail and one of OWNER, OWNER_RVS, MEMBER, SUPERMEMBER. */
export function InviteMemberDialog({ companyId, roles = inviteRoles, onClose }: InviteMemberDialogProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const invite = useInviteMember();
  const [failure, setFailure] = useState<DialogMessage | null>(null);
  const schema = useMemo(() => inviteMemberSchema(t), [t]);
  const { control, handleSubmit } = useForm<InviteMemberValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', role: '' },
  });

  const handleInvite = handleSubmit((values) => {
    invite.mutate(
      { companyId, ...values },
      {
        onSuccess: () => {
          feedback.success(t('members.invited'));
          onClose();
        },
        onError: (error) => setFailure(inviteFailure(error, t)),
      },
    );
  });

  return (
    <FormDialog
      title={t('members.invite')}
      submitLabel={t('members.inviteSubmit')}
      onSubmit={handleInvite}
      onClose={onClose}
      pending={invite.isPending}
    >
      <FormTextField
        control={control}
        name="email"
        label={t('members.columns.email')}
        type="email"
        required
        fullWidth
        autoFocus
      />
      <Controller
        control={control}
        name="role"
        render={({ field, fieldState }) => (
          <RoleSelect
            name={field.name}
            value={field.value}
            roles={roles}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <MessageDialog message={failure} onClose={() => setFailure(null)} />
    </FormDialog>
  );
}
