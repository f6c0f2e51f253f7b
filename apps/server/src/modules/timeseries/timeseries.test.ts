import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';
import { assignEquipment, createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let key: string;
let model: { id: string; code: string };
let member: string;
let waveformId: string;
const day = Date.parse('2026-11-20T00:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  key = await createIngestKey(ctx.app, tenants.companyId);
  const tagId = await seedEquipment(ctx.db, tenants.companyId, 'P9');
  // The member reads this equipment because it is assigned to them (auth/equipment-visibility.test.ts).
  await assignEquipment(ctx.db, tenants.users.member, tagId);
  model = await createModel(ctx.app, tagId, 5, {
    raw_vibration_sensor_in: [
      {
        sensorId: 'S1',
        sensorName: 'Pump DE',
        machine: 'driven',
        limits: [{ type: 'velocity', axis: 'x', warning: 2.8, alarm: 4.5 }],
      },
    ],
  });
  member = await signIn(ctx.app, 'member@acme.test');
  // A day of minute temperatures: a slow sine with one spike at minute 700.
  const points = Array.from({ length: 1440 }, (_, i) => ({
    tag: 'S1.temperature',
    ts: day + i * 60_000,
    value: i === 700 ? 150 : 40 + 5 * Math.sin((2 * Math.PI * i) / 1440),
  }));
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/measurements',
    headers: { authorization: `Bearer ${key}` },
    payload: { modelCode: model.code, points },
  });
  // 4 m/s² peak at 250 Hz, fs 8192, 8192 samples: exactly on bin 250 (resolution 1 Hz).
  const samples = Float32Array.from({ length: 8192 }, (_, i) => 4 * Math.sin((2 * Math.PI * 250 * i) / 8192));
  const query = new URLSearchParams({
    modelCode: model.code,
    sensor: 'S1',
    kind: 'vibration',
    channel: 'x',
    sampleRate: '8192',
    capturedAt: new Date(day).toISOString(),
    unit: 'm/s2',
    fileName: 'S1_x_day.bin',
    alias: 'S1 H day',
  });
  waveformId = (
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/waveforms?${query}`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(samples.buffer),
    })
  ).json().id;
});
afterAll(() => ctx.close());

const get = (url: string, cookie: string | null = member) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const range = `from=${new Date(day).toISOString()}&to=${new Date(day + 86_400_000).toISOString()}`;

describe('series queries', () => {
  it('lists the series with units and limits', async () => {
    const series = (await get(`/api/v1/equipment-models/${model.id}/series`)).json();
    expect(series).toContainEqual(
      expect.objectContaining({
        tag: 'S1.temperature',
        name: 'S1 Temperature',
        unit: '°C',
        source: 'input',
        lastValue: expect.any(Number),
        warning: 80,
        alarm: 95,
      }),
    );
  });

  it('downsamples with M4: at most 4 points a column, keeping the spike, first and last', async () => {
    const response = await get(
      `/api/v1/equipment-models/${model.id}/series/data?tags=S1.temperature&${range}&width=100`,
    );
    expect(response.statusCode).toBe(200);
    const [series] = response.json().series;
    expect(series.method).toBe('m4');
    expect(series.points.length).toBeLessThanOrEqual(400);
    expect(series.points.length).toBeGreaterThan(100);
    expect(Math.max(...series.points.map((p: number[]) => p[1]))).toBe(150);
    expect(series.points[0][0]).toBe(day);
    expect(series.points.at(-1)[0]).toBe(day + 1439 * 60_000);
  });

  it('downsamples with LTTB to exactly the width, and returns raw points when asked and small', async () => {
    const lttb = (
      await get(
        `/api/v1/equipment-models/${model.id}/series/data?tags=S1.temperature&${range}&width=200&method=lttb`,
      )
    ).json().series[0];
    expect(lttb.points).toHaveLength(200);
    expect(Math.max(...lttb.points.map((p: number[]) => p[1]))).toBe(150);
    const raw = (
      await get(`/api/v1/equipment-models/${model.id}/series/data?tags=S1.temperature&${range}&method=raw`)
    ).json().series[0];
    expect(raw.points).toHaveLength(1440);
  });

  it('refuses a reversed range and an unknown tag; other companies cannot read', async () => {
    expect(
      (
        await get(
          `/api/v1/equipment-models/${model.id}/series/data?tags=S1.temperature&from=${new Date(day + 1).toISOString()}&to=${new Date(day).toISOString()}`,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await get(`/api/v1/equipment-models/${model.id}/series/data?tags=nope&${range}`)).statusCode,
    ).toBe(404);
    const outsider = await signIn(ctx.app, 'outsider@other.test');
    expect(
      (await get(`/api/v1/equipment-models/${model.id}/series/data?tags=S1.temperature&${range}`, outsider))
        .statusCode,
    ).toBe(404);
    expect((await get(`/api/v1/waveforms/${waveformId}/spectrum`, outsider)).statusCode).toBe(404);
  });
});

describe('query checks', () => {
  it('answers 400 naming the one bad field: an impossible date, a bad width or method', async () => {
    const series = (query: string) =>
      get(`/api/v1/equipment-models/${model.id}/series/data?tags=S1.temperature&${query}`);
    const end = new Date(day + 86_400_000).toISOString();
    for (const [query, field] of [
      [`from=2026-02-30T00:00:00Z&to=${end}`, 'from'],
      [`from=2026-11-20T24:00:00Z&to=${end}`, 'from'],
      [`from=${new Date(day).toISOString()}&to=2026-11-31T00:00:00Z`, 'to'],
      [`${range}&width=wide`, 'width'],
      [`${range}&method=cubic`, 'method'],
    ] as const) {
      const response = await series(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(new RegExp(`^querystring\\.${field}: [^;]*$`));
    }
    const spectrum = await get(`/api/v1/waveforms/${waveformId}/spectrum?window=kaiser`);
    expect(spectrum.statusCode).toBe(400);
    expect(spectrum.json().detail).toMatch(/^querystring\.window: [^;]*$/);
  });

  it('answers 400, not 500, when the analytics cannot take a stored waveform', async () => {
    // 16 samples: stored (the least a capture may hold), too short for the envelope's band-pass filter.
    const query = new URLSearchParams({
      modelCode: model.code,
      sensor: 'S1',
      kind: 'vibration',
      channel: 'y',
      sampleRate: '8192',
      capturedAt: new Date(day).toISOString(),
      unit: 'm/s2',
      fileName: 'S1_y_short.bin',
    });
    const short = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/waveforms?${query}`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(Float32Array.from({ length: 16 }, (_, i) => Math.sin(i)).buffer),
    });
    expect(short.statusCode).toBe(200);
    const envelope = await get(`/api/v1/waveforms/${short.json().id}/envelope?low=100&high=1000`);
    expect(envelope.statusCode).toBe(400);
    expect(envelope.json()).toEqual({ detail: expect.stringContaining('16 samples') });
  });
});

