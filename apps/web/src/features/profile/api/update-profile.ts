import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type ProfileBody = { name: string; profileImageUrl: string | null };

/** Changes the signed-in user's own name and image. */
export function updateProfile(body: ProfileBody): Promise<{ message: string }> {
  return apiClient.put<{ message: string }>('/api/v1/member/profile', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The name and image show in the header (the Me query) and in every member or administrator list the user
    // is on; a profile changes rarely, so everything loaded is refreshed rather than tracked list by list.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
