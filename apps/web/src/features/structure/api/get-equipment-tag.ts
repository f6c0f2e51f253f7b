import type { equipmentTag } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { structureKeys } from './keys.ts';

export type EquipmentTagDetail = z.infer<typeof equipmentTag>;

type EquipmentTagParams = { companyId: string; tagId: string };

/** One equipment tag with its images, for the edit dialog. */
export function getEquipmentTag(
  { tagId }: EquipmentTagParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<EquipmentTagDetail> {
  return apiClient.get<EquipmentTagDetail>(`/api/v1/equipment-tag/${tagId}`, { signal });
}

export function equipmentTagQueryOptions(params: EquipmentTagParams) {
  return queryOptions({
    queryKey: structureKeys.equipmentTag(params.companyId, params.tagId),
    queryFn: ({ signal }) => getEquipmentTag(params, { signal }),
  });
}

export function useEquipmentTag(params: EquipmentTagParams) {
  return useQuery(equipmentTagQueryOptions(params));
}