describe('long ranges', () => {
  it('draws from the six-hourly and the hourly rollups: only stored points, the spike, the first and the last', async () => {
    const start = Date.parse('2026-08-01T00:00:00Z');
    const points = Array.from({ length: 60 * 144 }, (_, i) => ({
      tag: 'S1.battery',
      ts: start + i * 600_000,
      value: i === 4000 ? 5 : 90 - i / 1000,
    }));
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/measurements',
      headers: { authorization: `Bearer ${key}` },
      payload: { modelCode: model.code, points },
    });
    const stored = new Map(points.map((p) => [p.ts, p.value]));
    // 100 columns of 14.4 h read the six-hour level; 1,000 columns of 86 min read the hourly one.
    for (const width of [100, 1000]) {
      const url = `/api/v1/equipment-models/${model.id}/series/data?tags=S1.battery&from=${new Date(start).toISOString()}&to=${new Date(start + 60 * 86_400_000).toISOString()}&width=${width}`;
      const [series] = (await get(url)).json().series;
      expect(series.points.length).toBeLessThanOrEqual(4 * width);
      expect(series.points.every(([t, v]: number[]) => stored.get(t as number) === v)).toBe(true);
      expect(Math.min(...series.points.map((p: number[]) => p[1]))).toBe(5);
      expect(series.points[0]).toEqual([start, 90]);
      expect(series.points.at(-1)).toEqual([start + (60 * 144 - 1) * 600_000, 90 - (60 * 144 - 1) / 1000]);
    }
    const levels = await ctx.database.pool.query<{ hourly: number; six: number }>(
      `SELECT (SELECT count(*) FROM measurement_rollups WHERE series_id = s.id)::int AS hourly,
              (SELECT count(*) FROM measurement_rollups_6h WHERE series_id = s.id)::int AS six
       FROM series s WHERE s.model_id = $1 AND s.tag = 'S1.battery'`,
      [model.id],
    );
    expect(levels.rows[0]).toEqual({ hourly: 60 * 24, six: 60 * 4 });
  });
});

