import type { ingestKey } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { companySettingsKeys } from './keys.ts';

/** An ingest key as listed: name, prefix and dates; `revokedAt` set once it is revoked. */
export type IngestKey = z.infer<typeof ingestKey>;

/** The company's ingest keys, revoked ones included; never the keys themselves, only their prefix. */
export function getIngestKeys(
  companyId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<IngestKey[]> {
  return apiClient.get<IngestKey[]>(`/api/v1/companies/${companyId}/ingest-keys`, { signal });
}

export function ingestKeysQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: companySettingsKeys.ingestKeys(companyId),
    queryFn: ({ signal }) => getIngestKeys(companyId, { signal }),
  });
}

export function useIngestKeys(companyId: string) {
  return useQuery(ingestKeysQueryOptions(companyId));
}
