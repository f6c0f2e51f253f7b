import { modelViewKeys } from '../../api/keys.ts';

/** Query keys of the MCA dashboard, under the model page's root so refresh and live events reload them. */
export const mcaKeys = {
  all: (modelId: string) => [...modelViewKeys.model(modelId), 'mca'] as const,
  diagram: (modelId: string) => [...mcaKeys.all(modelId), 'diagram'] as const,
  files: (modelId: string, groupCode: string) => [...mcaKeys.all(modelId), 'files', groupCode] as const,
  frequency: (modelId: string, query: unknown) => [...mcaKeys.all(modelId), 'frequency', query] as const,
  faults: (modelId: string, files: readonly string[]) => [...mcaKeys.all(modelId), 'faults', files] as const,
  timeDomain: (modelId: string, fileName: string) =>
    [...mcaKeys.all(modelId), 'time-domain', fileName] as const,
  series: (modelId: string, query: unknown) => [...mcaKeys.all(modelId), 'series', query] as const,
  diagnostic: (modelId: string, query: unknown) => [...mcaKeys.all(modelId), 'diagnostic', query] as const,
};

/** `?fileName=a&fileName=b…` of the spectrum calls. */
export function fileNameParams(fileNames: readonly string[]): string {
  return fileNames.map((name) => `fileName=${encodeURIComponent(name)}`).join('&');
}
