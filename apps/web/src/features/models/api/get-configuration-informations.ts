import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { LOOKUP_STALE_TIME, modelsKeys } from './keys.ts';

/** A configuration information item of a model type (nameplate data): its id is what configuration_in lists. */
export type ConfigurationInformation = {
  id: number;
  title: string;
  tagCode: string;
  unitCode: string;
  defaultValue: string;
};

export function getConfigurationInformations(
  modelTypeId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ConfigurationInformation[]> {
  return apiClient.get<ConfigurationInformation[]>(
    `/api/v1/equipments/model-types/${modelTypeId}/configuration-informations`,
    { signal },
  );
}

export function configurationInformationsQueryOptions(modelTypeId: number) {
  return queryOptions({
    queryKey: modelsKeys.configurationInformations(modelTypeId),
    queryFn: ({ signal }) => getConfigurationInformations(modelTypeId, { signal }),
    staleTime: LOOKUP_STALE_TIME,
  });
}

export function useConfigurationInformations(modelTypeId: number) {
  return useQuery(configurationInformationsQueryOptions(modelTypeId));
}
