import type { Company } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useCompaniesChanged } from './keys.ts';

export function restoreCompany(id: string): Promise<Company> {
  return apiClient.post<Company>(`/api/v1/companies/${id}/restore`);
}

export function useRestoreCompany() {
  const changed = useCompaniesChanged();
  return useMutation({ mutationFn: restoreCompany, onSuccess: changed });
}
