import { describe, expect, it } from 'vitest';
import { pointInPolygon, polygonArea, polygonCentroid } from './geometry.ts';

const square = [
  { x: 0, y: 0 },
  { x: 2, y: 0 },
  { x: 2, y: 2 },
  { x: 0, y: 2 },
];

describe('geometry', () => {
  it('finds points inside and outside a polygon, concave ones included', () => {
    expect(pointInPolygon(1, 1, square)).toBe(true);
    expect(pointInPolygon(3, 1, square)).toBe(false);
    const l = [...square.slice(0, 2), { x: 2, y: 1 }, { x: 1, y: 1 }, { x: 1, y: 2 }, { x: 0, y: 2 }];
    expect(pointInPolygon(1.5, 1.5, l)).toBe(false);
    expect(pointInPolygon(0.5, 1.5, l)).toBe(true);
  });

  it('computes the signed shoelace area and the centroid', () => {
    expect(polygonArea(square)).toBe(4);
    expect(polygonArea([...square].reverse())).toBe(-4);
    expect(polygonCentroid(square)).toEqual({ x: 1, y: 1 });
    expect(
      polygonCentroid([
        { x: 0, y: 0 },
        { x: 3, y: 0 },
        { x: 0, y: 3 },
      ]),
    ).toEqual({ x: 1, y: 1 });
  });
});
