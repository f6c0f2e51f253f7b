import { type EventFailureMode, FAILURE_MODE_WORDS } from './event-diagnosis.ts';
import type { FailureModeFacts } from './rvs.ts';

type Language = 'en' | 'th';

const BEARING = {
  bpfo: { label: 'BPFO', part: 'outer race', mode: 'bearing_outer_race' },
  bpfi: { label: 'BPFI', part: 'inner race', mode: 'bearing_inner_race' },
  bsf: { label: 'BSF', part: 'rolling element', mode: 'bearing_rolling_element' },
} as const;

/** How sure a verdict is, in the words of a fault event's evidence (event-diagnosis.ts). */
const CERTAINTY_TH = { likely: 'น่าจะเป็น', possible: 'เป็นไปได้', unlikely: 'ไม่น่าจะเป็น' } as const;

const orders = (list: readonly number[]) => list.map((n) => `${n}×`).join(', ');

/**
 * A Predicted Failures description in a language, from the facts the vibration engine scored (packages/analytics
 * faults.ts): in English exactly the engine's own description, in Thai the same facts and numbers, the failure mode
 * by its key in the words of a fault event's diagnosis ('รางนอกของตลับลูกปืนเสียหาย').
 */
export function predictedFailureWords(facts: FailureModeFacts, language: Language): string {
  const th = language === 'th';
  const name = (mode: keyof (typeof FAILURE_MODE_WORDS)['th']) => FAILURE_MODE_WORDS.th[mode].name;
  switch (facts.kind) {
    case 'unbalance': {
      const at = `${facts.amplitude.toFixed(2)} ${facts.unit}`;
      return th
        ? `${name('unbalance')}: 1× (${facts.shaftHz.toFixed(2)} Hz) ${at}, ${facts.dominant ? 'เด่นกว่า 2× และ 3×' : 'ไม่เด่นกว่า 2× และ 3×'}`
        : `Unbalance: 1× (${facts.shaftHz.toFixed(2)} Hz) at ${at}, ${facts.dominant ? 'dominant' : 'not dominant'}`;
    }
    case 'misalignment': {
      const at = `${facts.amplitude.toFixed(2)} ${facts.unit}`;
      return th
        ? `${name('misalignment')}: 2× ${at} หรือ ${facts.percentOf1x}% ของ 1×`
        : `Misalignment: 2× at ${at}, ${facts.percentOf1x}% of 1×`;
    }
    case 'looseness': {
      const listed = facts.orders.length > 0 ? ` (${orders(facts.orders)})` : '';
      const explained = facts.bearingLines.map((line) => line.order);
      const lines = [...new Set(facts.bearingLines.map((line) => line.line))];
      if (th)
        return `${name('looseness')}: ฮาร์มอนิกและครึ่งลำดับที่มีนัยสำคัญ ${facts.orders.length} เส้น${listed}${
          explained.length ? `; ${orders(explained)} เป็นเส้นของ ${lines.join(' และ ')} ไม่ใช่ความหลวม` : ''
        }`;
      const one = explained.length === 1;
      return `Looseness: ${facts.orders.length} significant harmonics or half-orders${listed}${
        explained.length
          ? `; ${orders(explained)} ${one ? 'is' : 'are'} the ${lines.join(' and ')} line${one ? '' : 's'}, not looseness`
          : ''
      }`;
    }
    case 'bearing': {
      const defect = BEARING[facts.defect];
      const f = facts.frequencyHz;
      const named =
        facts.defect === 'bsf'
          ? `BSF ${f.toFixed(1)} Hz, 2×BSF ${(2 * f).toFixed(1)} Hz`
          : `${defect.label} ${f.toFixed(1)} Hz`;
      const db = facts.db.toFixed(1);
      const by = facts.explainedBy;
      if (th) {
        const why = by === null ? '' : 'line' in by ? by.line : `${by.runningSpeedOrder}× ของความเร็วรอบ`;
        return `${name(defect.mode)} (${named}): สูงกว่าพื้นหลัง ${db} dB, ${facts.fundamental ? '' : 'ไม่พบความถี่หลัก, '}ฮาร์มอนิก ${facts.harmonics} เส้น (${CERTAINTY_TH[facts.certainty]})${why ? `; เส้น ${defect.label} คือ ${why}` : ''}`;
      }
      const why = by === null ? '' : 'line' in by ? by.line : `${by.runningSpeedOrder}× running speed`;
      return `Bearing ${defect.part} defect (${named}): ${db} dB above background, ${facts.fundamental ? '' : 'no fundamental, '}${facts.harmonics} harmonic(s) (${facts.certainty})${why ? `; the ${defect.label} line is ${why}` : ''}`;
    }
    case 'cage': {
      const head = `(FTF ${facts.frequencyHz.toFixed(1)} Hz)`;
      const db = facts.db.toFixed(1);
      if (th)
        return `${name('bearing_cage')} ${head}: สูงกว่าพื้นหลัง ${db} dB, ${
          facts.sidebands === 0
            ? 'ไม่พบแถบข้าง ±FTF รอบ BSF, BPFO หรือ BPFI: แยกไม่ออกจากการมอดูเลตตามรอบเพลา ถือว่าปกติ'
            : `แถบข้าง ±FTF ${facts.sidebands} เส้นรอบเส้นของลูกกลิ้งหรือราง`
        }`;
      return `Bearing cage defect ${head}: ${db} dB above background, ${
        facts.sidebands === 0
          ? 'no sidebands ±FTF around BSF, BPFO or BPFI: not separated from shaft-rate modulation, normal'
          : `${facts.sidebands} sideband(s) ±FTF around the rolling-element or race lines`
      }`;
    }
    case 'gear': {
      const at = `${facts.amplitude.toFixed(2)} ${facts.unit}`;
      return th
        ? `เฟือง: GMF ${facts.gmfHz.toFixed(1)} Hz ${at} มีแถบข้างที่มีนัยสำคัญ ${facts.sidebands} เส้น`
        : `Gear: GMF ${facts.gmfHz.toFixed(1)} Hz at ${at} with ${facts.sidebands} significant sideband(s)`;
    }
  }
}

/** The failure mode a description's facts are about, by the key a fault event's diagnosis names it with. */
function modeOf(facts: FailureModeFacts): EventFailureMode {
  switch (facts.kind) {
    case 'bearing':
      return BEARING[facts.defect].mode;
    case 'cage':
      return 'bearing_cage';
    default:
      return facts.kind;
  }
}

/**
 * The engine's default recommendation for the failure mode a description is about, in a language (by the mode's
 * key: the same words as a fault event's diagnosis; in English the engine's own text). A model's recommendation
 * workbook's text is the workbook's and is not said here.
 */
export function predictedFailureRecommendation(facts: FailureModeFacts, language: Language): string {
  return FAILURE_MODE_WORDS[language][modeOf(facts)].recommendation;
}
