import type { Admin } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { adminsKeys } from './keys.ts';

export type AdminList = { items: Admin[]; total: number };

export function getAdmins({ signal }: { signal?: AbortSignal } = {}): Promise<AdminList> {
  return apiClient.get<AdminList>('/api/v1/admins', { signal });
}

export function adminsQueryOptions() {
  return queryOptions({ queryKey: adminsKeys.list(), queryFn: ({ signal }) => getAdmins({ signal }) });
}

export function useAdmins() {
  return useQuery(adminsQueryOptions());
}
