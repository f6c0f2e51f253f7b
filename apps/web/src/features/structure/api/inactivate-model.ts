import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type InCompany, useStructureChanged } from './keys.ts';

/** 'Inactive' on an online model: the delete call, a soft deactivation that keeps its data (spec 01 §4). */
export function inactivateModel({ modelId }: InCompany & { modelId: string }): Promise<void> {
  return apiClient.delete<void>(`/api/v1/equipment-models/${modelId}`);
}

export function useInactivateModel() {
  const changed = useStructureChanged();
  return useMutation({
    mutationFn: inactivateModel,
    onSuccess: (_done, { companyId }) => changed(companyId),
  });
}
