/** The 'Download format' of the panel: the model's events as a workbook, opened in a new window (spec 03 §7.3). */
export function downloadFaultEventsUrl(modelId: string): string {
  return `/api/v1/fault-event/export?model_id=${modelId}`;
}
