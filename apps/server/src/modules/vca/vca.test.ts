import { DEMO_SEED, demoPlant, modelSimulator, VSD_SAMPLE_RATE_HZ } from '@sdp/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';

/**
 * VCA calls (spec 02 §7) on the demo plant's VSD1 over 90 days, stored through the ingest API exactly as the demo
 * stream sends it. Expected values are computed here independently of the server (plain loops over the samples
 * sent); floating results compared to 9 significant digits unless said.
 */
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let key: string;
let owner: string;
let outsider: string;
let vsd: { id: string; code: string };
let tx: { id: string; code: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const end = Date.parse('2026-11-22T02:00:00Z');
const origin = end - 90 * DAY;
const plantVsd = demoPlant.models.find((m) => m.tagCode === 'VSD1')!;
const simulator = modelSimulator(plantVsd, { seed: DEMO_SEED, origin, utcOffsetHours: 7 });
const capacitorRow = plantVsd.create.vsd_alarm_limit_sensor_new_in!.find(
  (r) => r.tagCode === 'dc_link_capacitor',
)!;
const sent: { t: number; sample: Record<string, number> }[] = [];

async function ingest(code: string, points: { tag: string; ts: number; value: number }[]) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/measurements',
    headers: { authorization: `Bearer ${key}` },
    payload: { modelCode: code, points },
  });
  if (response.statusCode >= 300) throw new Error(`ingest: ${response.body}`);
}

const get = (url: string, cookie = owner) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const range = (from: number, to: number) =>
  `startDate=${new Date(from).toISOString()}&endDate=${new Date(to).toISOString()}`;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  key = await createIngestKey(ctx.app, tenants.companyId);
  owner = await signIn(ctx.app, 'owner@acme.test');
  outsider = await signIn(ctx.app, 'outsider@other.test');
  const { model_in: _modelIn, ...sections } = plantVsd.create;
  vsd = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'VSD1'), 3, sections);
  tx = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'TX9'), 1);
  // Every scalar of the demo drive each 30 minutes for 90 days, as the demo history sends them.
  const points = [];
  for (let t = origin + 1_800_000; t <= end; t += 1_800_000) {
    const sample = simulator.sample(t);
    sent.push({ t, sample });
    for (const [tag, value] of Object.entries(sample)) points.push({ tag, ts: t, value });
  }
  for (let i = 0; i < points.length; i += 20_000) await ingest(vsd.code, points.slice(i, i + 20_000));
  // Two daily captures of the output currents.
  for (const at of [end - DAY, end]) {
    const capture = simulator.capture(at);
    for (const [i, channel] of simulator.waveforms.entries()) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/ingest/waveforms',
        headers: { authorization: `Bearer ${key}` },
        payload: {
          modelCode: vsd.code,
          sensor: channel.sensor,
          kind: channel.kind,
          channel: channel.channel,
          sampleRate: channel.sampleRate,
          capturedAt: new Date(at).toISOString(),
          unit: channel.unit,
          fileName: `${channel.sensor}_${channel.channel}_${at}.f32`,
          alias: channel.alias,
          samples: Array.from(capture[i]!),
        },
      });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  }
}, 120_000);
afterAll(() => ctx.close());

/** Miner's sum by hand: 10 °C rule life L0·2^((T0 − T)/10) of each 30-minute step at the step's first temperature. */
function handMiner(untilT: number) {
  const l0 = capacitorRow.l0!;
  const t0 = capacitorRow.tmax!;
  let damage = (capacitorRow.initial_day! * capacitorRow.avg_rate!) / capacitorRow.expectedLifeTime!;
  let lastLife = Number.NaN;
  const temps = sent.filter((s) => s.t <= untilT);
  for (let i = 1; i < temps.length; i++) {
    const before = temps[i - 1]!.sample['dc_link_capacitor.temperature']!;
    const hours = (temps[i]!.t - temps[i - 1]!.t) / HOUR;
    lastLife = l0 * 2 ** ((t0 - before) / 10);
    damage += hours / lastLife;
  }
  return { damage, rulPercent: 100 * (1 - damage), years: ((1 - damage) * lastLife) / 8760 };
}

