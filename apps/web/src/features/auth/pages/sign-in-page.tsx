import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { signInErrorCode } from '@sdp/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { describeError } from '../../../lib/errors.ts';
import { useAuthConfig } from '../api/get-auth-config.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { signInSearch } from '../routes/logout-redirect.ts';

function signInSchema(t: TFunction) {
  return z.object({
    email: z
      .string()
      .trim()
      .min(1, t('auth.emailRequired'))
      .pipe(z.email(t('auth.emailInvalid'))),
    password: z.string().min(1, t('auth.passwordRequired')),
  });
}

type SignInValues = z.infer<ReturnType<typeof signInSchema>>;

function LocalSignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const schema = useMemo(() => signInSchema(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInValues>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });

  const handleSignIn = handleSubmit((values) => {
    loginMutation.mutate(values, {
      onSuccess: () => navigate('/login/redirect', { replace: true }),
    });
  });

  return (
    <Stack component="form" noValidate onSubmit={handleSignIn} spacing={2}>
      {loginMutation.isError ? <Alert severity="error">{describeError(loginMutation.error, t)}</Alert> : null}
      <TextField
        {...register('email')}
        label={t('auth.email')}
        type="email"
        autoComplete="username"
        autoFocus
        required
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
      <TextField
        {...register('password')}
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        required
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <Button type="submit" variant="contained" size="large" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
    </Stack>
  );
}

/**
 * The `?error=` of a failed sign-in through the identity provider, as one of the server's codes: the page shows a
 * fixed message per code and never the URL's text, which anybody can write into a link (issue 23 item 13).
 */
function signInErrorOf(value: string | null) {
  if (value === null) return null;
  const code = signInErrorCode.safeParse(value);
  return code.success ? code.data : 'failed';
}

/** `/auth/login`: the public sign-in page, also where sign-out lands with 'You have been logged out.' */
export function SignInPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const config = useAuthConfig();
  const loggedOut = searchParams.get(signInSearch.reason) === signInSearch.loggedOut;
  const providerError = signInErrorOf(searchParams.get(signInSearch.error));

  return (
    <AuthCard title={t('pages.signIn')}>
      {loggedOut ? <Alert severity="info">{t('auth.loggedOut')}</Alert> : null}
      {providerError ? <Alert severity="error">{t(`auth.signInError.${providerError}`)}</Alert> : null}
      {config.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : config.data?.mode === 'oidc' ? (
        <Button variant="contained" size="large" href="/auth/oidc/start">
          {t('auth.signInWithOrganisation')}
        </Button>
      ) : (
        <LocalSignInForm />
      )}
    </AuthCard>
  );
}
