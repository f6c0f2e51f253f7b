/**
 * Dissolved gas analysis of transformer oil (ANALYTICS.md §1; IEC 60599:2022; IEEE C57.104-2008;
 * Duval, IEEE Electrical Insulation Magazine 2002 (triangle) and 2014 (pentagons)). Concentrations in ppm.
 */
import { ANALYTICS_ERROR_CODES, AnalyticsInputError, assertNonNegative } from './errors.ts';
import { type Point, pointInPolygon, polygonCentroid } from './geometry.ts';
import type { LimitStatus } from './status.ts';

/** Gas concentrations in ppm (µL/L); each function names the gases it needs. */
export interface GasConcentrations {
  readonly h2?: number;
  readonly ch4?: number;
  readonly c2h6?: number;
  readonly c2h4?: number;
  readonly c2h2?: number;
  readonly co?: number;
  readonly co2?: number;
}

type Gas = keyof GasConcentrations;

function gas(gases: GasConcentrations, name: Gas): number {
  const value = gases[name];
  if (value === undefined) {
    throw new AnalyticsInputError(ANALYTICS_ERROR_CODES.invalid, `${name.toUpperCase()} (ppm) is missing`);
  }
  assertNonNegative(value, `${name.toUpperCase()} (ppm)`);
  return value;
}

/** Zones of Duval Triangle 1. */
export const DUVAL_TRIANGLE_1_ZONES = ['PD', 'T1', 'T2', 'T3', 'D1', 'D2', 'DT'] as const;

/** One of {@link DUVAL_TRIANGLE_1_ZONES}. */
export type DuvalTriangleZone = (typeof DUVAL_TRIANGLE_1_ZONES)[number];

/** Zones of Duval Pentagon 1 (S: stray gassing). */
export type DuvalPentagonZone = 'PD' | 'D1' | 'D2' | 'T1' | 'T2' | 'T3' | 'S';

/** Meaning of every Duval zone (IEC 60599 fault types). */
export const DUVAL_ZONE_DESCRIPTIONS: Record<DuvalTriangleZone | 'S', string> = {
  PD: 'Partial discharges',
  T1: 'Thermal fault below 300 °C',
  T2: 'Thermal fault 300–700 °C',
  T3: 'Thermal fault above 700 °C',
  D1: 'Discharges of low energy',
  D2: 'Discharges of high energy',
  DT: 'Mixture of electrical and thermal faults',
  S: 'Stray gassing of mineral oil',
};

/**
 * The least status a Duval zone carries whatever the gas levels (0 normal, 1 warning): high-energy discharges (D2)
 * and thermal faults above 700 °C (T3) are the fault types IEC 60599 (annex A) ranks most severe, with arcing
 * and carbonised paper to expect, so a page never shows them green. The gas limits can raise the status further.
 */
export function duvalZoneLeastStatus(zone: DuvalTriangleZone | 'S' | null): 0 | 1 {
  return zone === 'D2' || zone === 'T3' ? 1 : 0;
}

/** Relative %CH4, %C2H4, %C2H2 of their sum. */
export interface TrianglePercentages {
  readonly ch4: number;
  readonly c2h4: number;
  readonly c2h2: number;
}

/**
 * Zone of Duval Triangle 1 from relative percentages, rules evaluated in this order (ANALYTICS.md §1.1):
 * PD %CH4 ≥ 98; D1 %C2H2 > 13 and %C2H4 < 23; D2 (%C2H2 > 13 and 23 ≤ %C2H4 < 40) or (%C2H2 > 29 and
 * %C2H4 ≥ 40); T1 %C2H2 < 4 and %C2H4 < 20; T2 %C2H2 < 4 and 20 ≤ %C2H4 < 50; T3 %C2H2 < 15 and
 * %C2H4 ≥ 50; DT everything else. The rules leave no gaps.
 */
export function duvalTriangle1Zone(p: TrianglePercentages): DuvalTriangleZone {
  if (p.ch4 >= 98) return 'PD';
  if (p.c2h2 > 13 && p.c2h4 < 23) return 'D1';
  if ((p.c2h2 > 13 && p.c2h4 >= 23 && p.c2h4 < 40) || (p.c2h2 > 29 && p.c2h4 >= 40)) return 'D2';
  if (p.c2h2 < 4 && p.c2h4 < 20) return 'T1';
  if (p.c2h2 < 4 && p.c2h4 < 50) return 'T2';
  if (p.c2h2 < 15 && p.c2h4 >= 50) return 'T3';
  return 'DT';
}

/**
 * Zone polygons of Duval Triangle 1 for drawing, vertices as [%CH4, %C2H4, %C2H2], derived from the
 * boundaries of {@link duvalTriangle1Zone}; together they tile the triangle.
 */
