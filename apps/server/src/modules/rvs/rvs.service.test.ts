import { describe, expect, it } from 'vitest';
import { masterData } from '../../../test/master-data.ts';
import type { ModuleTaskOutput } from '../../lib/compute-tasks.ts';
import type { OnlineModelRow } from '../models/models.repository.ts';
import type { SeriesRow } from '../timeseries/timeseries.repository.ts';
import type { VibrationCapture } from './rvs.repository.ts';
import { createRvsService } from './rvs.service.ts';

/**
 * The RVS service on hand-made repositories (no Fastify, no database, the compute pool's task run in this thread):
 * one pump whose sensor S1 turns at 1,800 rpm (30 Hz) and whose captures are pure 30 Hz sines. Expected figures
 * are worked out by hand beside each assertion.
 */
const PUMP = '00000000-0000-4000-8000-000000000005';
const DRIVE = '00000000-0000-4000-8000-000000000003';
const RATE = 1024;
const origin = Date.parse('2026-01-01T00:00:00Z');

const master = masterData({});

/** S1 at 1,800 rpm with a velocity limit on x; S2 without a rotating speed of its own. */
const settings = {
  model_in: { title: 'Pump 1' },
  raw_vibration_sensor_in: [
    {
      sensorId: 'S1',
      sensorName: 'Pump DE',
      machine: 'driven',
      rotatingSpeed: 1800,
      axisLabels: { x: 'H', y: 'V', z: 'A' },
      limits: [{ type: 'velocity', axis: 'x', warning: 4.5, alarm: 7.1 }],
    },
    { sensorId: 'S2', sensorName: 'Motor NDE', machine: 'driver' },
  ],
};

/** 1,024 samples at 1,024 Hz (1 Hz bins) of a 30 Hz sine of `peak` m/s². */
const sine = (peak: number) =>
  Float32Array.from({ length: RATE }, (_, i) => peak * Math.sin((2 * Math.PI * 30 * i) / RATE));
const capture = (fileName: string, peak: number, day: number): VibrationCapture => ({
  id: fileName,
  sensor: 'S1',
  channel: 'x',
  file_name: fileName,
  alias: `day ${day}`,
  captured_at: new Date(origin + day * 86_400_000),
  sample_rate: RATE,
  samples: sine(peak),
});
const captures = [capture('s1_x_1.f32', 10, 0), capture('s1_x_2.f32', 20, 1)];

const seriesRow = (id: number, tag: string, unit: string, value: number): SeriesRow => ({
  id,
  tag,
  unit,
  source: 'feature',
  last_ts: new Date(origin),
  last_value: value,
  status: null,
});
/** S1 x velocity 5 mm/s: past the 4.5 warning, under the 7.1 alarm; S2 temperature 40 °C under its 80 default. */
const series = [seriesRow(1, 'S1.velocity.x', 'mm/s', 5), seriesRow(2, 'S2.temperature', '°C', 40)];
const trendPoints = [
  { t: origin, v: 3 },
  { t: origin + 3_600_000, v: 5 },
];

const model = (id: string, model_type_id: number) =>
  ({ id, model_type_id, title: 'Pump 1', code: `M${model_type_id}` }) as OnlineModelRow;

const service = createRvsService({
  models: {
    find: async (id) => (id === PUMP ? model(PUMP, 5) : id === DRIVE ? model(DRIVE, 3) : undefined),
    settings: async () => ({ document: settings, updated_at: new Date(origin) }),
    configurations: async () => [],
    recommendations: async () => [],
  },
  master: { get: async () => master },
  timeseries: {
    series: async () => series,
    m4ToWidth: async (id) => (id === 1 ? trendPoints : []),
  },
  repository: {
    dataSets: async () => [],
    byFileNames: async (_modelId, sensor, channel, fileNames) =>
      captures.filter(
        (one) => one.sensor === sensor && one.channel === channel && fileNames.includes(one.file_name),
      ),
    inRange: async () => [],
    latest: async () => [],
    upgraded: async () => false,
  },
  // The pool's module task, run here: the same function a compute thread would run.
  compute: {
    async call<T>(module: URL, name: string, input: unknown): Promise<T> {
      const task = (await import(module.href))[name] as (input: unknown) => ModuleTaskOutput<T>;
      return task(input).result;
    },
  },
});

const spectrumQuery = {
  modelId: PUMP,
  sensor: 'S1',
  axis: 'x' as const,
  fileNames: ['s1_x_1.f32'],
  width: 40_000,
};

