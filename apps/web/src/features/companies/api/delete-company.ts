import type { Company } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useCompaniesChanged } from './keys.ts';

/** Soft delete: the company answers with `deleted_at` set and can be restored. */
export function deleteCompany(id: string): Promise<Company> {
  return apiClient.delete<Company>(`/api/v1/companies/${id}`);
}

export function useDeleteCompany() {
  const changed = useCompaniesChanged();
  return useMutation({ mutationFn: deleteCompany, onSuccess: changed });
}
