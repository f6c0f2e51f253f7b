import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useIngestKeysChanged } from './keys.ts';

type RevokeIngestKeyVariables = { companyId: string; keyId: string };

/** Revokes a key at once: the gateways that use it are refused from then on. */
export function revokeIngestKey({ companyId, keyId }: RevokeIngestKeyVariables): Promise<void> {
  return apiClient.delete<void>(`/api/v1/companies/${companyId}/ingest-keys/${keyId}`);
}

export function useRevokeIngestKey() {
  const changed = useIngestKeysChanged();
  return useMutation({
    mutationFn: revokeIngestKey,
    onSuccess: (_answer, { companyId }) => changed(companyId),
  });
}
