import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

type UpdateConfigurationValueVariables = { configurationId: number; value: string };

/** 'Edit value' of the configuration accordion: one item's value; the caller reloads the model afterwards. */
export function updateConfigurationValue({
  configurationId,
  value,
}: UpdateConfigurationValueVariables): Promise<{ message: string }> {
  return apiClient.patch<{ message: string }>(`/api/v1/equipment-model-configurations/${configurationId}`, {
    value,
  });
}

export function useUpdateConfigurationValue() {
  return useMutation({ mutationFn: updateConfigurationValue });
}
