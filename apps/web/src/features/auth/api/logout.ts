import { apiClient } from '../../../lib/api-client.ts';

/** Ends the server session and clears its cookie. */
export function logout(): Promise<void> {
  return apiClient.post<void>('/auth/logout');
}
