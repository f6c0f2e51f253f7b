import type { createEquipmentTagRequest } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { type InCompany, useStructureChanged } from './keys.ts';

type CreateEquipmentTagBody = Omit<
  z.input<typeof createEquipmentTagRequest>,
  'companies_id' | 'structureItemType' | 'createdDate' | 'is_disabled' | 'isPrimaryFolder'
>;

/** An equipment tag under a folder, with its already uploaded images; 409 for a code the company has. */
export function createEquipmentTag({ companyId, ...tag }: InCompany & CreateEquipmentTagBody) {
  return apiClient.post<{ id: string }>('/api/v1/equipment-tag', {
    ...tag,
    structureItemType: 'EquipmentTag',
    companies_id: companyId,
    createdDate: new Date().toISOString(),
    is_disabled: false,
    isPrimaryFolder: false,
  });
}

export function useCreateEquipmentTag() {
  const changed = useStructureChanged();
  return useMutation({
    mutationFn: createEquipmentTag,
    onSuccess: (_created, { companyId }) => changed(companyId),
  });
}
