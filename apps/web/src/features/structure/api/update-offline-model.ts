import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import type { OfflineModel, OfflineModelInput } from './create-offline-model.ts';
import { type InCompany, useStructureChanged } from './keys.ts';

type UpdateOfflineModelVariables = InCompany & { modelId: string; input: OfflineModelInput };

/** Edits an offline model; `isActive: 'inactive'` is how it is switched off (and back on). */
export function updateOfflineModel({ modelId, input }: UpdateOfflineModelVariables): Promise<OfflineModel> {
  return apiClient.put<OfflineModel>(`/api/v1/equipment-model-offlines/${modelId}`, input);
}

export function useUpdateOfflineModel() {
  const changed = useStructureChanged();
  return useMutation({
    mutationFn: updateOfflineModel,
    onSuccess: (_updated, { companyId }) => changed(companyId),
  });
}
