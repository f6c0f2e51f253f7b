import { describe, expect, it } from 'vitest';
import { masterData } from '../../../test/master-data.ts';
import type { SensorTypeRow } from '../models/master.repository.ts';
import type { OnlineModelRow } from '../models/models.repository.ts';
import type { SeriesRow } from '../timeseries/timeseries.repository.ts';
import { createVcaService } from './vca.service.ts';

/**
 * The VCA service on hand-made repositories (no Fastify, no database): one drive whose DC-link capacitor ran
 * 1,000 hours at 90 °C after 1,500 days of use, with a motor load in warning and a two-phase capture. Expected
 * figures are worked out by hand beside each assertion.
 */
const HOUR = 3_600_000;
const origin = Date.parse('2026-01-01T00:00:00Z');
const DRIVE = '00000000-0000-4000-8000-000000000003';
const FAN = '00000000-0000-4000-8000-000000000004';

const sensor = (
  id: number,
  group_id: number,
  tag_code: string,
  unit: string,
  limits: [number, number] | null = null,
): SensorTypeRow => ({
  id,
  group_id,
  model_type_id: 3,
  tag_code,
  name: tag_code.replaceAll('_', ' '),
  unit,
  default_warning: limits?.[0] ?? null,
  default_alarm: limits?.[1] ?? null,
  direction: 'high',
});
const master = masterData({
  sensorTypes: [
    sensor(3201, 32, 'motor_load', '%', [80, 100]),
    sensor(3202, 32, 'output_current', 'A', [40, 50]),
    sensor(3301, 33, 'dc_ripple', 'V', [5, 10]),
    sensor(3401, 34, 'dc_link_capacitor', '%'),
    sensor(3402, 34, 'cooling_fan', '%'),
  ],
});

/** Rated 10,000 h at 100 °C; 1,500 days × 24 h of 40,000 h expected life used before monitoring: D0 = 0.9. */
const settings = {
  model_in: { title: 'VSD1' },
  vsd_alarm_limit_sensor_new_in: [
    {
      sensorTypeId: 3401,
      tagCode: 'dc_link_capacitor',
      rul_warning: 20,
      rul_alarm: 10,
      initial_day: 1500,
      avg_rate: 24,
      l0: 10_000,
      tmax: 100,
      expectedLifeTime: 40_000,
    },
  ],
};
/** 1,001 hourly temperatures at 90 °C: life there is 10,000·2^(10/10) = 20,000 h, so 1,000 h add D = 0.05. */
const temperatures = Array.from({ length: 1001 }, (_, i) => ({ t: origin + i * HOUR, value: 90 }));
const lastAt = new Date(origin + 1000 * HOUR);
const series: SeriesRow[] = [
  { id: 1, tag: 'motor_load', unit: '%', source: 'input', last_ts: lastAt, last_value: 90, status: null },
  { id: 2, tag: 'output_current', unit: 'A', source: 'input', last_ts: lastAt, last_value: 30, status: null },
  {
    id: 3,
    tag: 'dc_link_capacitor.temperature',
    unit: '°C',
    source: 'input',
    last_ts: lastAt,
    last_value: 90,
    status: null,
  },
];
const points = new Map([
  [
    1,
    [
      { t: origin, v: 70 },
      { t: lastAt.getTime(), v: 90 },
    ],
  ],
  [2, [{ t: lastAt.getTime(), v: 30 }]],
  [3, temperatures.map(({ t, value }) => ({ t, v: value }))],
]);

/** Two phases of 4,096 samples at 4,096 Hz (1 Hz bins): 50 Hz sines of 10 A and 5 A peak. */
const RATE = 4096;
const sine = (peak: number) =>
  Float32Array.from({ length: RATE }, (_, i) => peak * Math.sin((2 * Math.PI * 50 * i) / RATE));

const model = (id: string, model_type_id: number) =>
  ({ id, model_type_id, title: 'VSD1', code: `M${model_type_id}` }) as OnlineModelRow;

const service = createVcaService({
  models: {
    find: async (id) => (id === DRIVE ? model(DRIVE, 3) : id === FAN ? model(FAN, 4) : undefined),
    settings: async () => ({ document: settings, updated_at: new Date(origin) }),
  },
  master: { get: async () => master },
  timeseries: {
    series: async () => series,
    m4ToWidth: async (id, fromS, toS) =>
      (points.get(id) ?? []).filter((point) => point.t >= fromS * 1000 && point.t <= toS * 1000),
  },
  repository: {
    historyUntil: async (id, toS) => (id === 3 ? temperatures.filter((sample) => sample.t < toS * 1000) : []),
    captures: async () => [{ file_name: 'out_a_1.f32', captured_at: lastAt }],
    capture: async (_modelId, fileName) =>
      fileName === 'out_a_1.f32' ? { sampleRateHz: RATE, a: sine(10), b: sine(5), c: sine(5) } : undefined,
  },
});

const range = (fromH: number, toH: number) => ({
  startDate: new Date(origin + fromH * HOUR).toISOString(),
  endDate: new Date(origin + toH * HOUR).toISOString(),
});