describe('waveforms', () => {
  it('lists the data sets of a sensor axis', async () => {
    const list = (await get(`/api/v1/equipment-models/${model.id}/waveforms?sensor=S1&channel=x`)).json();
    expect(list).toEqual([
      expect.objectContaining({
        id: waveformId,
        fileName: 'S1_x_day.bin',
        alias: 'S1 H day',
        sampleRate: 8192,
        length: 8192,
      }),
    ]);
  });

  it('answers the spectrum with the tone at its bin and its amplitude (Hann corrected, 1 % tolerance)', async () => {
    // 4,097 bins fit a width of 5,000: every bin is answered.
    const spectrum = (await get(`/api/v1/waveforms/${waveformId}/spectrum?width=5000`)).json();
    expect(spectrum.resolutionHz).toBe(1);
    expect(spectrum.binsPerPoint).toBe(1);
    expect(spectrum.amplitude).toHaveLength(4097);
    const peak = spectrum.amplitude.indexOf(Math.max(...spectrum.amplitude));
    expect(peak).toBe(250);
    expect(Math.abs(spectrum.amplitude[250] - 4) / 4).toBeLessThan(0.01);
  });

  it('reduces the spectrum of the longest capture to the chart width, each peak at its height (issue 23 item 9)', async () => {
    // 1,048,576 samples (the most a waveform may hold) at 65,536 Hz: 524,289 bins of 0.0625 Hz; 4 m/s² at 1,000 Hz.
    const fs = 65_536;
    const long = Float32Array.from(
      { length: 1_048_576 },
      (_, i) => 4 * Math.sin((2 * Math.PI * 1000 * i) / fs),
    );
    const query = new URLSearchParams({
      modelCode: model.code,
      sensor: 'S1',
      kind: 'vibration',
      channel: 'z',
      sampleRate: String(fs),
      capturedAt: new Date(day).toISOString(),
      unit: 'm/s2',
      fileName: 'S1_z_long.bin',
    });
    const stored = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/waveforms?${query}`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(long.buffer),
    });
    expect(stored.statusCode).toBe(200);
    const id = stored.json().id;
    // Default width 4,000: 132 bins an amplitude, 8.25 Hz apart; the tone is in column 121 (998.25–1,006.5 Hz).
    const spectrum = (await get(`/api/v1/waveforms/${id}/spectrum`)).json();
    expect(spectrum).toMatchObject({ binsPerPoint: 132, resolutionHz: 8.25, window: 'hann', scale: 'peak' });
    expect(spectrum.amplitude).toHaveLength(Math.ceil(524_289 / 132));
    const peak = spectrum.amplitude.indexOf(Math.max(...spectrum.amplitude));
    expect(peak).toBe(121);
    expect(Math.abs(spectrum.amplitude[peak] - 4) / 4).toBeLessThan(0.01);
    const narrow = (await get(`/api/v1/waveforms/${id}/spectrum?width=100`)).json();
    expect(narrow.amplitude.length).toBeLessThanOrEqual(100);
    expect(Math.abs(Math.max(...narrow.amplitude) - 4) / 4).toBeLessThan(0.01);
    const envelope = (await get(`/api/v1/waveforms/${id}/envelope?low=500&high=5000&width=500`)).json();
    expect(envelope.amplitude.length).toBeLessThanOrEqual(500);
    expect(envelope.binsPerPoint).toBe(Math.ceil(524_289 / 500));
    const tooWide = await get(`/api/v1/waveforms/${id}/spectrum?width=100001`);
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().detail).toMatch(/^querystring\.width: /);
  });

  it('answers the envelope spectrum and a downsampled time waveform', async () => {
    expect((await get(`/api/v1/waveforms/${waveformId}/envelope?low=100&high=1000`)).statusCode).toBe(200);
    expect((await get(`/api/v1/waveforms/${waveformId}/envelope?low=100&high=5000`)).statusCode).toBe(400);
    const time = (await get(`/api/v1/waveforms/${waveformId}/time?width=500`)).json();
    expect(time.points.length).toBeLessThanOrEqual(2000);
    expect(Math.max(...time.points.map((p: number[]) => p[1]))).toBeCloseTo(4, 2);
  });
});
