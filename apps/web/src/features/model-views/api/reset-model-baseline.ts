import type { BaselineResetResult } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useRefreshModelView } from './keys.ts';

/** Reset baseline (`POST /equipment-models/{id}/baseline/reset`): every learned baseline of the model learns again. */
export function resetModelBaseline(modelId: string) {
  return apiClient.post<BaselineResetResult>(`/api/v1/equipment-models/${modelId}/baseline/reset`, {});
}

export function useResetModelBaseline(modelId: string) {
  const refresh = useRefreshModelView();
  return useMutation({ mutationFn: () => resetModelBaseline(modelId), onSuccess: () => refresh(modelId) });
}
