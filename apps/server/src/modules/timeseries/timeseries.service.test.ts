import { describe, expect, it } from 'vitest';
import { masterData } from '../../../test/master-data.ts';
import { type ComputeRequest, type ComputeResult, runComputeTask } from '../../lib/compute-tasks.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { SeriesRow, WaveformRow } from './timeseries.repository.ts';
import { createTimeseriesService } from './timeseries.service.ts';

/**
 * The dashboard service on hand-made repositories (no Fastify, no database; the compute pool's tasks run in this
 * thread): one model with a velocity series limited by its RVS sensor row, and a 1 s waveform of a 50 Hz sine.
 * Expected figures are worked out by hand beside each assertion.
 */
const MODEL = '00000000-0000-4000-8000-000000000005';
const WAVE = '00000000-0000-4000-8000-0000000000aa';
const origin = Date.parse('2026-01-01T00:00:00Z');
const RATE = 4096;

const master = masterData({});
const settings = {
  model_in: { title: 'Pump 1' },
  raw_vibration_sensor_in: [
    {
      sensorId: 'S1',
      sensorName: 'Pump DE',
      machine: 'driven',
      limits: [{ type: 'velocity', axis: 'x', warning: 4.5, alarm: 7.1 }],
    },
  ],
};
const velocity: SeriesRow = {
  id: 1,
  tag: 'S1.velocity.x',
  unit: 'mm/s',
  source: 'feature',
  last_ts: new Date(origin + 59_000),
  last_value: 5,
  status: 1,
};
/** A minute of seconds: the value is the second (0 … 59), and 100 at second 30. */
const minute = Array.from({ length: 60 }, (_, i) => ({ t: origin + i * 1000, v: i === 30 ? 100 : i }));

/** 4,096 samples at 4,096 Hz (1 Hz bins) of a 50 Hz sine of 2 m/s² peak. */
const samples = Float32Array.from({ length: RATE }, (_, i) => 2 * Math.sin((2 * Math.PI * 50 * i) / RATE));
const waveform: WaveformRow = {
  id: WAVE,
  sensor: 'S1',
  kind: 'vibration',
  channel: 'x',
  sample_rate: RATE,
  captured_at: new Date(origin),
  unit: 'm/s²',
  file_name: 's1_x_1.f32',
  alias: 'first',
  length: RATE,
};

const between = (fromS: number, toS: number) =>
  minute.filter((point) => point.t >= fromS * 1000 && point.t < toS * 1000);

const service = createTimeseriesService({
  models: { settings: async () => ({ document: settings, updated_at: new Date(origin) }) },
  master: { get: async () => master },
  repository: {
    series: async () => [velocity],
    count: async (_id, fromS, toS) => between(fromS, toS).length,
    raw: async (_id, fromS, toS, limit) => between(fromS, toS).slice(0, limit),
    // The database's M4 is the repository's; here it answers the first and last point of the range.
    m4ToWidth: async (_id, fromS, toS) => {
      const points = between(fromS, toS);
      return [points[0]!, points.at(-1)!];
    },
    waveforms: async () => [waveform],
    // A fresh copy each time: the compute pool takes the samples' buffer.
    waveform: async (id) =>
      id === WAVE
        ? { ...waveform, model_id: MODEL, samples: Buffer.from(new Uint8Array(samples.slice().buffer)) }
        : undefined,
  },
  // The pool's tasks, run here: the same function a compute thread runs.
  compute: {
    async run<K extends ComputeRequest['task']>(request: Extract<ComputeRequest, { task: K }>) {
      const { response } = await runComputeTask(request);
      if ('error' in response) throw new HttpError(response.error.status ?? 500, response.error.message);
      return response.result as ComputeResult<K>;
    },
  },
});

const range = { from: new Date(origin).toISOString(), to: new Date(origin + 60_000).toISOString() };

