import type { MeResponse, SelectCompanyRequest } from '@sdp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/** Keeps the chosen company in the server session and answers the user with that company's permissions. */
export function selectCompany(companyId: string): Promise<MeResponse> {
  const body: SelectCompanyRequest = { company_id: companyId };
  return apiClient.put<MeResponse>('/api/v1/users/me/company', body);
}

export function useSelectCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectCompany,
    onSuccess: (me) => {
      queryClient.setQueryData(authKeys.me(), me);
    },
  });
}
