import type { EventDiagnosis } from '@sdp/contracts';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n.ts';
import { eventValueText } from './event-words.ts';

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  setLanguage('en');
});

const duval: EventDiagnosis = {
  mode: 'high_energy_discharge',
  part: 'oltc',
  location: '',
  quantity: 'OLTC Duval zone D2',
  value: 44.88,
  limit: null,
  unit: '%',
  level: 1,
  direction: 'high',
  engine: null,
  workbookRecommendation: null,
  duval: {
    zone: 'D2',
    gases: { ch4: 10, c2h4: 20, c2h2: 30 },
    shares: { ch4: 16.67, c2h4: 33.33, c2h2: 50 },
    gasesWithinLimits: true,
  },
};

describe("an event's value in its details", () => {
  it('is the value with its unit, and the limits when the event has any, whatever tripped it', () => {
    const t = i18next.t;
    // A Duval zone event crosses no limit: its value is the gas share in percent.
    expect(
      eventValueText(
        { alarmValue: 44.8812, warningLimit: null, alarmLimit: null, diagnosis: duval },
        null,
        t,
      ),
    ).toBe('44.88 %');
    // A limit event stored before diagnoses and evidence: no unit known, the limits as before.
    expect(
      eventValueText({ alarmValue: 4.639, warningLimit: 4.5, alarmLimit: 7.1, diagnosis: null }, null, t),
    ).toBe('4.64 (Warning limit: 4.50 · Alarm limit: 7.10)');
    // The unit of the evidence when the event has no diagnosis; a missing limit as '-'.
    expect(
      eventValueText(
        { alarmValue: 4.639, warningLimit: 4.5, alarmLimit: null, diagnosis: null },
        { unit: 'mm/s' } as Parameters<typeof eventValueText>[1],
        t,
      ),
    ).toBe('4.64 mm/s (Warning limit: 4.50 · Alarm limit: -)');
    setLanguage('th');
    expect(
      eventValueText(
        { alarmValue: 4.639, warningLimit: 4.5, alarmLimit: 7.1, diagnosis: null },
        null,
        i18next.t,
      ),
    ).toBe('4.64 (ขีดจำกัดเตือน: 4.50 · ขีดจำกัดแจ้งเตือน: 7.10)');
  });
});
