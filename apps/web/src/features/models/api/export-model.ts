/** Where 'Export' downloads the model's whole configuration as an Excel workbook (a plain link). */
export function modelExportUrl(modelId: string, modelCode: string): string {
  return `/api/v1/equipment-models/${modelId}/export?${new URLSearchParams({ modelCode })}`;
}