describe('VCA service', () => {
  it("computes the capacitor's remaining life by Miner's rule and thins it to the width", async () => {
    const full = await service.rul({
      modelId: DRIVE,
      tagCode: 'dc_link_capacitor',
      ...range(500, 1000.5),
      width: 1000,
    });
    // Points after samples 500…1000; at sample i D = 0.9 + i/20,000.
    expect(full.timestamp).toHaveLength(501);
    expect(full.data[0]).toBeCloseTo(100 * (1 - 0.925), 9);
    expect(full.data.at(-1)).toBeCloseTo(5, 9);
    expect(full.mi).toBeCloseTo(0.95, 12);
    // Years left: (1 − D)·L(90 °C)/8,760 h.
    expect(full.rulYears.at(-1)).toBeCloseTo((0.05 * 20_000) / 8760, 9);
    expect(full.rating).toEqual({
      l0Hours: 10_000,
      t0C: 100,
      initialDays: 1500,
      hoursPerDay: 24,
      expectedLifeHours: 40_000,
    });

    const thinned = await service.rul({
      modelId: DRIVE,
      tagCode: 'dc_link_capacitor',
      ...range(500, 1000.5),
      width: 10,
    });
    expect(thinned.timestamp).toHaveLength(10);
    expect(thinned.timestamp[0]).toBe(origin + 500 * HOUR);
    expect(thinned.timestamp.at(-1)).toBe(origin + 1000 * HOUR);
  });

  it('rates the drive: capacitor in alarm by its RUL class, load in warning, gauge to 1.2 × alarm', async () => {
    const diagram = await service.diagram(DRIVE);
    const status = (tag: string) => diagram.items.find((item) => item.tagCode === tag)?.status;
    expect(status('dc_link_capacitor')).toBe(2); // RUL 5 % < 10 %
    expect(status('cooling_fan')).toBe(-1); // no remaining-life row, no reading
    expect(status('stress')).toBe(1); // motor load 90 % between 80 and 100
    expect(diagram.overallStatus).toBe(2);
    expect(diagram.percentLoad).toMatchObject({
      value: 90,
      warning: 80,
      alarm: 100,
      status: 1,
      scaleMax: 120,
    });
    expect(diagram.vsd.map((reading) => [reading.tagCode, reading.status])).toEqual([
      ['motor_load', 1],
      ['output_current', 0],
    ]);

    const [capacitor] = await service.overall(DRIVE);
    expect(capacitor).toMatchObject({ status: 2, timestamp: lastAt.toISOString() });
    expect(capacitor!.values.map((value) => value.resultType)).toEqual(['rul_percent', 'rul_year']);
    expect(capacitor!.values[0]!.value).toBeCloseTo(5, 9);
    expect(capacitor!.values[1]!.value).toBeCloseTo((0.05 * 20_000) / 8760, 9);
  });

  it('gives the company table the same part statuses, the life parts by RUL class', async () => {
    expect(await service.summaryParts(DRIVE)).toEqual({
      'cooling-fan': -1,
      'dc-link-capacitor': 2,
      inverter: 0,
      rectifier: -1,
      stress: 1,
      'control-card': -1,
      'overall-status': 2,
    });
  });

  it('draws the trend signals that have data, with their limits', async () => {
    const trend = await service.trendSignals({
      modelId: DRIVE,
      ...range(0, 2000),
      isNormal: false,
      width: 100,
    });
    expect(trend.map((line) => [line.tagCode, line.warning, line.alarm, line.data])).toEqual([
      ['motor_load', 80, 100, [70, 90]],
      ['output_current', 40, 50, [30]],
    ]);
  });

  it('finds the 50 Hz line of each phase at its peak amplitude in dB re 1 A', async () => {
    const spectrum = await service.frequency(DRIVE, 'out_a_1.f32');
    expect(spectrum.resolutionHz).toBe(1);
    expect(spectrum.points).toHaveLength(1001); // 0…1,000 Hz
    const line = spectrum.points.find((point) => point.FHZ === 50)!;
    // Peak-scaled Hann on a bin-centred sine: 20·log10(10) = 20 dB, 20·log10(5) ≈ 13.98 dB; float32 samples.
    expect(line.IA).toBeCloseTo(20, 3);
    expect(line.IB).toBeCloseTo(20 * Math.log10(5), 3);
  });

  it('refuses an unknown model, another type, an unknown capture or sensor, a reversed range', async () => {
    await expect(service.diagram('00000000-0000-4000-8000-00000000dead')).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.diagram(FAN)).rejects.toMatchObject({
      status: 400,
      message: 'modelId: this call is for VCA models (type 3); this model is type 4.',
    });
    await expect(service.timeDomain(DRIVE, 'nothing.f32')).rejects.toMatchObject({
      status: 404,
      message: 'fileName: this model has no capture nothing.f32.',
    });
    await expect(
      service.trendSignals({ modelId: DRIVE, sensorId: 9999, ...range(0, 10), isNormal: true, width: 100 }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^sensorId: 9999/) });
    await expect(
      service.temperature({ modelId: DRIVE, tagCode: 'dc_link_capacitor', ...range(10, 0), width: 100 }),
    ).rejects.toMatchObject({ status: 400, message: 'endDate must be after startDate.' });
  });
});
