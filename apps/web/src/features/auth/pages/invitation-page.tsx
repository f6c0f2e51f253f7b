import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InvitationInfo } from '@sdp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { describeFailure } from '../../../lib/errors.ts';
import { roleLabel } from '../../../lib/role-names.ts';
import { useAcceptInvitation, useAcceptInvitationSignedIn } from '../api/accept-invitation.ts';
import { useAuthConfig } from '../api/get-auth-config.ts';
import { useInvitation } from '../api/get-invitation.ts';
import { useMe } from '../api/get-me.ts';
import { authKeys } from '../api/keys.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { signOut } from '../sign-out.ts';

const PASSWORD_MIN = 8;

/** Accepting with a password: a name, a password of at least 8 characters, typed twice alike. */
export function acceptInvitationSchema(t: TFunction) {
  return z
    .object({
      name: z
        .string()
        .trim()
        .min(1, t('form.starRequired'))
        .max(200, t('form.maxLength', { count: 200 })),
      password: z
        .string()
        .min(PASSWORD_MIN, t('invitation.passwordMin', { count: PASSWORD_MIN }))
        .max(200, t('form.maxLength', { count: 200 })),
      confirmPassword: z.string(),
    })
    .refine((values) => values.password === values.confirmPassword, {
      message: t('invitation.passwordMismatch'),
      path: ['confirmPassword'],
    });
}

type AcceptValues = z.input<ReturnType<typeof acceptInvitationSchema>>;

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const schema = useMemo(() => acceptInvitationSchema(t), [t]);
  const { control, handleSubmit } = useForm<AcceptValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: invitation.name, password: '', confirmPassword: '' },
  });

  const handleAccept = handleSubmit(({ name, password }) => {
    accept.mutate(
      { token, name, password },
      // `/login/redirect` selects the company and opens its page, as after any sign-in.
      { onSuccess: () => navigate('/login/redirect', { replace: true }) },
    );
  });

  return (
    <Stack component="form" noValidate onSubmit={handleAccept} spacing={2}>
      {accept.isError ? (
        <Alert severity="error">{describeFailure(accept.error, t('invitation.acceptFailed'), t)}</Alert>
      ) : null}
      <FormTextField
        control={control}
        name="name"
        label={t('invitation.name')}
        autoComplete="name"
        required
      />
      <FormTextField
        control={control}
        name="password"
        label={t('invitation.password')}
        type="password"
        autoComplete="new-password"
        required
        helperText={t('invitation.passwordMin', { count: PASSWORD_MIN })}
      />
      <FormTextField
        control={control}
        name="confirmPassword"
        label={t('invitation.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <Button type="submit" variant="contained" size="large" loading={accept.isPending}>
        {t('invitation.accept')}
      </Button>
    </Stack>
  );
}

/**
 * An e-mail that has an account already: it accepts by signing in as itself (with its own password, or already
 * signed in), never by choosing a new password or name here (issue 11).
 */
function ExistingAccountAccept({ token, invitation }: { token: string; invitation: InvitationInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const queryClient = useQueryClient();
  const { data: authConfig } = useAuthConfig();
  const accept = useAcceptInvitationSignedIn();
  const { control, handleSubmit } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const done = { onSuccess: () => navigate('/login/redirect', { replace: true }) };
  // Signed out, the page stays and asks for the invited account's password; the identity provider ends its own
  // session on its page first.
  const handleSignOut = () =>
    void signOut(authConfig?.mode)
      .then((target) =>
        target.startsWith('/')
          ? queryClient.resetQueries({ queryKey: authKeys.me() })
          : window.location.assign(target),
      )
      .catch(() => undefined);
  const failure = accept.isError ? (
    <Alert severity="error">{describeFailure(accept.error, t('invitation.acceptFailed'), t)}</Alert>
  ) : null;

  if (me.isPending) return <CircularProgress aria-label={t('common.loading')} sx={{ alignSelf: 'center' }} />;
  if (me.data) {
    if (me.data.email.toLowerCase() !== invitation.email.toLowerCase()) {
      return (
        <Stack spacing={2}>
          <Alert severity="warning">
            {t('invitation.otherAccount', { signedIn: me.data.email, email: invitation.email })}
          </Alert>
          <Button variant="outlined" onClick={handleSignOut}>
            {t('invitation.signOut')}
          </Button>
        </Stack>
      );
    }
    return (
      <Stack spacing={2}>
        {failure}
        <Typography>{t('invitation.signedInAs', { email: me.data.email })}</Typography>
        <Button
          variant="contained"
          size="large"
          loading={accept.isPending}
          onClick={() => accept.mutate({ token, email: invitation.email }, done)}
        >
          {t('invitation.accept')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit(({ password }) =>
        accept.mutate({ token, email: invitation.email, password }, done),
      )}
    >
      {failure}
      <Typography>{t('invitation.existingAccount')}</Typography>
      <FormTextField
        control={control}
        name="password"
        label={t('invitation.yourPassword')}
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" variant="contained" size="large" loading={accept.isPending}>
        {t('invitation.signInAndAccept')}
      </Button>
    </Stack>
  );
}

/** How this invitation is accepted: a new account's name and password, an existing account's sign-in, or OIDC. */
function AcceptBy({ token, invitation }: { token: string; invitation: InvitationInfo }) {
  const { t } = useTranslation();
  const config = useAuthConfig();
  if (invitation.needsPassword) return <AcceptForm token={token} invitation={invitation} />;
  if (invitation.existingAccount && config.isPending)
    return <CircularProgress aria-label={t('common.loading')} sx={{ alignSelf: 'center' }} />;
  if (invitation.existingAccount && config.data?.mode !== 'oidc')
    return <ExistingAccountAccept token={token} invitation={invitation} />;
  return (
    <Button variant="contained" size="large" href="/auth/oidc/start">
      {t('invitation.signInToAccept')}
    </Button>
  );
}

/**
 * `/auth/invitation/:token`, the link of an invitation mail: whom it invites and to what, then a name and
 * password (a new local account), a sign-in as itself (an existing account) or the organisation's sign-in (OIDC,
 * where signing in accepts).
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const invitation = useInvitation(token);

  return (
    <AuthCard title={t('invitation.heading')}>
      {invitation.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : invitation.isError ? (
        <>
          <Alert severity="error">{describeFailure(invitation.error, t('invitation.loadFailed'), t)}</Alert>
          <Button component={Link} to="/auth/login" variant="outlined">
            {t('invitation.goToSignIn')}
          </Button>
        </>
      ) : (
        <>
          <Box>
            <Typography>
              {invitation.data.kind === 'admin' || !invitation.data.companyTitle
                ? t('invitation.forAdmin')
                : t('invitation.forCompany', { company: invitation.data.companyTitle })}
            </Typography>
            <Typography color="text.secondary">
              {t('invitation.email', { email: invitation.data.email })}
            </Typography>
            {invitation.data.role ? (
              <Typography color="text.secondary">
                {t('invitation.role', { role: roleLabel(invitation.data.role, t) })}
              </Typography>
            ) : null}
          </Box>
          <AcceptBy token={token} invitation={invitation.data} />
        </>
      )}
    </AuthCard>
  );
}
