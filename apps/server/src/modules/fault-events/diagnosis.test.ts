import { bearingDefectFrequencies } from '@sdp/analytics';
import { diagnosisWords, FAILURE_MODE_WORDS, type FaultEventEvidence } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import type { MonitoredLimit } from '../analysis/limits.ts';
import type { MasterData } from '../models/master.repository.ts';
import { readSettings } from '../models/settings.ts';
import { engineVerdict, eventDiagnosisOf } from './diagnosis.ts';
import { faultEventMail } from './fault-event-mail.ts';
import type { FaultEventRow } from './fault-events.repository.ts';

const BEARING_6205 = {
  id: 1,
  designation: '6205',
  rolling_elements: 9,
  ball_diameter_mm: 7.94,
  pitch_diameter_mm: 39.04,
  contact_angle_deg: 0,
} as MasterData['bearings'][number];

const tdcgLimit: Pick<MonitoredLimit, 'name' | 'direction'> = {
  name: 'Total dissolved combustible gas',
  direction: 'high',
};

const tdcgEvent = {
  tag: 'tdcg',
  alarm_type: 2 as const,
  alarm_value: 2004.6,
  warning_limit: 720,
  alarm_limit: 1920,
};

/** An RVS motor DE sensor with a 6205 bearing at 1,797 rpm. */
const rvsSettings = () => {
  const settings = readSettings(null, 'P101');
  settings.raw_vibration_sensor_in = [
    {
      sensorId: 'S1',
      sensorName: 'P101 motor',
      positionType: 'Motor DE',
      machine: 'driver',
      bearingId: 1,
      rotatingSpeed: 1797,
      axisLabels: { x: 'H', y: 'V', z: 'A' },
      limits: [{ type: 'acceleration', axis: 'x', warning: 10, alarm: 20 }],
      temperatureLimit: { warning: 80, alarm: 95 },
      batteryLimit: { warning: 20, alarm: 10 },
    },
  ];
  return settings;
};

/** Acceleration (m/s²): a 1× line, noise and, with `defect`, impacts at BPFO ringing a 3.5 kHz resonance. */
function capture(defect: boolean) {
  const fs = 25_600;
  const n = 32_768;
  const shaftHz = 1797 / 60;
  const bpfo = bearingDefectFrequencies(
    { rollingElements: 9, ballDiameter: 7.94, pitchDiameter: 39.04 },
    1797,
  ).bpfo;
  // mulberry32: a seeded generator with no periodicity a spectrum could mistake for a line.
  let seed = 7;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const x = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const gauss = Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
    x[i] = 0.3 * gauss + 0.2 * Math.sin((2 * Math.PI * shaftHz * i) / fs);
  }
  if (defect)
    for (let t = 0.01; t < n / fs; t += (1 + 0.01 * (random() - 0.5)) / bpfo) {
      const start = Math.round(t * fs);
      for (let i = start; i < Math.min(n, start + 200); i++) {
        const tau = (i - start) / fs;
        x[i] = (x[i] as number) + 3 * Math.exp(-tau / 0.001) * Math.sin(2 * Math.PI * 3500 * tau);
      }
    }
  return { samples: x, sampleRate: fs, capturedAt: new Date('2026-11-22T03:00:00Z'), bpfo };
}

