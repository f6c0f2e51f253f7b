import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR_STATUS } from './api-client.ts';

/**
 * The message of a failed action: the server's `detail` when it sent one, else the action's own fallback
 * from the error catalogue (spec 01 §8, e.g. 'error: create company failed').
 */
export function describeFailure(error: unknown, fallback: string, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return t('errors.network');
    if (error.fromServer && error.detail) return error.detail;
  }
  return fallback;
}

/** The message a user sees for a failed call: the server's `detail`, or a generic translated fallback. */
export function describeError(error: unknown, t: TFunction): string {
  return describeFailure(error, t('errors.unknown'), t);
}
