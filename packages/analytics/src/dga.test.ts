import { describe, expect, it } from 'vitest';
import {
  DUVAL_PENTAGON_1_OUTLINE,
  DUVAL_PENTAGON_1_POLYGONS,
  DUVAL_TRIANGLE_1_ZONES,
  duvalPentagon1,
  duvalTriangle1,
  duvalTriangle1PlotPolygons,
  duvalTriangle1Zone,
  duvalTrianglePoint,
  duvalZoneLeastStatus,
  iec60599Ratios,
  ieeeC57104Conditions,
  rogersRatios,
} from './dga.ts';
import { pointInPolygon, polygonArea } from './geometry.ts';
import { loadFixture, seededRandom } from './test-helpers.ts';

describe('Duval Triangle 1', () => {
  const polygons = duvalTriangle1PlotPolygons();

  it('agrees with the drawing polygons on 100,000 random points (rules vs point-in-polygon)', () => {
    const random = seededRandom(42);
    const disagreements: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      const e = [-Math.log(1 - random()), -Math.log(1 - random()), -Math.log(1 - random())];
      const sum = e[0]! + e[1]! + e[2]!;
      const p = { ch4: (100 * e[0]!) / sum, c2h4: (100 * e[1]!) / sum, c2h2: (100 * e[2]!) / sum };
      const zone = duvalTriangle1Zone(p);
      const { x, y } = duvalTrianglePoint(p);
      const containing = DUVAL_TRIANGLE_1_ZONES.filter((z) => pointInPolygon(x, y, polygons[z]));
      if (containing.length !== 1 || containing[0] !== zone)
        disagreements.push(`${JSON.stringify(p)} ${zone} ${containing}`);
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
  });

  it('has polygons that tile the triangle (areas sum to √3/4)', () => {
    const total = DUVAL_TRIANGLE_1_ZONES.reduce((sum, z) => sum + Math.abs(polygonArea(polygons[z])), 0);
    expect(total).toBeCloseTo(Math.sqrt(3) / 4, 12);
  });

  it.each([
    ['PD', { ch4: 990, c2h4: 5, c2h2: 5 }],
    ['T1', { ch4: 90, c2h4: 8, c2h2: 2 }],
    ['T2', { ch4: 60, c2h4: 38, c2h2: 2 }],
    ['T3', { ch4: 30, c2h4: 62, c2h2: 8 }],
    ['D1', { ch4: 30, c2h4: 10, c2h2: 60 }],
    ['D2', { ch4: 20, c2h4: 35, c2h2: 45 }],
    ['D2', { ch4: 10, c2h4: 50, c2h2: 40 }],
    ['DT', { ch4: 60, c2h4: 30, c2h2: 10 }],
    ['DT', { ch4: 30, c2h4: 50, c2h2: 20 }],
  ] as const)('classifies a sample inside %s (ppm %j)', (zone, gases) => {
    expect(duvalTriangle1(gases).zone).toBe(zone);
  });

  it('computes percentages and the plot point', () => {
    const result = duvalTriangle1({ ch4: 50, c2h4: 30, c2h2: 20 });
    expect(result.percentages).toEqual({ ch4: 50, c2h4: 30, c2h2: 20 });
    expect(result.point.x).toBeCloseTo(0.55, 12);
    expect(result.point.y).toBeCloseTo((Math.sqrt(3) / 2) * 0.5, 12);
  });

  it('gives no diagnosis for zero gases and rejects negative or missing values', () => {
    expect(duvalTriangle1({ ch4: 0, c2h4: 0, c2h2: 0 }).zone).toBeNull();
    expect(() => duvalTriangle1({ ch4: -1, c2h4: 1, c2h2: 1 })).toThrow(
      expect.objectContaining({ code: 'NEGATIVE_VALUE' }),
    );
    expect(() => duvalTriangle1({ ch4: 1, c2h4: 1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});

describe('Duval Pentagon 1', () => {
  const fixture = loadFixture<{
    cases: {
      gases: { h2: number; c2h6: number; ch4: number; c2h4: number; c2h2: number };
      x: number;
      y: number;
    }[];
  }>('pentagon.json');

  it('places the point at the numpy shoelace centroid for 200 random gas sets (1e-9)', () => {
    for (const c of fixture.cases) {
      const { point } = duvalPentagon1(c.gases);
      expect(Math.abs(point.x - c.x)).toBeLessThan(1e-9);
      expect(Math.abs(point.y - c.y)).toBeLessThan(1e-9);
    }
  });

  it('keeps every centroid inside the pentagon outline', () => {
    for (const c of fixture.cases) {
      const { point } = duvalPentagon1(c.gases);
      expect(pointInPolygon(point.x, point.y, DUVAL_PENTAGON_1_OUTLINE)).toBe(true);
    }
  });

  it.each([
    ['PD', { h2: 95, ch4: 3, c2h6: 2, c2h4: 0, c2h2: 0 }],
    ['D1', { h2: 40, ch4: 5, c2h6: 2, c2h4: 10, c2h2: 40 }],
    ['D2', { h2: 20, ch4: 10, c2h6: 3, c2h4: 40, c2h2: 30 }],
    ['T3', { h2: 10, ch4: 20, c2h6: 5, c2h4: 70, c2h2: 1 }],
    ['T2', { h2: 5, ch4: 50, c2h6: 10, c2h4: 30, c2h2: 0 }],
    ['T1', { h2: 10, ch4: 40, c2h6: 40, c2h4: 5, c2h2: 0 }],
    ['S', { h2: 60, ch4: 10, c2h6: 30, c2h4: 0, c2h2: 0 }],
  ] as const)('puts a typical %s gas set in its zone', (zone, gases) => {
    expect(duvalPentagon1(gases).zone).toBe(zone);
  });

  it('does not swap CH4 and C2H6 (CH4 on 234°, C2H6 on 162°)', () => {
    const methane = duvalPentagon1({ h2: 0, ch4: 100, c2h6: 0, c2h4: 0, c2h2: 0 }).point;
    expect(methane.x).toBeLessThan(0);
    expect(methane.y).toBeLessThan(-20);
    expect(Object.keys(DUVAL_PENTAGON_1_POLYGONS)).toHaveLength(6);
  });
});

describe('ratio methods', () => {
  const gases = (r2: number, r1: number, r5: number) => ({
    h2: 100,
    ch4: 100 * r1,
    c2h6: 10,
    c2h4: 10 * r5,
    c2h2: 10 * r5 * r2,
  });

  it.each([
    ['Normal', 0.05, 0.5, 0.5],
    ['PD', 0.05, 0.05, 0.5],
    ['D2', 1, 0.5, 4],
    ['T1', 0.05, 0.5, 2],
    ['T2', 0.05, 2, 2],
    ['T3', 0.05, 2, 4],
    ['ND', 5, 5, 5],
  ] as const)('Rogers gives %s for R2 %s, R1 %s, R5 %s', (diagnosis, r2, r1, r5) => {
    const result = rogersRatios(gases(r2, r1, r5));
    expect(result.diagnosis).toBe(diagnosis);
    expect(result.r1).toBeCloseTo(r1, 12);
  });

  it.each([
    ['PD', 0.05, 0.05, 0.1],
    ['D1', 2, 0.3, 1.5],
    ['D2', 1.5, 0.8, 3],
    ['T1', 0.5, 2, 0.5],
    ['T2', 0.05, 2, 2],
    ['T3', 0.1, 2, 5],
    ['ND', 0.5, 0.5, 0.5],
  ] as const)('IEC 60599 gives %s for R2 %s, R1 %s, R5 %s', (diagnosis, r2, r1, r5) => {
    expect(iec60599Ratios(gases(r2, r1, r5)).diagnosis).toBe(diagnosis);
  });

  it('reads x/0 as Infinity and 0/0 as not determined', () => {
    const result = rogersRatios({ h2: 0, ch4: 10, c2h6: 0, c2h4: 0, c2h2: 0 });
    expect(result.r1).toBe(Number.POSITIVE_INFINITY);
    expect(result.r2).toBeNaN();
    expect(result.diagnosis).toBe('ND');
  });
});

describe('IEEE C57.104-2008 conditions', () => {
  const limit1 = { h2: 100, ch4: 120, c2h2: 1, c2h4: 50, c2h6: 65, co: 350 };

  it('keeps values on a limit in the lower condition', () => {
    const result = ieeeC57104Conditions({ ...limit1, co2: 2500 });
    expect(Object.values(result.gases)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(result.tdcg).toBe(686);
    expect(result.condition).toBe(1);
    expect(result.status).toBe(0);
  });

  it('takes the worst of the gases and TDCG', () => {
    expect(ieeeC57104Conditions({ ...limit1, h2: 701 }).gases.h2).toBe(3);
    expect(ieeeC57104Conditions({ ...limit1, c2h2: 36 }).condition).toBe(4);
    const tdcg = ieeeC57104Conditions({ h2: 100, ch4: 120, c2h2: 1, c2h4: 50, c2h6: 65, co: 400 });
    expect(tdcg.tdcg).toBe(736);
    expect(tdcg.tdcgCondition).toBe(2);
    expect(tdcg.status).toBe(1);
  });

  it('rejects negative gas values', () => {
    expect(() => ieeeC57104Conditions({ ...limit1, co: -5 })).toThrow(
      expect.objectContaining({ code: 'NEGATIVE_VALUE' }),
    );
  });
});

describe('duvalZoneLeastStatus', () => {
  it('makes high-energy discharges and hot spots above 700 °C at least a warning, and no other zone', () => {
    expect(duvalZoneLeastStatus('D2')).toBe(1);
    expect(duvalZoneLeastStatus('T3')).toBe(1);
    for (const zone of ['PD', 'T1', 'T2', 'D1', 'DT', 'S', null] as const)
      expect(duvalZoneLeastStatus(zone)).toBe(0);
  });
});
