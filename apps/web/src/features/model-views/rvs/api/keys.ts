import { modelViewKeys } from '../../api/keys.ts';

/**
 * Query keys of the RVS view, under the model page's root: the page's Refresh, the Auto refresh and live data
 * events of the model reload every RVS panel, as they do the other types' (they were under their own 'rvs' root,
 * which nothing reloaded).
 */
export const rvsKeys = {
  all: (modelId: string) => [...modelViewKeys.model(modelId), 'rvs'] as const,
  of: (modelId: string, call: string, params: Record<string, unknown> = {}) =>
    [...rvsKeys.all(modelId), call, params] as const,
};
