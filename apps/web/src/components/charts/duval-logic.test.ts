import { describe, expect, it } from 'vitest';
import {
  buildDuvalOption,
  type DuvalPoint,
  duvalGrid,
  duvalGridLines,
  duvalPoint,
  duvalTooltip,
  TRIANGLE_HEIGHT,
} from './duval-logic.ts';

const labels = {
  history: 'Samples',
  latest: 'Latest sample',
  calculated: 'Calculated',
  zone: 'Zone',
  noZone: '-',
};
const sample = (time: number, zone: string): DuvalPoint => ({
  time,
  x: 0.5,
  y: 0.3,
  ch4: 40,
  c2h4: 50,
  c2h2: 10,
  zone,
});

describe('Duval triangle logic', () => {
  it('places pure gases on their corners and equal shares on the centroid (tolerance 1e-12)', () => {
    expect(duvalPoint(1, 0, 0).x).toBeCloseTo(0.5, 12);
    expect(duvalPoint(1, 0, 0).y).toBeCloseTo(TRIANGLE_HEIGHT, 12);
    expect(duvalPoint(0, 5, 0)).toEqual({ x: 1, y: 0 });
    expect(duvalPoint(0, 0, 7)).toEqual({ x: 0, y: 0 });
    const centre = duvalPoint(10, 10, 10);
    expect(centre.x).toBeCloseTo(0.5, 12);
    expect(centre.y).toBeCloseTo(TRIANGLE_HEIGHT / 3, 12);
  });

  it('draws twelve grid lines whose ends lie on the triangle edges', () => {
    const lines = duvalGridLines();
    expect(lines).toHaveLength(12);
    const onEdge = (x: number, y: number) =>
      Math.abs(y) < 1e-12 ||
      Math.abs(y - Math.sqrt(3) * x) < 1e-12 ||
      Math.abs(y - Math.sqrt(3) * (1 - x)) < 1e-12;
    for (const [x1, y1, x2, y2] of lines) {
      expect(onEdge(x1, y1)).toBe(true);
      expect(onEdge(x2, y2)).toBe(true);
    }
  });

  it('keeps the triangle equilateral on screen: grid height is √3/2 of its width', () => {
    const grid = duvalGrid(800, 450);
    expect(grid.height / grid.width).toBeCloseTo(TRIANGLE_HEIGHT, 12);
    expect(grid.top + grid.height).toBeLessThanOrEqual(450);
  });

  it('highlights the newest sample whatever the order received, the rest as history', () => {
    const option = buildDuvalOption(
      [{ zone: 'T1', description: 'x', polygon: [] }],
      [sample(3, 'T2'), sample(1, 'T1'), sample(2, 'T1')],
      null,
      { timeZone: 'Asia/Bangkok', labels, width: 800, height: 450 },
    );
    const series = option.series as { name: string; data: { sample: DuvalPoint }[] }[];
    const history = series.find((one) => one.name === 'Samples');
    const latest = series.find((one) => one.name === 'Latest sample');
    expect(history?.data.map((p) => p.sample.time)).toEqual([1, 2]);
    expect(latest?.data.map((p) => p.sample.zone)).toEqual(['T2']);
  });

  it('dates a sample in the company zone in its tooltip', () => {
    const text = duvalTooltip(sample(Date.UTC(2026, 10, 1, 0, 0), 'T2'), 'Asia/Bangkok', labels, 'Samples');
    expect(text).toContain('01/11/2026 07:00');
    expect(text).toContain('Zone: T2');
    expect(text).toContain('CH4 40.0 %');
  });
});
