import type { Company, CompanyPayload } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useCompaniesChanged } from './keys.ts';

/** The initial code in `payload` must be the company's current one: it cannot change. */
export function updateCompany({ id, payload }: { id: string; payload: CompanyPayload }): Promise<Company> {
  return apiClient.put<Company>(`/api/v1/companies/${id}`, payload);
}

export function useUpdateCompany() {
  const changed = useCompaniesChanged();
  return useMutation({ mutationFn: updateCompany, onSuccess: changed });
}
