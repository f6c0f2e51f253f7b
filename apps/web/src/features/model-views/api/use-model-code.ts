import { useModelSummary } from './get-model-summary.ts';

/**
 * The code of a model, for what is named after it (Excel files of spec 02 §9): read from the page's summary, which
 * the shell has loaded already; the id until it has.
 */
export function useModelCode(modelId: string): string {
  return useModelSummary(modelId).data?.modelCode ?? modelId;
}
