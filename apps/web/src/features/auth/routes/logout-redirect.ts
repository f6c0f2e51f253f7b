import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { redirect } from 'react-router';
import { logout } from '../api/logout.ts';

/** Search parameters the sign-in page understands when it is reached through sign-out. */
export const signInSearch = {
  reason: 'reason',
  loggedOut: 'logged-out',
  error: 'error',
} as const;

/**
 * `/logout/redirect` ends the session, forgets every cached answer and shows the sign-in page with
 * 'You have been logged out.' (and the provider's error when sign-in failed there).
 */
export function createLogoutRedirectLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    try {
      await logout();
    } catch {
      // The session may already be gone (that is often why we are here); signing out locally is what matters.
    }
    await queryClient.cancelQueries();
    queryClient.clear();
    const target = new URLSearchParams({ [signInSearch.reason]: signInSearch.loggedOut });
    const error = new URL(request.url).searchParams.get(signInSearch.error);
    if (error) target.set(signInSearch.error, error);
    return redirect(`/auth/login?${target.toString()}`);
  };
}
