import type { ModelDetail, ModelSettings } from '@sdp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { modelsKeys, useModelChanged } from './keys.ts';

type UpdateModelVariables = { modelId: string; settings: ModelSettings };

/** Saves the whole update form; the server validates it all or nothing and answers the saved model. */
export function updateModel({ modelId, settings }: UpdateModelVariables): Promise<ModelDetail> {
  return apiClient.put<ModelDetail>(`/api/v1/equipment-models/${modelId}`, settings);
}

export function useUpdateModel() {
  const queryClient = useQueryClient();
  const changed = useModelChanged();
  return useMutation({
    mutationFn: updateModel,
    onSuccess: async (model, { modelId }) => {
      queryClient.setQueryData(modelsKeys.detail(modelId), model);
      await changed(modelId);
    },
  });
}
