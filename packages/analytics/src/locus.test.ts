import { describe, expect, it } from 'vitest';
import { compareLocus, fitEllipse, type LocusParameters, locusChange, viLocus } from './locus.ts';
import { gaussianNoise } from './test-helpers.ts';

function ellipse(a: number, b: number, angleDeg: number, cx: number, cy: number, count = 200) {
  const t = (angleDeg * Math.PI) / 180;
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < count; i++) {
    const s = (2 * Math.PI * i) / count;
    x.push(cx + a * Math.cos(s) * Math.cos(t) - b * Math.sin(s) * Math.sin(t));
    y.push(cy + a * Math.cos(s) * Math.sin(t) + b * Math.sin(s) * Math.cos(t));
  }
  return { x, y };
}

describe('fitEllipse', () => {
  it('recovers an exact ellipse: axes, tilt, eccentricity, area and centre (1e-8)', () => {
    const { x, y } = ellipse(5, 2, 30, 1, -2);
    const fit = fitEllipse(x, y);
    expect(fit.a).toBeCloseTo(5, 8);
    expect(fit.b).toBeCloseTo(2, 8);
    expect(fit.angle).toBeCloseTo(30, 6);
    expect(fit.e).toBeCloseTo(Math.sqrt(1 - 4 / 25), 8);
    expect(fit.area).toBeCloseTo(Math.PI * 10, 6);
    expect(fit.centreX).toBeCloseTo(1, 8);
    expect(fit.centreY).toBeCloseTo(-2, 8);
  });

  it('reports tilts on both sides of the axis and of very different scales', () => {
    expect(
      fitEllipse(...(Object.values(ellipse(3, 1, -60, 0, 0)) as [number[], number[]])).angle,
    ).toBeCloseTo(-60, 6);
    const wide = ellipse(400, 0.5, 0.05, 100, 0);
    expect(fitEllipse(wide.x, wide.y).b).toBeCloseTo(0.5, 6);
  });

  it('stays within 1 % on noisy points', () => {
    const { x, y } = ellipse(5, 2, 30, 0, 0, 400);
    const noise = gaussianNoise(800, 3, 0.02);
    const fit = fitEllipse(
      x.map((v, i) => v + noise[i]!),
      y.map((v, i) => v + noise[400 + i]!),
    );
    expect(Math.abs(fit.a / 5 - 1)).toBeLessThan(0.01);
    expect(Math.abs(fit.b / 2 - 1)).toBeLessThan(0.01);
    expect(Math.abs(fit.angle - 30)).toBeLessThan(0.5);
  });

  it('rejects too few points, collinear points and NaN', () => {
    expect(() => fitEllipse([1, 2, 3], [1, 2, 3])).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    const line = Array.from({ length: 20 }, (_, i) => i);
    expect(() =>
      fitEllipse(
        line,
        line.map((v) => 2 * v + 1),
      ),
    ).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => fitEllipse([1, 2, 3, 4, Number.NaN], [1, 2, 3, 4, 5])).toThrow(
      expect.objectContaining({ code: 'NON_FINITE' }),
    );
  });
});

describe('viLocus', () => {
  it('gives area π·Im²·Xk and recovers the leakage reactance of Δu = R·i + L·di/dt', () => {
    const im = 100;
    const r = 0.02;
    const x = 0.5;
    const n = 400;
    const current = Array.from({ length: n }, (_, k) => im * Math.sin((2 * Math.PI * k) / n));
    const drop = Array.from(
      { length: n },
      (_, k) => r * current[k]! + x * im * Math.cos((2 * Math.PI * k) / n),
    );
    const locus = viLocus(current, drop);
    expect(locus.area).toBeCloseTo(Math.PI * im * im * x, 4);
    expect(locus.reactanceOhm).toBeCloseTo(x, 8);
  });
});

describe('compareLocus', () => {
  const reference: LocusParameters = { a: 100, b: 20, angle: 10, e: 0.9798, area: Math.PI * 2000 };
  const scaled = (areaFactor: number, angle = 10): LocusParameters => ({
    ...reference,
    b: reference.b * areaFactor,
    area: reference.area * areaFactor,
    angle,
  });

  it('expresses changes in % (a, b, area), degrees (angle) and percentage points (e)', () => {
    const change = locusChange({ ...scaled(1.06, 12), e: 0.97 }, reference);
    expect(change.area).toBeCloseTo(6, 10);
    expect(change.b).toBeCloseTo(6, 10);
    expect(change.angle).toBeCloseTo(2, 10);
    expect(change.e).toBeCloseTo(-0.98, 10);
  });

  it('names faults with the default rules and grades them', () => {
    expect(compareLocus(scaled(1.01), reference, reference)).toMatchObject({
      status: 0,
      faultDiagnosis: 'Normal',
    });
    expect(compareLocus(scaled(1.06), reference, null)).toMatchObject({
      status: 2,
      faultDiagnosis: 'Radial Displacement',
    });
    expect(compareLocus(scaled(0.93), reference, null)).toMatchObject({
      status: 2,
      faultDiagnosis: 'Winding Short Circuit',
    });
    expect(compareLocus(scaled(1.03), reference, null)).toMatchObject({
      status: 1,
      faultDiagnosis: 'Axial Displacement',
    });
    expect(compareLocus(scaled(0.97), reference, null)).toMatchObject({
      status: 1,
      faultDiagnosis: 'Disk Space Variation',
    });
    expect(compareLocus(scaled(1, 13), reference, null)).toMatchObject({
      status: 1,
      faultDiagnosis: 'Leakage fault',
    });
  });

  it("reports 'N/A' without reference or last file, and compares with the last file when there is no reference", () => {
    expect(compareLocus(reference, null, null)).toMatchObject({ status: 0, faultDiagnosis: 'N/A' });
    const result = compareLocus(scaled(1.06), null, reference);
    expect(result.rocPresentReference).toBeNull();
    expect(result.rocPresentLast!.area).toBeCloseTo(6, 10);
    expect(result.status).toBe(2);
  });
});
