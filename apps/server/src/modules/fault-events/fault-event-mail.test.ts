import type { EventDiagnosis } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import { digestMail } from '../email-schedules/digest-mail.ts';
import { faultEventMail } from './fault-event-mail.ts';
import type { FaultEventRow } from './fault-events.repository.ts';

// A Duval zone event as the analysis stores it: its message written from its diagnosis (analysis.service.ts).
const diagnosis: EventDiagnosis = {
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
const at = new Date('2026-11-27T03:00:00Z');
const event = {
  id: 7,
  tag: 'OLTC_DUVAL',
  sensor_id: 'OLTC_DUVAL',
  event_date: at,
  alarm_type: 1,
  alarm_message: 'Warning: OLTC Duval zone D2 (High-energy discharge (arcing))',
  alarm_value: 44.88,
  warning_limit: null,
  alarm_limit: null,
  tripped_by: 'duval_zone',
  cause: '',
  recommendation: '',
  diagnosis,
} as FaultEventRow;

const mail = (language: 'en' | 'th', row: FaultEventRow = event) =>
  faultEventMail({
    kind: 'new',
    language,
    event: row,
    modelName: 'TR-01',
    timeZone: 'Asia/Bangkok',
    actor: '',
    comment: '',
    evidence: null,
    link: 'https://sdp.example/model/m1',
  });

describe("a Duval zone event's message in mails", () => {
  it('is said from the stored diagnosis in the reader language, in the event mail and the digest', () => {
    expect(mail('en').text).toContain(
      'Alarm message: Warning: OLTC Duval zone D2 (High-energy discharge (arcing))',
    );
    expect(mail('th').text).toContain('ข้อความแจ้งเตือน: เตือน: โซนดูวาล D2 ของ OLTC (ดิสชาร์จพลังงานสูง (อาร์ก))');
    const digest = (language: 'en' | 'th') =>
      digestMail({
        period: 'daily',
        tagTitle: 'Substation 1',
        tagAlias: '',
        from: new Date('2026-11-26T17:00:00Z'),
        to: new Date('2026-11-27T17:00:00Z'),
        timeZone: 'Asia/Bangkok',
        events: [
          {
            model_id: 'm1',
            model_title: 'TR-01',
            model_code: 'TR-01',
            tag: event.tag,
            event_date: at,
            alarm_type: 1,
            alarm_message: event.alarm_message,
            alarm_value: 44.88,
            diagnosis,
          },
        ],
        publicUrl: 'https://sdp.example',
        language,
      }).text;
    expect(digest('en')).toContain('Warning: OLTC Duval zone D2 (High-energy discharge (arcing))');
    expect(digest('th')).toContain('เตือน: โซนดูวาล D2 ของ OLTC (ดิสชาร์จพลังงานสูง (อาร์ก))');
  });

  it("keeps a recommendation workbook's message for the zone as the workbook wrote it", () => {
    expect(mail('th', { ...event, alarm_message: 'Check the OLTC now' }).text).toContain(
      'ข้อความแจ้งเตือน: Check the OLTC now',
    );
  });
});