export const DUVAL_TRIANGLE_1_POLYGONS: Record<
  DuvalTriangleZone,
  readonly (readonly [number, number, number])[]
> = {
  PD: [
    [98, 2, 0],
    [100, 0, 0],
    [98, 0, 2],
  ],
  T1: [
    [98, 0, 2],
    [96, 0, 4],
    [76, 20, 4],
    [80, 20, 0],
    [98, 2, 0],
  ],
  T2: [
    [80, 20, 0],
    [76, 20, 4],
    [46, 50, 4],
    [50, 50, 0],
  ],
  T3: [
    [50, 50, 0],
    [35, 50, 15],
    [0, 85, 15],
    [0, 100, 0],
  ],
  D1: [
    [87, 0, 13],
    [64, 23, 13],
    [0, 23, 77],
    [0, 0, 100],
  ],
  D2: [
    [64, 23, 13],
    [47, 40, 13],
    [31, 40, 29],
    [0, 71, 29],
    [0, 23, 77],
  ],
  DT: [
    [96, 0, 4],
    [87, 0, 13],
    [64, 23, 13],
    [47, 40, 13],
    [31, 40, 29],
    [0, 71, 29],
    [0, 85, 15],
    [35, 50, 15],
    [46, 50, 4],
    [76, 20, 4],
  ],
};

/**
 * Plot position in the equilateral triangle of side 1 (C2H2 corner (0, 0), C2H4 corner (1, 0), CH4 corner
 * (0.5, √3/2)): x = %C2H4/100 + 0.5·%CH4/100, y = (√3/2)·%CH4/100.
 */
export function duvalTrianglePoint(p: TrianglePercentages): Point {
  return { x: p.c2h4 / 100 + (0.5 * p.ch4) / 100, y: ((Math.sqrt(3) / 2) * p.ch4) / 100 };
}

/** The zone polygons of Duval Triangle 1 in plot coordinates (see {@link duvalTrianglePoint}). */
export function duvalTriangle1PlotPolygons(): Record<DuvalTriangleZone, Point[]> {
  const entries = DUVAL_TRIANGLE_1_ZONES.map(
    (zone) =>
      [
        zone,
        DUVAL_TRIANGLE_1_POLYGONS[zone].map(([ch4, c2h4, c2h2]) => duvalTrianglePoint({ ch4, c2h4, c2h2 })),
      ] as const,
  );
  return Object.fromEntries(entries) as Record<DuvalTriangleZone, Point[]>;
}

/** Result of a Duval triangle or pentagon. `zone` is null when all the gases used are zero. */
export interface DuvalResult<Zone extends string, Percentages> {
  readonly zone: Zone | null;
  readonly percentages: Percentages;
  readonly point: Point;
}

/**
 * Duval Triangle 1 from CH4, C2H4 and C2H2 in ppm: %X = 100·X/(CH4 + C2H4 + C2H2), zone and plot point.
 * All three zero gives zone null (no diagnosis) at the origin. Throws `NEGATIVE_VALUE` for a negative gas.
 */
export function duvalTriangle1(
  gases: GasConcentrations,
): DuvalResult<DuvalTriangleZone, TrianglePercentages> {
  const ch4 = gas(gases, 'ch4');
  const c2h4 = gas(gases, 'c2h4');
  const c2h2 = gas(gases, 'c2h2');
  const total = ch4 + c2h4 + c2h2;
  if (total === 0) return { zone: null, percentages: { ch4: 0, c2h4: 0, c2h2: 0 }, point: { x: 0, y: 0 } };
  const percentages = { ch4: (100 * ch4) / total, c2h4: (100 * c2h4) / total, c2h2: (100 * c2h2) / total };
  return { zone: duvalTriangle1Zone(percentages), percentages, point: duvalTrianglePoint(percentages) };
}

/** Axes of Duval Pentagon 1 in degrees (ANALYTICS.md §1.2). */
export const DUVAL_PENTAGON_AXES_DEG = { h2: 90, c2h6: 162, ch4: 234, c2h4: 306, c2h2: 18 } as const;

type PentagonGas = keyof typeof DUVAL_PENTAGON_AXES_DEG;

