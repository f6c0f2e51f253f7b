import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the company settings feature. */
export const companySettingsKeys = {
  all: ['company-settings'] as const,
  ingestKeys: (companyId: string) => [...companySettingsKeys.all, companyId, 'ingest-keys'] as const,
};

/** After a key is created or revoked: reload the company's list of ingest keys. */
export function useIngestKeysChanged() {
  const queryClient = useQueryClient();
  return (companyId: string) =>
    queryClient.invalidateQueries({ queryKey: companySettingsKeys.ingestKeys(companyId) });
}
