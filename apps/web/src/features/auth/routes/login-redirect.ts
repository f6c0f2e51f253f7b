import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { isPlatformAdmin } from '../../../lib/permissions.ts';
import { meQueryOptions } from '../api/get-me.ts';
import { authKeys } from '../api/keys.ts';
import { logout } from '../api/logout.ts';
import { selectCompany } from '../api/select-company.ts';

/**
 * `/login/redirect` finishes sign-in (spec 01 §2): an administrator goes to the companies list; anyone else
 * gets their first company selected in the session and goes to its page. Any failure signs out.
 */
export function createLoginRedirectLoader(queryClient: QueryClient) {
  // /logout/redirect ends nothing by itself: the session is ended here first (it may already be gone).
  const signOut = async () => {
    await logout().catch(() => undefined);
    return redirect('/logout/redirect');
  };
  return async () => {
    try {
      const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
      if (isPlatformAdmin(me)) return redirect('/companies');
      const company = me.companies[0];
      if (!company) return signOut();
      queryClient.setQueryData(authKeys.me(), await selectCompany(company.id));
      return redirect(`/company/${company.id}`);
    } catch {
      return signOut();
    }
  };
}