describe('Timeseries service', () => {
  it("lists a model's series with the limits of its RVS sensor row", async () => {
    expect(await service.series(MODEL)).toEqual([
      {
        tag: 'S1.velocity.x',
        name: 'S1 Velocity X',
        unit: 'mm/s',
        source: 'feature',
        lastTs: new Date(origin + 59_000).toISOString(),
        lastValue: 5,
        status: 1,
        warning: 4.5,
        alarm: 7.1,
      },
    ]);
  });

  it('keeps the spike with LTTB, answers raw when small, and names a tag the model lacks', async () => {
    const lttb = await service.seriesData(MODEL, {
      tags: ['S1.velocity.x'],
      ...range,
      width: 10,
      method: 'lttb',
    });
    const line = lttb.series[0]!;
    expect(line).toMatchObject({ tag: 'S1.velocity.x', method: 'lttb', warning: 4.5, alarm: 7.1 });
    // LTTB keeps the first and last point, 10 in all, and the 100 at second 30 (the largest triangle there).
    expect(line.points).toHaveLength(10);
    expect(line.points[0]).toEqual([origin, 0]);
    expect(line.points.at(-1)).toEqual([origin + 59_000, 59]);
    expect(line.points).toContainEqual([origin + 30_000, 100]);

    const raw = await service.seriesData(MODEL, {
      tags: ['S1.velocity.x'],
      ...range,
      width: 10,
      method: 'raw',
    });
    expect(raw.series[0]).toMatchObject({ method: 'raw' });
    expect(raw.series[0]!.points).toHaveLength(60);

    await expect(
      service.seriesData(MODEL, { tags: ['S1.velocity.x', 'S9.battery'], ...range, width: 10, method: 'm4' }),
    ).rejects.toMatchObject({ status: 404, message: 'This model has no series S9.battery.' });
  });

  it('reads a 2 m/s² sine at 50 Hz in the spectrum, reduced to the width with the peak at its height', async () => {
    const full = await service.spectrum(WAVE, { window: 'hann', scale: 'peak', width: 4000 });
    // 2,049 lines from 0 to 2,048 Hz fit in 4,000: one bin per amplitude, 1 Hz apart.
    expect(full).toMatchObject({ waveformId: WAVE, resolutionHz: 1, binsPerPoint: 1, unit: 'm/s²' });
    expect(full.amplitude[50]).toBeCloseTo(2, 3);
    // RMS scale: 2/√2.
    const rms = await service.spectrum(WAVE, { window: 'hann', scale: 'rms', width: 4000 });
    expect(rms.amplitude[50]).toBeCloseTo(Math.SQRT2, 3);
    // To 100 amplitudes: ⌈2,049/100⌉ = 21 bins each; 50 Hz falls in amplitude 2 (bins 42–62), still 2 high.
    const reduced = await service.spectrum(WAVE, { window: 'hann', scale: 'peak', width: 100 });
    expect(reduced).toMatchObject({ binsPerPoint: 21, resolutionHz: 21 });
    expect(reduced.amplitude[2]).toBeCloseTo(2, 3);
  });

  it('refuses an envelope band reaching the Nyquist frequency and an unknown waveform', async () => {
    await expect(service.envelope(WAVE, { low: 500, high: 2048, width: 100 })).rejects.toMatchObject({
      status: 400,
      message: 'high must be below the Nyquist frequency 2048 Hz.',
    });
    await expect(service.timeWaveform('00000000-0000-4000-8000-0000000000bb', 100)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('answers the time signal whole when short and M4-reduced when longer than 4 × width', async () => {
    const whole = await service.timeWaveform(WAVE, 1024);
    expect(whole.points).toHaveLength(RATE);
    expect(whole.points[1]![0]).toBeCloseTo(1 / RATE, 12);
    const reduced = await service.timeWaveform(WAVE, 100);
    // M4: at most first, last, minimum and maximum of each of 100 columns; every 50 Hz crest of 2 survives.
    expect(reduced.points.length).toBeLessThanOrEqual(400);
    expect(reduced.length).toBe(RATE);
    expect(Math.max(...reduced.points.map(([, v]) => v))).toBeCloseTo(2, 3);
  });
});
