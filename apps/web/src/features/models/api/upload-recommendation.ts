import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

type UploadRecommendationVariables = { modelId: string; modelCode: string; file: File };

/** The recommendation message workbook (.xlsx) as `recommendation_msg_file`; answers how many rows it held. */
export function uploadRecommendation({
  modelId,
  modelCode,
  file,
}: UploadRecommendationVariables): Promise<{ message: string; rows: number }> {
  const form = new FormData();
  form.append('recommendation_msg_file', file);
  return apiClient.post<{ message: string; rows: number }>(
    `/api/v1/equipment-models/${modelId}/recommendation`,
    form,
    { query: { modelCode } },
  );
}

export function useUploadRecommendation() {
  return useMutation({ mutationFn: uploadRecommendation });
}
