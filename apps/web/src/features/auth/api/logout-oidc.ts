import type { OidcLogoutResponse } from '@sdp/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * Ends the server session of an identity-provider sign-in and answers where the browser goes next: the issuer's
 * end-session page (which returns to /logout/redirect), or /logout/redirect itself. A POST under the CSRF rule, so a
 * link on another site cannot sign anybody out (issue 23 item 12).
 */
export function logoutOidc(): Promise<OidcLogoutResponse> {
  return apiClient.post<OidcLogoutResponse>('/auth/oidc/logout');
}
