import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { LOOKUP_STALE_TIME, modelsKeys } from './keys.ts';

/** The kind of machine train a vibration sensor watches ('Motor – pump'). */
export type MachineTemplate = { id: number; name: string; description: string };

export function getMachineTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<MachineTemplate[]> {
  return apiClient.get<MachineTemplate[]>('/api/v1/machine-templates', { signal });
}

export function machineTemplatesQueryOptions() {
  return queryOptions({
    queryKey: modelsKeys.machineTemplates(),
    queryFn: ({ signal }) => getMachineTemplates({ signal }),
    staleTime: LOOKUP_STALE_TIME,
  });
}

export function useMachineTemplates() {
  return useQuery(machineTemplatesQueryOptions());
}
