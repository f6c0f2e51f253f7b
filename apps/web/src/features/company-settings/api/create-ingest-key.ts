import type { createdIngestKey } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { useIngestKeysChanged } from './keys.ts';

/** A new key: as listed, plus `key` itself, shown once. */
export type CreatedIngestKey = z.infer<typeof createdIngestKey>;

type CreateIngestKeyVariables = { companyId: string; name: string };

/** Creates a key for a gateway; the answer is the only place the key itself ever appears. */
export function createIngestKey({ companyId, name }: CreateIngestKeyVariables): Promise<CreatedIngestKey> {
  return apiClient.post<CreatedIngestKey>(`/api/v1/companies/${companyId}/ingest-keys`, { name });
}

export function useCreateIngestKey() {
  const changed = useIngestKeysChanged();
  return useMutation({ mutationFn: createIngestKey, onSuccess: (_key, { companyId }) => changed(companyId) });
}
