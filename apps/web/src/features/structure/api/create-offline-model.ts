import type { offlineModel } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { type InCompany, useStructureChanged } from './keys.ts';

export type OfflineModel = z.infer<typeof offlineModel>;
/** What the offline model dialogs send (spec 01 §3: title, link, active). */
export type OfflineModelInput = Pick<OfflineModel, 'title' | 'linkUrl' | 'isActive'>;

type CreateOfflineModelVariables = InCompany & { equipmentTagId: string; input: OfflineModelInput };

/** An offline model: a link to an outside application, shown under 'External Sources'. */
export function createOfflineModel({
  equipmentTagId,
  input,
}: CreateOfflineModelVariables): Promise<OfflineModel> {
  return apiClient.post<OfflineModel>('/api/v1/equipment-model-offlines', { equipmentTagId, ...input });
}

export function useCreateOfflineModel() {
  const changed = useStructureChanged();
  return useMutation({
    mutationFn: createOfflineModel,
    onSuccess: (_created, { companyId }) => changed(companyId),
  });
}
