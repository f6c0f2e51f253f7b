import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { redirect } from 'react-router';
import { getMe } from '../api/get-me.ts';

/** Search parameters the sign-in page understands when it is reached through sign-out. */
export const signInSearch = {
  reason: 'reason',
  loggedOut: 'logged-out',
  error: 'error',
} as const;

/**
 * `/logout/redirect` is where signing out lands (the app's sign-out, an expired session, the identity provider's
 * end-session page): it forgets every cached answer and shows the sign-in page with 'You have been logged out.'.
 * Opening it ends nothing (issue 23 item 12): signing out is a POST the app sends first, so a link to this page from
 * another site cannot sign anybody out; with a session still open it goes back to the app.
 */
export function createLogoutRedirectLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const signedIn = await getMe({ signal: request.signal }).then(
      () => true,
      () => false,
    );
    if (signedIn) return redirect('/');
    await queryClient.cancelQueries();
    queryClient.clear();
    const target = new URLSearchParams({ [signInSearch.reason]: signInSearch.loggedOut });
    return redirect(`/auth/login?${target.toString()}`);
  };
}
