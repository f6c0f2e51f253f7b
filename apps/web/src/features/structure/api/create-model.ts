import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type InCompany, useStructureChanged } from './keys.ts';

type CreateModelVariables = InCompany & {
  equipmentTagId: string;
  title: string;
  equipmentModelTypeId: number;
};

/** An online model on an equipment tag (active); answers its id, whose setting page comes next. */
export function createModel({ equipmentTagId, title, equipmentModelTypeId }: CreateModelVariables) {
  return apiClient.post<{ id: string }>('/api/v1/equipment-models', {
    equipment_tag_id: equipmentTagId,
    model_in: { title, isActive: 'active', equipmentModelTypeId },
  });
}

export function useCreateModel() {
  const changed = useStructureChanged();
  return useMutation({ mutationFn: createModel, onSuccess: (_created, { companyId }) => changed(companyId) });
}