/** Zone polygons of Duval Pentagon 1 in plot coordinates (S is the rest of the pentagon). */
export const DUVAL_PENTAGON_1_POLYGONS: Record<Exclude<DuvalPentagonZone, 'S'>, readonly Point[]> = {
  PD: [
    { x: 0, y: 33 },
    { x: -1, y: 33 },
    { x: -1, y: 24.5 },
    { x: 0, y: 24.5 },
  ],
  D1: [
    { x: 0, y: 40 },
    { x: 38.042, y: 12.361 },
    { x: 32.061, y: -6.048 },
    { x: 4, y: 16 },
    { x: 0, y: 1.5 },
  ],
  D2: [
    { x: 4, y: 16 },
    { x: 32.061, y: -6.048 },
    { x: 24.204, y: -30.229 },
    { x: 0, y: -3 },
    { x: 0, y: 1.5 },
  ],
  T3: [
    { x: 0, y: -3 },
    { x: 24.204, y: -30.229 },
    { x: 23.511, y: -32.361 },
    { x: 1.09, y: -32.361 },
    { x: -6, y: -4 },
  ],
  T2: [
    { x: -6, y: -4 },
    { x: 1.09, y: -32.361 },
    { x: -22.713, y: -32.361 },
  ],
  T1: [
    { x: -6, y: -4 },
    { x: -22.713, y: -32.361 },
    { x: -23.511, y: -32.361 },
    { x: -35, y: 3 },
    { x: 0, y: 1.5 },
    { x: 0, y: -3 },
  ],
};

/** The outline of Duval Pentagon 1: radius 40 on each gas axis. */
export const DUVAL_PENTAGON_1_OUTLINE: readonly Point[] = (
  ['c2h2', 'h2', 'c2h6', 'ch4', 'c2h4'] as const
).map((g) => ({
  x: 40 * Math.cos((DUVAL_PENTAGON_AXES_DEG[g] * Math.PI) / 180),
  y: 40 * Math.sin((DUVAL_PENTAGON_AXES_DEG[g] * Math.PI) / 180),
}));

/**
 * Duval Pentagon 1 from H2, C2H6, CH4, C2H4 and C2H2 in ppm: each gas as % of their sum (a zero gas counts
 * as 1e-10) is a radius on its axis; the point is the centroid of that pentagon; the zone is the polygon
 * that holds it, else S. All five zero gives zone null. Throws `NEGATIVE_VALUE` for a negative gas.
 */
export function duvalPentagon1(
  gases: GasConcentrations,
): DuvalResult<DuvalPentagonZone, Record<PentagonGas, number>> {
  const order = ['c2h2', 'h2', 'c2h6', 'ch4', 'c2h4'] as const;
  const values = order.map((g) => gas(gases, g));
  const total = values.reduce((sum, v) => sum + v, 0);
  const percentages = Object.fromEntries(
    order.map((g, i) => [g, total === 0 ? 0 : (100 * values[i]!) / total]),
  ) as Record<PentagonGas, number>;
  if (total === 0) return { zone: null, percentages, point: { x: 0, y: 0 } };
  const vertices = order.map((g) => {
    const radius = Math.max(percentages[g], 1e-10);
    const angle = (DUVAL_PENTAGON_AXES_DEG[g] * Math.PI) / 180;
    return { x: radius * Math.cos(angle), y: radius * Math.sin(angle) };
  });
  const point = polygonCentroid(vertices);
  const zones = Object.keys(DUVAL_PENTAGON_1_POLYGONS) as Exclude<DuvalPentagonZone, 'S'>[];
  const zone = zones.find((z) => pointInPolygon(point.x, point.y, DUVAL_PENTAGON_1_POLYGONS[z])) ?? 'S';
  return { zone, percentages, point };
}

/** Gas ratios R1 = CH4/H2, R2 = C2H2/C2H4, R5 = C2H4/C2H6 (x/0 = Infinity for x > 0, 0/0 = NaN). */
export interface GasRatios {
  readonly r1: number;
  readonly r2: number;
  readonly r5: number;
}

/** R1, R2 and R5 from the gases (needs H2, CH4, C2H6, C2H4, C2H2). */
export function gasRatios(gases: GasConcentrations): GasRatios {
  return {
    r1: gas(gases, 'ch4') / gas(gases, 'h2'),
    r2: gas(gases, 'c2h2') / gas(gases, 'c2h4'),
    r5: gas(gases, 'c2h4') / gas(gases, 'c2h6'),
  };
}

/** Diagnoses of the ratio methods; 'ND' = not determined (no row of the table applies). */
export type RatioDiagnosis = 'Normal' | 'PD' | 'D1' | 'D2' | 'T1' | 'T2' | 'T3' | 'ND';

const within = (value: number, low: number, high: number) => value >= low && value <= high;

/**
 * Rogers ratio method (ANALYTICS.md §1.3; columns R2, R1, R5): Normal <0.1, 0.1–1, <1; PD <0.1, <0.1, <1;
 * D2 0.1–3, 0.1–1, >3; T1 <0.1, 0.1–1, 1–3; T2 <0.1, >1, 1–3; T3 <0.1, >1, >3; ranges inclusive.
 */
