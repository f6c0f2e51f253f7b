import type { MemberRole, MeResponse, MyCompany, Permission } from '@sdp/contracts';

/**
 * Whether the signed-in user holds a named permission in the selected company (spec 01 §6).
 * The server enforces every permission; the UI only uses this to hide what a role cannot do.
 */
export function can(me: Pick<MeResponse, 'permissions'>, permission: Permission): boolean {
  return me.permissions.includes(permission);
}

/** Platform administrators manage companies and administrators (Setting Companies, Setting Admin). */
export function isPlatformAdmin(me: Pick<MeResponse, 'role'>): boolean {
  return me.role === 'ADMIN';
}

/** The role the user acts with in a company: the platform ADMIN is ADMIN in every company. */
export function roleIn(
  me: Pick<MeResponse, 'role'>,
  company: Pick<MyCompany, 'role'>,
): 'ADMIN' | MemberRole | null {
  return isPlatformAdmin(me) ? 'ADMIN' : company.role;
}

/**
 * Whether the user holds a permission in a given company. `me.permissions` are those of the session's selected
 * company; the platform ADMIN holds every permission in every company.
 */
export function canIn(
  me: Pick<MeResponse, 'permissions' | 'role' | 'selectedCompanyId'>,
  companyId: string | undefined,
  permission: Permission,
): boolean {
  if (isPlatformAdmin(me)) return true;
  return companyId !== undefined && me.selectedCompanyId === companyId && can(me, permission);
}
