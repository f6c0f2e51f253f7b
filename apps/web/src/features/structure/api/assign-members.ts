import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type InCompany, useStructureChanged } from './keys.ts';

/** One change of an assignment: a member to add (`is_create`) or to remove (`is_delete`). */
export type MemberOption = { id: string; is_create: boolean; is_delete: boolean };

type AssignMembersVariables = InCompany & { equipmentTagId: string; memberOptions: MemberOption[] };

/** Applies the differences of the Assign Member dialog to an equipment tag, all or nothing. */
export function assignMembers({ companyId, equipmentTagId, memberOptions }: AssignMembersVariables) {
  return apiClient.post<{ message: string }>('/api/v1/equipment_model_member', {
    company_id: companyId,
    equipment_tag_id: equipmentTagId,
    member_option: memberOptions,
  });
}

export function useAssignMembers() {
  const changed = useStructureChanged();
  return useMutation({ mutationFn: assignMembers, onSuccess: (_done, { companyId }) => changed(companyId) });
}
