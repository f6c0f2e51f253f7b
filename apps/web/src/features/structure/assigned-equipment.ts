import type { MeResponse } from '@sdp/contracts';
import { canIn } from '../../lib/permissions.ts';

/**
 * Whether the viewer sees only the equipment assigned to them (MEMBER, SUPERMEMBER) and none is: the tree and the
 * dashboard then say so instead of showing an empty plant. The server decides what is visible; this only words it.
 */
export function nothingAssigned(
  me: Pick<MeResponse, 'permissions' | 'role' | 'selectedCompanyId'>,
  companyId: string,
  equipmentCount: number,
): boolean {
  return equipmentCount === 0 && !canIn(me, companyId, 'ViewAllEquipment');
}
