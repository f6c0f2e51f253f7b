import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { FullPageError, FullPageLoading } from '../components/full-page-status.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { useKeepLanguage } from '../features/auth/api/keep-language.ts';
import { authKeys } from '../features/auth/api/keys.ts';
import { useSelectCompany } from '../features/auth/api/select-company.ts';
import { isUnauthorized } from '../lib/api-client.ts';
import { describeError } from '../lib/errors.ts';
import { SessionContext } from '../lib/session.tsx';

/**
 * Guards every route outside `/auth`: shows a loading state while the user loads, sends a signed-out
 * visitor to the sign-in page, and runs the sign-out flow when a session that was valid has expired.
 */
export function RequireSession() {
  const { t } = useTranslation();
  const me = useMe();
  const { mutateAsync: selectCompany } = useSelectCompany();
  const queryClient = useQueryClient();
  const refreshMe = () => queryClient.invalidateQueries({ queryKey: authKeys.me() });
  useKeepLanguage(me.data);

  if (isUnauthorized(me.error)) {
    return <Navigate to={me.data ? '/logout/redirect' : '/auth/login'} replace />;
  }
  if (me.data) {
    return (
      <SessionContext value={{ me: me.data, selectCompany, refreshMe }}>
        <Outlet />
      </SessionContext>
    );
  }
  if (me.isError) {
    return (
      <FullPageError
        message={`${t('errors.sessionLoad')} ${describeError(me.error, t)}`}
        onRetry={() => void me.refetch()}
      />
    );
  }
  return <FullPageLoading />;
}
