import type { equipmentImage } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { type InCompany, useStructureChanged } from './keys.ts';

export type EquipmentImage = z.infer<typeof equipmentImage>;

type AddImageVariables = InCompany & {
  equipmentTagId: string;
  image: Omit<EquipmentImage, 'id'>;
};

/** Attaches an uploaded image to an existing equipment tag. */
export function addEquipmentTagImage({ equipmentTagId, image }: AddImageVariables): Promise<EquipmentImage> {
  return apiClient.post<EquipmentImage>('/api/v1/equipment-tag-images', { equipmentTagId, ...image });
}

export function useAddEquipmentTagImage() {
  const changed = useStructureChanged();
  return useMutation({
    mutationFn: addEquipmentTagImage,
    onSuccess: (_image, { companyId }) => changed(companyId),
  });
}
