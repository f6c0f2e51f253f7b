import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type InCompany, useStructureChanged } from './keys.ts';

type CreateFolderVariables = InCompany & { parentId: string; structureItemTitle: string };

/** A folder under `parentId` (spec 01 §3 folder payload); answers its id. */
export function createFolder({ companyId, parentId, structureItemTitle }: CreateFolderVariables) {
  return apiClient.post<{ id: string }>('/api/v1/structure-item', {
    parentId,
    structureItemType: 'Folder',
    structureItemTitle,
    companies_id: companyId,
    createdDate: new Date().toISOString(),
    isPrimaryFolder: false,
    is_disabled: false,
  });
}

export function useCreateFolder() {
  const changed = useStructureChanged();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: (_created, { companyId }) => changed(companyId),
  });
}