export function rogersRatios(gases: GasConcentrations): GasRatios & { readonly diagnosis: RatioDiagnosis } {
  const ratios = gasRatios(gases);
  const { r1, r2, r5 } = ratios;
  const rows: [RatioDiagnosis, boolean][] = [
    ['Normal', r2 < 0.1 && within(r1, 0.1, 1) && r5 < 1],
    ['PD', r2 < 0.1 && r1 < 0.1 && r5 < 1],
    ['D2', within(r2, 0.1, 3) && within(r1, 0.1, 1) && r5 > 3],
    ['T1', r2 < 0.1 && within(r1, 0.1, 1) && within(r5, 1, 3)],
    ['T2', r2 < 0.1 && r1 > 1 && within(r5, 1, 3)],
    ['T3', r2 < 0.1 && r1 > 1 && r5 > 3],
  ];
  return { ...ratios, diagnosis: rows.find(([, match]) => match)?.[0] ?? 'ND' };
}

/**
 * IEC 60599 ratio method (ANALYTICS.md §1.3; columns R2, R1, R5; NS = not significant): PD NS, <0.1, <0.2;
 * D1 >1, 0.1–0.5, >1; D2 0.6–2.5, 0.1–1, >2; T1 NS, >1, <1; T2 <0.1, >1, 1–4; T3 <0.2, >1, >4; ranges
 * inclusive, rows tried in this order (D1 before D2 where they overlap); else 'ND'.
 */
export function iec60599Ratios(gases: GasConcentrations): GasRatios & { readonly diagnosis: RatioDiagnosis } {
  const ratios = gasRatios(gases);
  const { r1, r2, r5 } = ratios;
  const rows: [RatioDiagnosis, boolean][] = [
    ['PD', r1 < 0.1 && r5 < 0.2],
    ['D1', r2 > 1 && within(r1, 0.1, 0.5) && r5 > 1],
    ['D2', within(r2, 0.6, 2.5) && within(r1, 0.1, 1) && r5 > 2],
    ['T1', r1 > 1 && r5 < 1],
    ['T2', r2 < 0.1 && r1 > 1 && within(r5, 1, 4)],
    ['T3', r2 < 0.2 && r1 > 1 && r5 > 4],
  ];
  return { ...ratios, diagnosis: rows.find(([, match]) => match)?.[0] ?? 'ND' };
}

/** IEEE C57.104 condition 1 (normal) to 4 (excessive decomposition). */
export type IeeeCondition = 1 | 2 | 3 | 4;

/**
 * IEEE C57.104-2008 Table 1 upper limits of conditions 1, 2 and 3 in ppm (above the third: condition 4).
 * TDCG = H2 + CH4 + C2H6 + C2H4 + C2H2 + CO.
 */
export const IEEE_C57_104_LIMITS = {
  h2: [100, 700, 1800],
  ch4: [120, 400, 1000],
  c2h2: [1, 9, 35],
  c2h4: [50, 100, 200],
  c2h6: [65, 100, 150],
  co: [350, 570, 1400],
  co2: [2500, 4000, 10000],
  tdcg: [720, 1920, 4630],
} as const;

const conditionOf = (value: number, limits: readonly [number, number, number]): IeeeCondition =>
  value <= limits[0] ? 1 : value <= limits[1] ? 2 : value <= limits[2] ? 3 : 4;

/** Result of {@link ieeeC57104Conditions}. */
export interface IeeeConditionResult {
  /** Condition per gas given (CO2 only when given). */
  readonly gases: Partial<Record<Gas, IeeeCondition>>;
  readonly tdcg: number;
  readonly tdcgCondition: IeeeCondition;
  /** The highest of all conditions. */
  readonly condition: IeeeCondition;
  /** Condition 1 → 0, 2 → 1, 3 and 4 → 2. */
  readonly status: LimitStatus;
}

/**
 * IEEE C57.104-2008 condition of each gas and of TDCG (a value equal to a limit stays in the lower
 * condition). Needs H2, CH4, C2H6, C2H4, C2H2 and CO; CO2 is optional.
 */
export function ieeeC57104Conditions(gases: GasConcentrations): IeeeConditionResult {
  const combustible = ['h2', 'ch4', 'c2h6', 'c2h4', 'c2h2', 'co'] as const;
  const names: Gas[] = gases.co2 === undefined ? [...combustible] : [...combustible, 'co2'];
  const conditions = Object.fromEntries(
    names.map((g) => [g, conditionOf(gas(gases, g), IEEE_C57_104_LIMITS[g])]),
  );
  const tdcg = combustible.reduce((sum, g) => sum + gas(gases, g), 0);
  const tdcgCondition = conditionOf(tdcg, IEEE_C57_104_LIMITS.tdcg);
  const condition = Math.max(tdcgCondition, ...Object.values(conditions)) as IeeeCondition;
  return {
    gases: conditions,
    tdcg,
    tdcgCondition,
    condition,
    status: condition === 1 ? 0 : condition === 2 ? 1 : 2,
  };
}
