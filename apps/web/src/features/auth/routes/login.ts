import type { QueryClient } from '@tanstack/react-query';
import { redirect, redirectDocument } from 'react-router';
import { authConfigQueryOptions } from '../api/get-auth-config.ts';

/** `/login` starts sign-in: the identity provider in OIDC mode, else the local sign-in page. */
export function createLoginLoader(queryClient: QueryClient) {
  return async () => {
    try {
      const config = await queryClient.ensureQueryData(authConfigQueryOptions());
      // A full page load: the OIDC start is a server route that answers with a redirect to the provider.
      if (config.mode === 'oidc') return redirectDocument('/auth/oidc/start');
    } catch {
      // Without the configuration the local sign-in page is the only sensible place to go.
    }
    return redirect('/auth/login');
  };
}