describe('VCA remaining life on VSD1', () => {
  it('stores the demo expected life in hours and counts 2,600 days of use as 0.75 of it', () => {
    expect(capacitorRow.expectedLifeTime).toBe(83_200);
    expect((2600 * 24) / capacitorRow.expectedLifeTime!).toBeCloseTo(0.75, 12);
  });

  it('answers the RUL series whose last point is the hand Miner sum over the whole history', async () => {
    const response = await get(
      `/api/v1/vca-result-data/rul?modelId=${vsd.id}&tagCode=dc_link_capacitor&${range(end - 30 * DAY, end + 1)}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const hand = handMiner(end);
    expect(body.timestamp.at(-1)).toBe(end);
    expect(body.data.at(-1)).toBeCloseTo(hand.rulPercent, 9);
    expect(body.mi).toBeCloseTo(hand.damage, 9);
    expect(body.rulYears.at(-1)).toBeCloseTo(hand.years, 9);
    // The ageing capacitors are below 10 % by day 90 (alarm class), above 20 % on day 60 of the range start.
    expect(body.data.at(-1)).toBeLessThan(10);
    expect(body.data[0]).toBeGreaterThan(body.data.at(-1));
    expect(body.timestamp[0]).toBeGreaterThanOrEqual(end - 30 * DAY);
    expect(body.rating).toEqual({
      l0Hours: capacitorRow.l0,
      t0C: capacitorRow.tmax,
      initialDays: 2600,
      hoursPerDay: 24,
      expectedLifeHours: 83_200,
    });
    // Each point's status is the card's RUL class (issue 26 item 8): the worse of the percent class and the time
    // class (under 90 days at least a warning, under 30 days an alarm), so a point above 20 % with weeks left is not
    // 'Normal' in the chart's tooltip while the card says warning.
    expect(body.status).toHaveLength(body.data.length);
    body.data.forEach((percent: number, i: number) => {
      const days = body.rulYears[i] * 365.25;
      const byPercent = percent > 20 ? 0 : percent >= 10 ? 1 : 2;
      const byTime = days < 30 ? 2 : days < 90 ? 1 : 0;
      expect(body.status[i], `point ${i}: ${percent} %, ${days} days`).toBe(Math.max(byPercent, byTime));
    });
    expect(body.status.at(-1)).toBe(2);
    // A range ending earlier is the Miner sum up to its end (history before the range counts).
    const earlier = await get(
      `/api/v1/vca-result-data/rul?modelId=${vsd.id}&tagCode=dc_link_capacitor&${range(end - 60 * DAY, end - 30 * DAY)}`,
    );
    const lastEarlier = earlier.json().timestamp.at(-1);
    expect(earlier.json().data.at(-1)).toBeCloseTo(handMiner(lastEarlier).rulPercent, 9);
  });

  it('overall: capacitor in RUL class 2 (under 10 %), fan in class 0, years shown with one decimal or > 15', async () => {
    const response = await get(`/api/v1/vca-result-data/overall?modelId=${vsd.id}&resultType=rul_p_y`);
    expect(response.statusCode).toBe(200);
    const [capacitor, fan] = response.json();
    const hand = handMiner(end);
    expect(capacitor.tag.tagCode).toBe('dc_link_capacitor');
    expect(capacitor.status).toBe(2);
    expect(capacitor.values[0]).toEqual({
      resultType: 'rul_percent',
      value: expect.closeTo(hand.rulPercent, 9),
      display: hand.rulPercent.toFixed(1),
    });
    expect(capacitor.values[1].display).toBe(hand.years > 15 ? '> 15' : hand.years.toFixed(1));
    expect(fan.tag.tagCode).toBe('cooling_fan');
    expect(fan.status).toBe(0);
    expect(fan.values[0].value).toBeGreaterThan(40);
  });

  it('temperature: the part temperature with alarm at T0 and warning 10 °C below', async () => {
    const response = await get(
      `/api/v1/vca-result-data/temperature?modelId=${vsd.id}&tagCode=dc_link_capacitor&${range(end - 2 * DAY, end + 1)}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.alarm).toBe(capacitorRow.tmax);
    expect(body.warning).toBe(capacitorRow.tmax! - 10);
    // Two days of 30-minute points under 1,000 pixel columns: every point, unthinned.
    const expected = sent.filter((s) => s.t >= end - 2 * DAY);
    expect(body.data).toEqual(expected.map((s) => s.sample['dc_link_capacitor.temperature']));
  });
});

