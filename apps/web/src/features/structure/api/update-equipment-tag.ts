import type { updateEquipmentTagRequest } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { type InCompany, useStructureChanged } from './keys.ts';

type UpdateEquipmentTagVariables = InCompany & {
  tagId: string;
  changes: Pick<z.input<typeof updateEquipmentTagRequest>, 'structureItemAlias' | 'posLat' | 'posLng'>;
};

/** Edits a tag's name and location; its code and group type are locked (spec 01 §5). */
export function updateEquipmentTag({ tagId, changes }: UpdateEquipmentTagVariables) {
  return apiClient.put<{ id: string }>('/api/v1/equipment-tag', changes, {
    query: { equipment_tag_id: tagId },
  });
}

export function useUpdateEquipmentTag() {
  const changed = useStructureChanged();
  return useMutation({
    mutationFn: updateEquipmentTag,
    onSuccess: (_updated, { companyId }) => changed(companyId),
  });
}
