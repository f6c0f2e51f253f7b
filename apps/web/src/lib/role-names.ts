/** A role as spec 01 §6 names it, whichever way it is spelt (ADMIN, 'owner_rvs', 'supmem', 'SUPERMEMBER'). */
export type RoleName = 'ADMIN' | 'OWNER' | 'OWNER_RVS' | 'SUPERMEMBER' | 'MEMBER';

const SPELLINGS: Readonly<Record<string, RoleName>> = {
  ADMIN: 'ADMIN',
  OWNER: 'OWNER',
  OWNER_RVS: 'OWNER_RVS',
  SUPERMEMBER: 'SUPERMEMBER',
  SUPMEM: 'SUPERMEMBER',
  MEMBER: 'MEMBER',
};

/**
 * The key under `roleNames` of the locale files for a role in any of its spellings (member records write
 * 'supmem', dialogs 'SUPERMEMBER', sessions 'ADMIN'), so people read 'Super member', never 'SUPMEM'
 * (issue 27 item 2); undefined for a role the portal does not know.
 */
export function roleName(role: string): RoleName | undefined {
  return SPELLINGS[role.trim().toUpperCase()];
}

/** The role in the reader's language ('Super member'); a role the portal does not know as it is spelt. */
export function roleLabel(role: string, t: (key: `roleNames.${RoleName}`) => string): string {
  const key = roleName(role);
  return key ? t(`roleNames.${key}`) : role;
}