describe('VCA diagram and trend signals on VSD1', () => {
  it('diagram: capacitor and RUL in alarm, the load gauge at the last motor load with scale 1.2 × alarm', async () => {
    const response = await get(`/api/v1/vca-result-data/diagram?modelId=${vsd.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const last = sent.at(-1)!.sample;
    const item = (code: string) => body.items.find((i: { tagCode: string }) => i.tagCode === code);
    expect(item('dc_link_capacitor').status).toBe(2);
    expect(item('cooling_fan').status).toBe(0);
    expect(item('rul').status).toBe(2);
    expect(item('overall_status').status).toBe(2);
    expect(body.percentLoad.value).toBe(last.motor_load);
    expect(body.percentLoad.scaleMax).toBeCloseTo(1.2 * body.percentLoad.alarm, 9);
    expect(body.vsd.map((r: { tagCode: string }) => r.tagCode)).toEqual([
      'dc_bus_voltage',
      'heatsink_temperature',
      'output_current',
      'control_card_temperature',
    ]);
    expect(body.vsd[0].value).toBe(last.dc_bus_voltage);
  });

  it('trend signal: every trend tag with its limits; a group id narrows to its tags', async () => {
    const all = await get(
      `/api/v1/vca-model-trend-signal/trend-signal/new?modelId=${vsd.id}&${range(end - DAY, end + 1)}`,
    );
    expect(all.statusCode).toBe(200);
    expect(all.json().map((s: { tagCode: string }) => s.tagCode)).toHaveLength(7);
    const ripple = await get(
      `/api/v1/vca-model-trend-signal/trend-signal/new?modelId=${vsd.id}&sensorId=3301&${range(end - DAY, end + 1)}`,
    );
    const [series] = ripple.json();
    expect(series).toMatchObject({ tagCode: 'dc_ripple', unit: 'V', warning: 15, alarm: 25 });
    expect(series.data).toEqual(sent.filter((s) => s.t >= end - DAY).map((s) => s.sample.dc_ripple));
  });

  it('answers 400 naming the field for a reversed range, an unknown sensor and a model of another type', async () => {
    const reversed = await get(
      `/api/v1/vca-model-trend-signal/trend-signal/new?modelId=${vsd.id}&${range(end, end - DAY)}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toMatch(/endDate/);
    const unknown = await get(
      `/api/v1/vca-model-trend-signal/trend-signal/new?modelId=${vsd.id}&sensorId=1101&${range(end - DAY, end)}`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/sensorId/);
    const transformer = await get(`/api/v1/vca-result-data/diagram?modelId=${tx.id}`);
    expect(transformer.statusCode).toBe(400);
    expect(transformer.json().detail).toMatch(/modelId/);
  });

  it("answers 404 for another company's model", async () => {
    const response = await get(`/api/v1/vca-result-data/diagram?modelId=${vsd.id}`, outsider);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBeTruthy();
  });
});

describe('VCA Current Analysis on VSD1', () => {
  it('lists the captures newest first and plots Ia/Ib/Ic against seconds', async () => {
    const files = (await get(`/api/v1/vca-result-data/file-names?modelId=${vsd.id}&groupCode=TD`)).json();
    expect(files.map((f: { capturedAt: string }) => Date.parse(f.capturedAt))).toEqual([end, end - DAY]);
    const response = await get(
      `/api/v1/vca-result-data/time-domain?modelId=${vsd.id}&fileName=${encodeURIComponent(files[0].fileName)}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const capture = simulator.capture(end);
    expect(body.points).toHaveLength(capture[0]!.length);
    expect(body.points[10].ts).toBeCloseTo(10 / VSD_SAMPLE_RATE_HZ, 12);
    expect(body.points[10].Ia).toBe(capture[0]![10]);
    expect(body.points[10].Ic).toBe(capture[2]![10]);
  });

  it('frequency: the fundamental at the output frequency, its level 20·log10(peak A) within 0.1 dB', async () => {
    const [file] = (await get(`/api/v1/vca-result-data/file-names?modelId=${vsd.id}&groupCode=FD`)).json();
    const response = await get(
      `/api/v1/vca-result-data/frequency?modelId=${vsd.id}&fileName=${encodeURIComponent(file.fileName)}`,
    );
    expect(response.statusCode).toBe(200);
    const { points, resolutionHz } = response.json();
    const peak = points.reduce((a: { IA: number }, b: { IA: number }) => (b.IA > a.IA ? b : a));
    // Output current at day 90: √2 · (160 · load + 25) A at 50 · ∛load Hz (packages/simulator drive.ts).
    const load = sent.at(-1)!.sample.motor_load! / 100;
    expect(Math.abs(peak.FHZ - 50 * Math.cbrt(load))).toBeLessThan(2 * resolutionHz);
    // Hann scalloping loss is up to 1.42 dB off-bin: the peak bin lies within it.
    expect(peak.IA).toBeGreaterThan(20 * Math.log10(Math.SQRT2 * (160 * load + 25)) - 1.5);
    expect(peak.IA).toBeLessThan(20 * Math.log10(Math.SQRT2 * (160 * load + 25)) + 0.1);
  });

  it('answers 404 naming fileName for a capture the model does not have', async () => {
    const response = await get(`/api/v1/vca-result-data/time-domain?modelId=${vsd.id}&fileName=nope.f32`);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toMatch(/fileName/);
  });
});