describe('RVS service', () => {
  it('reads the 1X mark of a 30 Hz sine at its RMS amplitude and the running speed of the sensor', async () => {
    const result = await service.spectrum({
      ...spectrumQuery,
      phase: 'acceleration',
      mark: 'mark_machine_speed',
    });
    expect(result).toMatchObject({ unit: 'm/s²', shaftHz: 30, shaftSource: 'sensor', markNote: null });
    // Marks at 30, 60 … 300 Hz; the table holds those inside the spectrum (up to 512 Hz): all ten.
    expect(result.marks.map((mark) => mark.frequencyHz)).toEqual([
      30, 60, 90, 120, 150, 180, 210, 240, 270, 300,
    ]);
    const first = result.table[0]!;
    expect(first).toMatchObject({ sensor_name: 'Pump DE', axis: 'H', mark_type: '1X', x: 30 });
    // 10 m/s² peak is 10/√2 = 7.071 m/s² RMS.
    expect(first.y).toBeCloseTo(10 / Math.SQRT2, 2);
    // 513 lines from 0 to 512 Hz at 1 Hz.
    expect(result.series[0]).toMatchObject({ file_name: 's1_x_1.f32', resolutionHz: 1 });
    expect(result.series[0]!.data).toHaveLength(513);
  });

  it('converts the sine to velocity: 10 m/s² at 30 Hz is 10,000/(2π·30) = 53.05 mm/s peak, 37.51 RMS', async () => {
    const result = await service.spectrum({ ...spectrumQuery, phase: 'velocity' });
    expect(result.unit).toBe('mm/s');
    // Without a mark the table lists the highest peaks apart: the sine's line is the highest of them.
    const top = result.table.reduce((best, row) => (row.y > best.y ? row : best));
    expect(top.x).toBe(30);
    expect(top.y).toBeCloseTo(10_000 / (2 * Math.PI * 30) / Math.SQRT2, 1);
  });

  it('reduces each waterfall line to the width keeping its peak', async () => {
    const result = await service.waterfall({
      modelId: PUMP,
      sensorId: 'S1',
      phase: 'acceleration',
      axis: 'x',
      fileNames: ['s1_x_1.f32', 's1_x_2.f32'],
      width: 10,
    });
    expect(result.series.map((line) => line.data.length)).toEqual([10, 10]);
    // 513 lines in 10 columns of 51: the first column (0–50 Hz) keeps the 30 Hz line, 20/√2 on the second day.
    const peak = result.series[1]!.data[0]!;
    expect(peak[0]).toBe(30);
    expect(peak[1]).toBeCloseTo(20 / Math.SQRT2, 2);
  });

  it('answers the time waveform in g (÷ 9.81) with the running speed in rpm', async () => {
    const result = await service.timeWaveform({
      modelId: PUMP,
      sensor: 'S1',
      phase: 'accelerationG',
      axis: 'x',
      fileNames: ['s1_x_1.f32'],
    });
    expect(result).toMatchObject({ unit: 'g', rpm: 1800 });
    const data = result.series[0]!.data;
    // 30 periods in 1,024 samples step the phase in multiples of 360°·2/1,024: one sample lands on the 10 m/s² crest.
    const highest = Math.max(...data.map(([, v]) => v));
    expect(highest).toBeCloseTo(10 / 9.81, 2);
    expect(data[1]![0]).toBeCloseTo(1 / RATE, 9);
  });

  it('trends the overall values with their limits and rates each sensor by its worst reading', async () => {
    const trend = await service.trend({
      modelId: PUMP,
      phase: 'velocity',
      sensor: ['S1'],
      startDate: new Date(origin).toISOString(),
      endDate: new Date(origin + 86_400_000).toISOString(),
      isNormal: true,
      width: 100,
    });
    expect(trend.series).toEqual([
      {
        sensor_id: 'S1',
        sensor_name: 'Pump DE',
        phase: 'velocity',
        paxis: 'H',
        tag: 'S1.velocity.x',
        unit: 'mm/s',
        warning: 4.5,
        alarm: 7.1,
        data: [
          [origin, 3],
          [origin + 3_600_000, 5],
        ],
      },
    ]);
    // S1: 5 mm/s is past the warning (1); S2: 40 °C under 80 (0); the machine is as bad as its worst sensor.
    expect(await service.machineStatus(PUMP)).toEqual({
      overallStatus: 1,
      sensors: [
        { sensorId: 'S1', sensorName: 'Pump DE', status: 1 },
        { sensorId: 'S2', sensorName: 'Motor NDE', status: 0 },
      ],
    });
  });

  it('keeps the upgrade calls to platform admins when the company has no RVS upgrade', async () => {
    await expect(service.faultParameters(PUMP, { platformRole: 'USER' })).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining('RVS upgrade'),
    });
    const parameters = await service.faultParameters(PUMP, { platformRole: 'ADMIN' });
    expect(parameters.map((parameter) => parameter.id)).toEqual([
      'unbalance',
      'misalignment',
      'looseness',
      'bearing',
    ]);
  });

  it('answers 404 naming a data set the axis lacks, 400 for a model of another type, 404 for none', async () => {
    await expect(
      service.spectrum({ ...spectrumQuery, phase: 'velocity', fileNames: ['s1_x_1.f32', 'nope.f32'] }),
    ).rejects.toMatchObject({ status: 404, message: expect.stringContaining('nope.f32') });
    await expect(service.sensors(DRIVE)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('modelId'),
    });
    await expect(service.sensors('00000000-0000-4000-8000-000000000009')).rejects.toMatchObject({
      status: 404,
    });
  });
});
