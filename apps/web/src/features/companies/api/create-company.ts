import type { Company, CompanyPayload } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useCompaniesChanged } from './keys.ts';

export function createCompany(payload: CompanyPayload): Promise<Company> {
  return apiClient.post<Company>('/api/v1/companies', payload);
}

export function useCreateCompany() {
  const changed = useCompaniesChanged();
  return useMutation({ mutationFn: createCompany, onSuccess: changed });
}
