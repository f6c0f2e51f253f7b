/** Plane geometry helpers for the diagnostic charts (zone polygons). */

/** A point in the plane. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * True when (x, y) lies inside `polygon` (even-odd ray casting; W. R. Franklin's PNPOLY). Points exactly on
 * an edge may fall on either side.
 */
export function pointInPolygon(x: number, y: number, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Signed area by the shoelace formula (positive for counter-clockwise vertices). */
export function polygonArea(polygon: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    sum += polygon[j]!.x * polygon[i]!.y - polygon[i]!.x * polygon[j]!.y;
  }
  return sum / 2;
}

/** Centroid of a simple polygon (shoelace): Cx = Σ(xi + xi+1)(xi·yi+1 − xi+1·yi)/(6A), likewise Cy. */
export function polygonCentroid(polygon: readonly Point[]): Point {
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    const cross = a.x * b.y - b.x * a.y;
    cx += (a.x + b.x) * cross;
    cy += (a.y + b.y) * cross;
  }
  const area = polygonArea(polygon);
  return { x: cx / (6 * area), y: cy / (6 * area) };
}
