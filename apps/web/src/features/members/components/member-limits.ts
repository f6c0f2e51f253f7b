import type { TFunction } from 'i18next';
import type { DialogMessage } from '../../../components/message-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { describeFailure } from '../../../lib/errors.ts';

/** The server's 409 details at the limit of 10 active members (spec 01 §8, §9). */
const INVITE_LIMIT_DETAIL = 'You cannot invite more than active 10 members';
const ACTIVE_LIMIT_DETAIL = 'You cannot active member because there are already 10 active members.';

const CONFLICT = 409;

function isLimit(error: unknown, detail: string): boolean {
  return error instanceof ApiError && error.status === CONFLICT && error.detail === detail;
}

/** A failed invitation: the 'Invite Limit' warning at the limit, else 'Error' with the server's detail. */
export function inviteFailure(error: unknown, t: TFunction): DialogMessage {
  if (isLimit(error, INVITE_LIMIT_DETAIL)) {
    return { title: t('members.inviteLimitTitle'), message: t('members.inviteLimit'), severity: 'warning' };
  }
  return {
    title: t('members.errorTitle'),
    message: describeFailure(error, t('members.inviteFailed'), t),
    severity: 'error',
  };
}

/** The 'Active member Limit' warning when activating would pass the limit; undefined for other failures. */
export function activateLimit(error: unknown, t: TFunction): DialogMessage | undefined {
  return isLimit(error, ACTIVE_LIMIT_DETAIL)
    ? { title: t('members.activeLimitTitle'), message: t('members.activeLimit'), severity: 'warning' }
    : undefined;
}
