import type { DocumentType, ModelDocuments, ModelImage } from '@sdp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { modelViewKeys } from './keys.ts';

/** Overall Status, Image tab: the model's pictures, oldest first (`GET /equipment-models/{id}/images`). */
export function useModelImages(modelId: string) {
  return useQuery({
    queryKey: modelViewKeys.images(modelId),
    queryFn: ({ signal }) =>
      apiClient.get<ModelImage[]>(`/api/v1/equipment-models/${modelId}/images`, { signal }),
  });
}

/** Document tab: the PM report and manual, and whether the caller may change them. */
export function useModelDocuments(modelId: string) {
  return useQuery({
    queryKey: modelViewKeys.documents(modelId),
    queryFn: ({ signal }) =>
      apiClient.get<ModelDocuments>(`/api/v1/equipment-models/${modelId}/documents`, { signal }),
  });
}

/** Uploads and saves one picture (multipart `image_file`). */
export function useAddModelImage(modelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image_file', file);
      return apiClient.post<ModelImage & { message: string }>(
        `/api/v1/equipment-models/${modelId}/images`,
        form,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: modelViewKeys.images(modelId) }),
  });
}

export function useDeleteModelImage(modelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) =>
      apiClient.delete<{ message: string }>(`/api/v1/equipment-models/${modelId}/images/${imageId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: modelViewKeys.images(modelId) }),
  });
}

/** Uploads a PM report or manual (multipart `documentation_file`), replacing the one there. */
export function useUploadDocument(modelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, file }: { type: DocumentType; file: File }) => {
      const form = new FormData();
      form.append('documentation_file', file);
      return apiClient.post<{ message: string; url: string }>(
        `/api/v1/equipment-models/${modelId}/documents?type=${type}`,
        form,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: modelViewKeys.documents(modelId) }),
  });
}
