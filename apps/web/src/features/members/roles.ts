import type { MemberRole, MeResponse } from '@sdp/contracts';

/** Roles as the invite dialog offers them (spec 01 §5), in its order. */
export const inviteRoles = ['OWNER', 'OWNER_RVS', 'MEMBER', 'SUPERMEMBER'] as const;
export type InviteRole = (typeof inviteRoles)[number];

/** Roles the edit user dialog offers (spec 01 §5: only owner and member). */
export const editRoles = ['OWNER', 'MEMBER'] as const satisfies readonly InviteRole[];

const byRecord: Record<MemberRole, InviteRole> = {
  owner: 'OWNER',
  owner_rvs: 'OWNER_RVS',
  member: 'MEMBER',
  supmem: 'SUPERMEMBER',
};

/** A member record's role ('supmem') as the dialogs spell it ('SUPERMEMBER'). */
export function inviteRoleOf(role: MemberRole): InviteRole {
  return byRecord[role];
}

/**
 * The roles the signed-in user may give in a company, in the dialogs' order: those whose permissions they hold
 * (`grantableRoles` of /users/me, issue 11); every role for the platform administrator. The server decides.
 */
export function grantableIn(
  me: Pick<MeResponse, 'role' | 'selectedCompanyId' | 'grantableRoles'>,
  companyId: string,
  roles: readonly InviteRole[] = inviteRoles,
): InviteRole[] {
  if (me.role === 'ADMIN' || !me.grantableRoles) return [...roles];
  if (me.selectedCompanyId !== companyId) return [];
  const grantable = me.grantableRoles;
  return roles.filter((role) => grantable.some((record) => byRecord[record] === role));
}
