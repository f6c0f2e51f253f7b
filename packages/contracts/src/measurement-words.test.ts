import { describe, expect, it } from 'vitest';
import { type EventDiagnosis, eventAlarmMessage } from './event-diagnosis.ts';
import { alarmMessageWords, measurementName } from './measurement-words.ts';

describe('measurement words in the reader language (issue 27 item 5)', () => {
  it('names the platform sensor types and the quantity of a configured sensor in Thai, the typed name kept', () => {
    expect(measurementName('Top-oil temperature', 'th')).toBe('อุณหภูมิน้ำมันส่วนบน');
    expect(measurementName('Motor DE velocity', 'th')).toBe('ความเร็ว Motor DE');
    expect(measurementName('Pump DE acceleration H', 'th')).toBe('ความเร่ง Pump DE H');
    expect(measurementName('My own tag', 'th')).toBe('My own tag');
    expect(measurementName('Motor DE velocity', 'en')).toBe('Motor DE velocity');
  });

  it('says an alarm message the analysis wrote again in Thai and leaves a workbook message alone', () => {
    expect(alarmMessageWords('Alarm: Motor DE velocity 4.639 (limit 4.5)', 'th')).toBe(
      'แจ้งเตือนอันตราย: ความเร็ว Motor DE 4.639 (ขีดจำกัด 4.5)',
    );
    expect(alarmMessageWords('Warning: Methane CH4 153.3 (limit 120)', 'th')).toBe(
      'เตือน: มีเทน CH4 153.3 (ขีดจำกัด 120)',
    );
    expect(alarmMessageWords('Warning: Pump DE envelope V 2.560 (learned baseline 1.200)', 'th')).toBe(
      'เตือน: เอนเวโลป Pump DE V 2.560 (ค่าฐานที่เรียนรู้ 1.200)',
    );
    expect(alarmMessageWords('Alarm: Hydrogen H2', 'th')).toBe('แจ้งเตือนอันตราย: ไฮโดรเจน H2');
    expect(alarmMessageWords('Check the bearing grease now', 'th')).toBe('Check the bearing grease now');
    expect(alarmMessageWords('Alarm: Motor DE velocity 4.639 (limit 4.5)', 'en')).toBe(
      'Alarm: Motor DE velocity 4.639 (limit 4.5)',
    );
  });

  // A Duval zone event's message as the analysis writes it, with the diagnosis it stores (analysis.service.ts).
  const zone = (quantity: string, zoneCode: 'D2' | 'T3'): EventDiagnosis => ({
    mode: zoneCode === 'D2' ? 'high_energy_discharge' : 'thermal_fault_t3',
    part: 'oltc',
    location: '',
    quantity,
    value: 44.88,
    limit: null,
    unit: '%',
    level: 1,
    direction: 'high',
    engine: null,
    workbookRecommendation: null,
    duval: {
      zone: zoneCode,
      gases: { ch4: 10, c2h4: 20, c2h2: 30 },
      shares: { ch4: 16.67, c2h4: 33.33, c2h2: 50 },
      gasesWithinLimits: true,
    },
  });

  it("says a Duval zone event's message from its stored diagnosis: the zone and its failure mode in Thai", () => {
    const d2 = zone('OLTC Duval zone D2', 'D2');
    const t3 = zone('Main tank Duval zone T3', 'T3');
    const d2Message = 'Warning: OLTC Duval zone D2 (High-energy discharge (arcing))';
    const t3Message = 'Warning: Main tank Duval zone T3 (Thermal fault above 700 °C)';
    expect(eventAlarmMessage(d2Message, d2, 'th')).toBe('เตือน: โซนดูวาล D2 ของ OLTC (ดิสชาร์จพลังงานสูง (อาร์ก))');
    expect(eventAlarmMessage(t3Message, t3, 'th')).toBe(
      'เตือน: โซนดูวาล T3 ของถังหลัก (ความผิดปกติทางความร้อนสูงกว่า 700 °C)',
    );
    expect(eventAlarmMessage(d2Message, d2, 'en')).toBe(d2Message);
    // A recommendation workbook's message for the zone's tag is the workbook's, in every language.
    expect(eventAlarmMessage('Check the OLTC now', d2, 'th')).toBe('Check the OLTC now');
    // Any other event's message is said as alarmMessageWords says it, with or without its diagnosis.
    expect(eventAlarmMessage('Warning: Methane CH4 153.3 (limit 120)', null, 'th')).toBe(
      'เตือน: มีเทน CH4 153.3 (ขีดจำกัด 120)',
    );
  });
});
