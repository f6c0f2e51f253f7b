import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR_STATUS } from './api-client.ts';

/** The message a user sees for a failed call: the server's `detail`, or a translated fallback. */
export function describeError(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return t('errors.network');
    if (error.detail) return error.detail;
  }
  return t('errors.unknown');
}
