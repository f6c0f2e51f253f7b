import { describe, expect, it } from 'vitest';
import { type MarkContext, SPEC_GRAVITY_DIVISOR } from '../analysis/capture-diagnosis.ts';
import { faultMarks, peaksToWidth } from './rvs-analysis.ts';

/** ANALYTICS.md §2.1 test vector [D]: 6205, n = 9, d = 7.94 mm, D = 39.04 mm, 1797 rpm. Tolerance 0.01 Hz. */
const bearing6205 = { rollingElements: 9, ballDiameter: 7.94, pitchDiameter: 39.04, contactAngleDeg: 0 };
const context: MarkContext = {
  shaftHz: 1797 / 60,
  bearing: bearing6205,
  gearTeeth: { input: 8, output: 42 },
  vanes: 6,
};
const first = (mark: Parameters<typeof faultMarks>[0], ctx = context) =>
  faultMarks(mark, ctx).marks[0]?.frequencyHz;

describe('RVS fault marks', () => {
  it('puts the BPFO, BPFI, BSF and FTF marks of a 6205 at 1797 rpm on the ANALYTICS.md vector', () => {
    expect(first('mark_bpfo')).toBeCloseTo(107.36, 2);
    expect(first('mark_bpfi')).toBeCloseTo(162.19, 2);
    expect(first('mark_bsf')).toBeCloseTo(70.58, 2);
    expect(first('mark_ftf')).toBeCloseTo(11.93, 2);
    expect(faultMarks('mark_bpfo', context).marks.map((m) => m.label)).toEqual([
      'BPFO',
      '2×BPFO',
      '3×BPFO',
      '4×BPFO',
      '5×BPFO',
    ]);
  });

  it('puts GMF and its sidebands on the ANALYTICS.md §2.2 gear vector (Zin 8, Zout 42, input 20 Hz)', () => {
    const gear = { ...context, shaftHz: 20 };
    expect(first('mark_gmf', gear)).toBeCloseTo(160, 9);
    const output = faultMarks('mark_sbout', gear).marks.map((m) => m.frequencyHz);
    expect(output[4]! - output[3]!).toBeCloseTo(20 * (8 / 42), 4);
    expect(faultMarks('mark_sbin', gear).marks.map((m) => m.frequencyHz)).toEqual([
      100, 120, 140, 160, 180, 200, 220,
    ]);
  });

  it('draws running-speed harmonics and BPF from the vanes, and says why a mark cannot be drawn', () => {
    expect(
      faultMarks('mark_machine_speed', context)
        .marks.slice(0, 2)
        .map((m) => m.label),
    ).toEqual(['1X', '2X']);
    expect(first('mark_bpf')).toBeCloseTo(6 * 29.95, 9);
    expect(faultMarks('mark_bpfo', { ...context, bearing: null }).note).toMatch(/No bearing/);
    expect(faultMarks('mark_gmf', { ...context, gearTeeth: null }).note).toMatch(/gear teeth/);
    expect(faultMarks(undefined, context)).toEqual({ marks: [], note: null });
  });

  it('divides by the spec constant 9.81 for g', () => {
    expect(SPEC_GRAVITY_DIVISOR).toBe(9.81);
  });

  it('keeps the highest point of each column when reducing a line to the chart width', () => {
    const points = Array.from({ length: 8192 }, (_, k): [number, number] => [k * 0.5, k === 4001 ? 9 : 0.1]);
    const reduced = peaksToWidth(points, 400);
    expect(reduced).toHaveLength(400);
    expect(reduced.filter(([, y]) => y === 9)).toEqual([[2000.5, 9]]);
  });
});
