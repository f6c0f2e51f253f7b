import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type InCompany, useStructureChanged } from './keys.ts';

type UpdateFolderVariables = InCompany & { folderId: string; structureItemTitle: string };

/** Renames a folder, the root included (the server keeps the title upper-case). */
export function updateFolder({ folderId, structureItemTitle }: UpdateFolderVariables) {
  return apiClient.put<{ id: string }>(
    '/api/v1/structure-item',
    { structureItemTitle },
    {
      query: { folder_id: folderId },
    },
  );
}

export function useUpdateFolder() {
  const changed = useStructureChanged();
  return useMutation({
    mutationFn: updateFolder,
    onSuccess: (_updated, { companyId }) => changed(companyId),
  });
}
