/**
 * Where the recommendation workbook downloads from (a plain link: the browser saves the file): the messages in
 * use, or a template listing every monitored tag when none were uploaded yet.
 */
export function recommendationDownloadUrl(modelId: string): string {
  return `/api/v1/equipment-models/${modelId}/recommendation`;
}
