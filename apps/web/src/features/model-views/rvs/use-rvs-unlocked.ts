import { isPlatformAdmin } from '../../../lib/permissions.ts';
import { findCompany, useSession } from '../../../lib/session.tsx';

/**
 * Parameter Trend, Failure History and Predicted Failures are open to platform admins and to companies with the
 * RVS upgrade (spec 03 §2.3, §6). The server refuses the calls anyway; this only keeps the page from asking.
 */
export function useRvsUnlocked(companyId: string): boolean {
  const { me } = useSession();
  return isPlatformAdmin(me) || Boolean(findCompany(me, companyId)?.rvs_upgrade);
}
