/** Query keys of the RVS view: everything under the model, so a refresh of the page reloads it all. */
export const rvsKeys = {
  all: (modelId: string) => ['rvs', modelId] as const,
  of: (modelId: string, call: string, params: Record<string, unknown> = {}) =>
    [...rvsKeys.all(modelId), call, params] as const,
};
