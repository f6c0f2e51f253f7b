/** What the carousel waits on each picture before showing the next (it stops while hovered or full screen). */
export const CAROUSEL_INTERVAL_MS = 5_000;
/** Spec 02 §9: carousel height 300. */
export const CAROUSEL_HEIGHT = 300;

/** The picture after or before `index` among `count`, round the end. */
export function stepIndex(index: number, count: number, step: 1 | -1): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** An index still inside the list after pictures were added or deleted. */
export function clampIndex(index: number, count: number): number {
  return count <= 0 ? 0 : Math.min(Math.max(index, 0), count - 1);
}

/** What the document picker offers; the server checks the bytes (spec 02 §5: PDF only). */
export const PDF_ACCEPT = '.pdf,application/pdf';

/** Whether a chosen file looks like a PDF by its name and type; saves an upload the server would refuse. */
export function isPdfFile(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.pdf$/i.test(file.name) && (file.type === '' || file.type === 'application/pdf');
}

/** A file size for people: bytes, KB or MB with one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
