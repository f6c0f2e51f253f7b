import { ApiError } from '../../../lib/api-client.ts';

const BAD_REQUEST = 400;

/**
 * The error to report when only a 400's message is the server's to show (spec 01 §8, folder and tag dialogs):
 * other failures get the dialog's own text.
 */
export function badRequestOnly(error: unknown): ApiError | null {
  return error instanceof ApiError && error.status === BAD_REQUEST ? error : null;
}