describe('what an event says is wrong and what to do (issue 26 item 2)', () => {
  it('names the failure mode, the part, the gas by name and the crossed limit, in English and Thai', () => {
    const diagnosis = eventDiagnosisOf({
      event: tdcgEvent,
      limit: tdcgLimit,
      unit: 'ppm',
      settings: readSettings(null, 'TR1'),
      engine: null,
      workbookRecommendation: undefined,
    });
    expect(diagnosis).toMatchObject({
      mode: 'dissolved_gas',
      part: 'main_tank',
      quantity: 'Total dissolved combustible gas',
    });
    const en = diagnosisWords(diagnosis, 'en');
    expect(en.cause).toBe(
      'Gas forming in the main tank oil: total dissolved combustible gas 2005 ppm above the alarm limit 1920 ppm.',
    );
    // One sentence that reads naturally (issue 26): where the gas forms, then the reading.
    expect(
      diagnosisWords({ ...diagnosis, quantity: 'Hydrogen H2', value: 1500, limit: 700 }, 'en').cause,
    ).toBe('Gas forming in the main tank oil: hydrogen H2 1500 ppm above the alarm limit 700 ppm.');
    expect(en.cause).not.toMatch(/tdcg/);
    expect(en.recommendation).toBe(FAILURE_MODE_WORDS.en.dissolved_gas.recommendation);
    const th = diagnosisWords(diagnosis, 'th');
    expect(th.cause).toBe('เกิดก๊าซในน้ำมันถังหลัก: ก๊าซติดไฟที่ละลายทั้งหมด 2005 ppm สูงกว่าขีดจำกัดแจ้งเตือน 1920 ppm.');
    expect(th.recommendation).toBe(FAILURE_MODE_WORDS.th.dissolved_gas.recommendation);
  });

  it("takes the model workbook's recommendation for the tag over the engine's default", () => {
    const diagnosis = eventDiagnosisOf({
      event: tdcgEvent,
      limit: tdcgLimit,
      unit: 'ppm',
      settings: readSettings(null, 'TR1'),
      engine: null,
      workbookRecommendation: 'Resample oil within a week',
    });
    expect(diagnosisWords(diagnosis, 'en').recommendation).toBe('Resample oil within a week');
    expect(diagnosisWords(diagnosis, 'th').recommendation).toBe('Resample oil within a week');
  });

  it('names an outer-race defect on the Motor DE bearing from the capture before an acceleration alarm', () => {
    const settings = rvsSettings();
    const sensor = settings.raw_vibration_sensor_in[0]!;
    const shot = capture(true);
    const engine = engineVerdict(shot, sensor, () => undefined, [BEARING_6205]);
    expect(engine.found).toMatchObject({ mode: 'bearing_outer_race', status: 2 });
    expect(engine.found?.frequencyHz).toBeCloseTo(shot.bpfo, 6);
    const diagnosis = eventDiagnosisOf({
      event: {
        tag: 'S1.acceleration.x',
        alarm_type: 2,
        alarm_value: 22.8,
        warning_limit: 10,
        alarm_limit: 20,
      },
      limit: { name: 'P101 motor acceleration H', direction: 'high' },
      unit: 'm/s²',
      settings,
      engine,
      workbookRecommendation: undefined,
    });
    expect(diagnosis).toMatchObject({ mode: 'bearing_outer_race', part: 'bearing', location: 'Motor DE' });
    const en = diagnosisWords(diagnosis, 'en');
    expect(en.cause).toMatch(
      /^Bearing outer race defect: bearing at Motor DE\. P101 motor acceleration H 22\.8 m\/s² above the alarm limit 20 m\/s²\. BPFO 107 Hz stands \d+(\.\d)? dB above background in the envelope spectrum \(likely\)\.$/,
    );
    expect(en.recommendation).toBe(FAILURE_MODE_WORDS.en.bearing_outer_race.recommendation);
    expect(diagnosisWords(diagnosis, 'th').cause).toMatch(/^รางนอกของตลับลูกปืนเสียหาย: ตลับลูกปืน ที่ Motor DE\./);
  });

  it('says the level limit alone drives the status when the spectrum shows no failure mode', () => {
    const settings = rvsSettings();
    const engine = engineVerdict(capture(false), settings.raw_vibration_sensor_in[0]!, () => undefined, [
      BEARING_6205,
    ]);
    expect(engine.found).toBeNull();
    const diagnosis = eventDiagnosisOf({
      event: { tag: 'S1.acceleration.x', alarm_type: 1, alarm_value: 12, warning_limit: 10, alarm_limit: 20 },
      limit: { name: 'P101 motor acceleration H', direction: 'high' },
      unit: 'm/s²',
      settings,
      engine,
      workbookRecommendation: undefined,
    });
    expect(diagnosis.mode).toBe('vibration_acceleration');
    expect(diagnosisWords(diagnosis, 'en').cause).toBe(
      'High vibration acceleration (impacts or friction): bearing at Motor DE. P101 motor acceleration H 12 m/s² above the warning limit 10 m/s². The spectrum shows no failure-mode signature: the level limit alone drives the status.',
    );
  });

  it('mails the cause and recommendation in the recipient’s language and the sensor by name, never its code', () => {
    const diagnosis = eventDiagnosisOf({
      event: tdcgEvent,
      limit: tdcgLimit,
      unit: 'ppm',
      settings: readSettings(null, 'TR1'),
      engine: null,
      workbookRecommendation: undefined,
    });
    const english = diagnosisWords(diagnosis, 'en');
    const event = {
      id: 12,
      model_id: '00000000-0000-4000-8000-000000000001',
      tag: 'tdcg',
      event_date: new Date('2026-11-22T03:00:00Z'),
      alarm_type: 2,
      alarm_message: 'Alarm: Total dissolved combustible gas 2005 (limit 1920)',
      alarm_value: 2004.6,
      warning_limit: 720,
      alarm_limit: 1920,
      sensor_id: 'tdcg',
      cause: english.cause,
      recommendation: english.recommendation,
      diagnosis,
    } as FaultEventRow;
    const evidence = {
      name: 'Total dissolved combustible gas',
      unit: 'ppm',
      diagnosis,
    } as FaultEventEvidence;
    const mail = (language: 'en' | 'th') =>
      faultEventMail({
        kind: 'new',
        language,
        event,
        modelName: 'TR1',
        timeZone: 'Asia/Bangkok',
        actor: '',
        comment: '',
        evidence: { ...evidence, exceedPercent: null, persistence: null, trendStats: null, spectrum: null },
        link: 'http://portal.test/model/1',
      }).text;
    const th = mail('th');
    expect(th).toContain('เซนเซอร์: ก๊าซติดไฟที่ละลายทั้งหมด');
    expect(th).toContain('ข้อความแจ้งเตือน: แจ้งเตือนอันตราย: ก๊าซติดไฟที่ละลายทั้งหมด 2005 (ขีดจำกัด 1920)');
    expect(th).toContain('วันที่: 22 พ.ย. 2026');
    expect(th).toContain('เวลา: 10:00');
    expect(th).toContain(`สาเหตุ: ${diagnosisWords(diagnosis, 'th').cause}`);
    expect(th).toContain(`คำแนะนำ: ${FAILURE_MODE_WORDS.th.dissolved_gas.recommendation}`);
    const en = mail('en');
    expect(en).toContain('Sensor: Total dissolved combustible gas');
    expect(en).toContain('Date: 22 Nov 2026');
    expect(en).toContain(`Cause: ${english.cause}`);
    expect(en).not.toMatch(/Sensor: tdcg|Cause: -|Recommendation: -/);
  });
});
