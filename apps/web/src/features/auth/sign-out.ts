import type { AuthConfigResponse } from '@sdp/contracts';
import { logout } from './api/logout.ts';
import { logoutOidc } from './api/logout-oidc.ts';

/** Where sign-out lands: the sign-in page with 'You have been logged out.' once the session is gone. */
export const SIGNED_OUT_PATH = '/logout/redirect';

/**
 * Signs out (issue 23 item 12: a POST with the CSRF header, never a page a link can open) and answers where the
 * browser goes next: with an identity provider, its end-session page (an absolute URL) when it has one; else
 * {@link SIGNED_OUT_PATH}.
 */
export async function signOut(mode: AuthConfigResponse['mode'] | undefined): Promise<string> {
  if (mode === 'oidc') return (await logoutOidc()).url;
  await logout();
  return SIGNED_OUT_PATH;
}
