import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type InCompany, useStructureChanged } from './keys.ts';

type DeleteItemVariables = InCompany & {
  itemId: string;
  /** Removes a folder with everything in it; without it the server answers 409 for a non-empty folder. */
  recursive?: boolean;
};

/** Deletes (disables) a folder or an equipment tag. */
export function deleteStructureItem({ itemId, recursive = false }: DeleteItemVariables): Promise<void> {
  return apiClient.delete<void>(`/api/v1/structure-item/${itemId}`, {
    query: { recursive: recursive ? 'true' : undefined },
  });
}

export function useDeleteStructureItem() {
  const changed = useStructureChanged();
  return useMutation({
    mutationFn: deleteStructureItem,
    onSuccess: (_deleted, { companyId }) => changed(companyId),
  });
}
