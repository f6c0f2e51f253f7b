import { useQueryClient } from '@tanstack/react-query';
import { STRUCTURE_QUERY_ROOT } from '../../../lib/query-roots.ts';

/** Query keys of the models feature: one model's detail, and the master data its forms choose from. */
export const modelsKeys = {
  all: ['models'] as const,
  detail: (modelId: string) => [...modelsKeys.all, 'detail', modelId] as const,
  persistence: (modelId: string) => [...modelsKeys.detail(modelId), 'persistence'] as const,
  lookups: ['models', 'lookups'] as const,
  configurationInformations: (modelTypeId: number) =>
    [...modelsKeys.lookups, 'configuration-informations', modelTypeId] as const,
  alarmLimitMaster: (modelTypeId: number) =>
    [...modelsKeys.lookups, 'alarm-limit-master', modelTypeId] as const,
  vsdBrands: () => [...modelsKeys.lookups, 'vsd-brands'] as const,
  vsdModels: (brandId: number) => [...modelsKeys.lookups, 'vsd-models', brandId] as const,
  sensorPoints: () => [...modelsKeys.lookups, 'sensor-points'] as const,
  machineTemplates: () => [...modelsKeys.lookups, 'machine-templates'] as const,
  bearings: () => [...modelsKeys.lookups, 'bearings'] as const,
};

/**
 * After a model is saved: reload it (and what hangs under it) and the company tree that shows it, since the tree
 * lists models with their name and active state.
 */
export function useModelChanged() {
  const queryClient = useQueryClient();
  return (modelId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: modelsKeys.detail(modelId) }),
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === STRUCTURE_QUERY_ROOT }),
    ]);
}

/** Loads a model again (Cancel on the setting page, the accordion after an edited value). */
export function useReloadModel() {
  const queryClient = useQueryClient();
  return (modelId: string) => queryClient.invalidateQueries({ queryKey: modelsKeys.detail(modelId) });
}

/**
 * Master data ships with the server's migrations and does not change while it runs: fetched once per visit.
 * A failed lookup yields an empty list of options (spec 02 §8).
 */
export const LOOKUP_STALE_TIME = Number.POSITIVE_INFINITY;
