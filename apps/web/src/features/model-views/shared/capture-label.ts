import { formatDateTimeIn } from '../../../lib/time.ts';

/** A capture (data set) as the pickers list it: its file, its alias and when it was captured (ISO instant). */
export interface CaptureRef {
  fileName: string;
  alias: string;
  capturedAt: string;
}

/**
 * Whether an alias says more than the file name: the ingest stores the file name (a UTC stamp such as
 * 'P101-PDE_x_20261127T020000Z.f32') when the sender gave no alias, and such a name is no label.
 */
function ownAlias(capture: Pick<CaptureRef, 'fileName' | 'alias'>): string | undefined {
  const alias = capture.alias.trim();
  if (!alias || alias === capture.fileName) return undefined;
  if (/\d{8}T\d{4,6}Z/.test(alias)) return undefined;
  return alias;
}

/**
 * The label of a capture in a data-set picker (issue 27 item 2): its capture time in the company's zone, then its
 * own short label when it has one ('27/11/2026 09:00 · Pump DE V'), never the UTC file name.
 */
export function captureLabel(capture: CaptureRef, timeZone: string): string {
  const time = formatDateTimeIn(capture.capturedAt, timeZone);
  const alias = ownAlias(capture);
  return alias ? `${time} · ${alias}` : time;
}

/** The name of a capture's line on a chart (legend, the waterfall's depth axis): its capture time in the zone. */
export function captureTime(capturedAt: string | undefined, timeZone: string): string | undefined {
  return capturedAt ? formatDateTimeIn(capturedAt, timeZone) : undefined;
}
