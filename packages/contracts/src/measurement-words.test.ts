import { describe, expect, it } from 'vitest';
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
    // A Duval zone event's message: the zone's name and its failure mode in Thai (it was left in English).
    expect(alarmMessageWords('Warning: OLTC Duval zone D2 (High-energy discharge (arcing))', 'th')).toBe(
      'เตือน: โซนดูวาล D2 ของ OLTC (ดิสชาร์จพลังงานสูง (อาร์ก))',
    );
    expect(alarmMessageWords('Warning: Main tank Duval zone T3 (Thermal fault above 700 °C)', 'th')).toBe(
      'เตือน: โซนดูวาล T3 ของถังหลัก (ความผิดปกติทางความร้อนสูงกว่า 700 °C)',
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
});
