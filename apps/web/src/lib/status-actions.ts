import type { MemberStatus } from '@sdp/contracts';

/** What can be done to a member or administrator row. */
export type StatusAction = 'edit' | 'activate' | 'resend' | 'delete';

const allowed: Readonly<Record<MemberStatus, readonly StatusAction[]>> = {
  active: ['edit', 'delete'],
  pending: ['resend', 'delete'],
  inactive: ['activate'],
};

/**
 * The actions a row offers by its status (spec 01 §4): edit only when active, activate only when inactive,
 * resend the invitation only when pending, delete when active or pending. Admin rows follow the same rules.
 */
export function actionsForStatus(status: MemberStatus): readonly StatusAction[] {
  return allowed[status];
}
