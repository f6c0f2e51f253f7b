import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type InCompany, useStructureChanged } from './keys.ts';

/** Removes an image from its equipment tag. */
export function deleteEquipmentTagImage({ imageId }: InCompany & { imageId: string }): Promise<void> {
  return apiClient.delete<void>(`/api/v1/equipment-tag-images/${imageId}`);
}

export function useDeleteEquipmentTagImage() {
  const changed = useStructureChanged();
  return useMutation({
    mutationFn: deleteEquipmentTagImage,
    onSuccess: (_deleted, { companyId }) => changed(companyId),
  });
}
