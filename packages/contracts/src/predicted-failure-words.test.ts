import { describe, expect, it } from 'vitest';
import { predictedFailureWords } from './predicted-failure-words.ts';

describe('Predicted Failures descriptions in the reader language', () => {
  it('says each failure mode the vibration engine scores in English as the engine does, and in Thai', () => {
    const said = (facts: Parameters<typeof predictedFailureWords>[0]) => [
      predictedFailureWords(facts, 'en'),
      predictedFailureWords(facts, 'th'),
    ];
    expect(
      said({ kind: 'unbalance', shaftHz: 24.75, amplitude: 5.123, unit: 'mm/s', dominant: true }),
    ).toEqual([
      'Unbalance: 1× (24.75 Hz) at 5.12 mm/s, dominant',
      'ความไม่สมดุล: 1× (24.75 Hz) 5.12 mm/s, เด่นกว่า 2× และ 3×',
    ]);
    expect(said({ kind: 'misalignment', amplitude: 1.5, unit: 'mm/s', percentOf1x: 30 })).toEqual([
      'Misalignment: 2× at 1.50 mm/s, 30% of 1×',
      'การเยื้องศูนย์: 2× 1.50 mm/s หรือ 30% ของ 1×',
    ]);
    expect(
      said({ kind: 'looseness', orders: [1.5, 2.5], bearingLines: [{ order: 3, line: 'BPFO' }] }),
    ).toEqual([
      'Looseness: 2 significant harmonics or half-orders (1.5×, 2.5×); 3× is the BPFO line, not looseness',
      'ความหลวมทางกล: ฮาร์มอนิกและครึ่งลำดับที่มีนัยสำคัญ 2 เส้น (1.5×, 2.5×); 3× เป็นเส้นของ BPFO ไม่ใช่ความหลวม',
    ]);
    expect(
      said({
        kind: 'bearing',
        defect: 'bpfo',
        frequencyHz: 107.44,
        db: 21.37,
        fundamental: true,
        harmonics: 2,
        certainty: 'likely',
        explainedBy: null,
      }),
    ).toEqual([
      'Bearing outer race defect (BPFO 107.4 Hz): 21.4 dB above background, 2 harmonic(s) (likely)',
      'รางนอกของตลับลูกปืนเสียหาย (BPFO 107.4 Hz): สูงกว่าพื้นหลัง 21.4 dB, ฮาร์มอนิก 2 เส้น (น่าจะเป็น)',
    ]);
    expect(
      said({
        kind: 'bearing',
        defect: 'bsf',
        frequencyHz: 50,
        db: 8,
        fundamental: false,
        harmonics: 1,
        certainty: 'unlikely',
        explainedBy: { runningSpeedOrder: 3 },
      }),
    ).toEqual([
      'Bearing rolling element defect (BSF 50.0 Hz, 2×BSF 100.0 Hz): 8.0 dB above background, no fundamental, 1 harmonic(s) (unlikely); the BSF line is 3× running speed',
      'ลูกกลิ้งของตลับลูกปืนเสียหาย (BSF 50.0 Hz, 2×BSF 100.0 Hz): สูงกว่าพื้นหลัง 8.0 dB, ไม่พบความถี่หลัก, ฮาร์มอนิก 1 เส้น (ไม่น่าจะเป็น); เส้น BSF คือ 3× ของความเร็วรอบ',
    ]);
    expect(said({ kind: 'cage', frequencyHz: 9.8, db: 3, sidebands: 0 })).toEqual([
      'Bearing cage defect (FTF 9.8 Hz): 3.0 dB above background, no sidebands ±FTF around BSF, BPFO or BPFI: not separated from shaft-rate modulation, normal',
      'รังของตลับลูกปืนเสียหาย (FTF 9.8 Hz): สูงกว่าพื้นหลัง 3.0 dB, ไม่พบแถบข้าง ±FTF รอบ BSF, BPFO หรือ BPFI: แยกไม่ออกจากการมอดูเลตตามรอบเพลา ถือว่าปกติ',
    ]);
    expect(said({ kind: 'gear', gmfHz: 594, amplitude: 2.2, unit: 'mm/s', sidebands: 3 })).toEqual([
      'Gear: GMF 594.0 Hz at 2.20 mm/s with 3 significant sideband(s)',
      'เฟือง: GMF 594.0 Hz 2.20 mm/s มีแถบข้างที่มีนัยสำคัญ 3 เส้น',
    ]);
  });
});
