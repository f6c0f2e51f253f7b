import { duvalTriangle1 } from '@sdp/analytics';
import { DEMO_SEED, demoPlant, modelSimulator } from '@sdp/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';

/**
 * PD captures and the PRPD scatter (issue 12 item 5.8), and the transformer panels (item 4) on the demo plant's TX1
 * and TX2: what the simulator sends goes through the ingest API; expected values are computed here, apart from the
 * server, from the simulator's own samples.
 */
let ctx: TestContext;
let key: string;
let owner: string;
let outsider: string;
let rvs: { id: string };
const DAY = 86_400_000;
const end = Date.parse('2026-11-22T02:00:00Z');
const origin = end - 90 * DAY;
const context = { seed: DEMO_SEED, origin, utcOffsetHours: 7 };
const plant = (tag: string) => demoPlant.models.find((m) => m.tagCode === tag)!;
const simulators = { TX1: modelSimulator(plant('TX1'), context), TX2: modelSimulator(plant('TX2'), context) };
const models: Record<'TX1' | 'TX2', { id: string; code: string }> = {} as never;
const WINDOW = 'Main tank UHF Window';

const get = (url: string, cookie: string = owner) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/waveforms',
    headers: { authorization: `Bearer ${key}` },
    payload,
  });

/** The simulator's PD capture of a sub-module at t. */
function pdCapture(tag: 'TX1' | 'TX2', subModule: string, t: number): Float32Array {
  const simulator = simulators[tag];
  const i = simulator.waveforms.findIndex((w) => w.kind === 'pd' && w.sensor === subModule);
  return simulator.capture(t)[i]!;
}
const fileName = (subModule: string, t: number) => `${subModule.replaceAll(' ', '_')}_${t}.f32`;

beforeAll(async () => {
  ctx = await createTestContext();
  const tenants = await seedTenants(ctx.db);
  key = await createIngestKey(ctx.app, tenants.companyId);
  for (const tag of ['TX1', 'TX2'] as const) {
    models[tag] = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, tag), 1);
    const simulator = simulators[tag];
    // Every scalar at day 90, and the PD captures of both sub-modules on day 0 and day 90.
    const sample = simulator.sample(end);
    const points = Object.entries(sample).map(([name, value]) => ({ tag: name, ts: end, value }));
    const measured = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/measurements',
      headers: { authorization: `Bearer ${key}` },
      payload: { modelCode: models[tag].code, points },
    });
    expect(measured.json().accepted).toBe(points.length);
    for (const t of [origin, end]) {
      for (const channel of simulator.waveforms.filter((w) => w.kind === 'pd')) {
        const response = await post({
          modelCode: models[tag].code,
          sensor: channel.sensor,
          kind: 'pd',
          channel: channel.channel,
          sampleRate: channel.sampleRate,
          capturedAt: new Date(t).toISOString(),
          unit: channel.unit,
          fileName: fileName(channel.sensor, t),
          alias: channel.alias,
          samples: Array.from(pdCapture(tag, channel.sensor, t)),
        });
        if (response.statusCode !== 200) throw new Error(response.body);
      }
    }
  }
  rvs = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'P9'), 5);
  owner = await signIn(ctx.app, 'owner@acme.test');
  outsider = await signIn(ctx.app, 'outsider@other.test');
});
afterAll(() => ctx.close());

describe('PD capture ingest', () => {
  const base = {
    sensor: WINDOW,
    kind: 'pd',
    channel: 'a',
    sampleRate: 50,
    capturedAt: new Date(end - DAY).toISOString(),
    unit: 'pC',
    fileName: 'bad.f32',
  };
  it('refuses an odd sample count and a phase outside 0–360°, storing nothing', async () => {
    const odd = await post({
      ...base,
      modelCode: models.TX1.code,
      samples: Array.from({ length: 17 }, () => 1),
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().detail).toMatch(/pairs/);
    const phase = await post({
      ...base,
      modelCode: models.TX1.code,
      samples: [...Array.from({ length: 16 }, () => 10), 400, 5],
    });
    expect(phase.statusCode).toBe(400);
    expect(phase.json().detail).toBe('Pulse 9: the phase 400° is outside 0–360°.');
    const files = (
      await get(`/api/v1/advance-analysis/pd-files?modelId=${models.TX1.id}&subModule=${WINDOW}`)
    ).json();
    expect(files.files.map((f: { fileName: string }) => f.fileName)).not.toContain('bad.f32');
  });
});

describe('PD files', () => {
  it('lists the sub-modules in spec order and the files of the first, newest first', async () => {
    const response = await get(`/api/v1/advance-analysis/pd-files?modelId=${models.TX1.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.subModules).toEqual([
      { subModule: 'Main tank UHF drain valve', captures: 2 },
      { subModule: WINDOW, captures: 2 },
    ]);
    expect(body.subModule).toBe('Main tank UHF drain valve');
    expect(body.files.map((f: { capturedAt: string }) => Date.parse(f.capturedAt))).toEqual([end, origin]);
    expect(body.files[0]).toMatchObject({ alias: 'Main tank UHF drain valve PRPD' });
  });

  it('answers 404 to another company and 400 to another type of model', async () => {
    const other = await get(`/api/v1/advance-analysis/pd-files?modelId=${models.TX1.id}`, outsider);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toHaveProperty('detail');
    const wrong = await get(`/api/v1/advance-analysis/pd-files?modelId=${rvs.id}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/transformer models/);
  });
});

/** PRPD of a capture computed here: 72 × 50 cells from 0 pC to the largest pulse, [phase, charge, count]. */
function expectedScatter(pairs: Float32Array, phaseBins = 72, chargeBins = 50) {
  const pulses = pairs.length / 2;
  let peak = 0;
  for (let i = 0; i < pulses; i++) peak = Math.max(peak, pairs[2 * i + 1]!);
  const cells = new Map<string, number>();
  for (let i = 0; i < pulses; i++) {
    const p = Math.min(phaseBins - 1, Math.floor((pairs[2 * i]! / 360) * phaseBins));
    const c = Math.min(chargeBins - 1, Math.floor((pairs[2 * i + 1]! / peak) * chargeBins));
    const id = `${(p + 0.5) * (360 / phaseBins)}|${((c + 0.5) * peak) / chargeBins}`;
    cells.set(id, (cells.get(id) ?? 0) + 1);
  }
  return { pulses, peak, cells };
}

describe('PD result (PRPD scatter)', () => {
  const result = (tag: 'TX1' | 'TX2', subModule: string, t: number, extra = '') =>
    get(
      `/api/v1/advance-analysis/pd-result?modelId=${models[tag].id}&subModule=${encodeURIComponent(subModule)}&fileName=${fileName(subModule, t)}${extra}`,
    );

  it('bins every pulse of the stored capture as computed apart', async () => {
    const response = await result('TX1', WINDOW, end);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const expected = expectedScatter(pdCapture('TX1', WINDOW, end));
    expect(body).toMatchObject({
      subModule: WINDOW,
      referencePhase: 'a',
      powerFrequencyHz: 50,
      unit: 'pC',
      pulses: expected.pulses,
      phaseBins: 72,
      chargeBins: 50,
    });
    expect(body.peakChargePc).toBeCloseTo(expected.peak, 6);
    expect(body.chargeRangePc).toEqual([0, body.peakChargePc]);
    // Every pulse is in one cell; the cells and counts match (centres to 1e-6 pC / degree).
    expect(body.points.reduce((sum: number, p: number[]) => sum + p[2]!, 0)).toBe(expected.pulses);
    expect(body.points).toHaveLength(expected.cells.size);
    const key6 = (phase: number, charge: number) => `${phase.toFixed(6)}|${charge.toFixed(6)}`;
    const got = new Map(body.points.map((p: number[]) => [key6(p[0]!, p[1]!), p[2]]));
    for (const [id, count] of expected.cells) {
      const [phase, charge] = id.split('|').map(Number) as [number, number];
      expect(got.get(key6(phase, charge)), id).toBe(count);
    }
    expect(body.maxCount).toBe(Math.max(...expected.cells.values()));
    expect(body.positivePulses + body.negativePulses).toBe(expected.pulses);
  });

  it("shows TX1's void discharges growing over the 90 days and TX2 staying low", async () => {
    const tx1Start = (await result('TX1', WINDOW, origin)).json();
    const tx1End = (await result('TX1', WINDOW, end)).json();
    const tx2End = (await result('TX2', WINDOW, end)).json();
    // Activity 0.1 → 1: about 300 → 1760 pulses; the healthy unit about 190 (noise floor plus a trace).
    expect(tx1End.pulses).toBeGreaterThan(4 * tx1Start.pulses);
    expect(tx2End.pulses).toBeLessThan(tx1End.pulses / 5);
    expect(tx1End.peakChargePc).toBeGreaterThan(3 * tx2End.peakChargePc);
    // Voids: both half-cycles; most pulses away from the voltage zero crossings (0–90° and 180–270° clusters).
    expect(tx1End.positivePulses).toBeGreaterThan(0.3 * tx1End.pulses);
    expect(tx1End.negativePulses).toBeGreaterThan(0.3 * tx1End.pulses);
  });

  it('takes other grids and refuses bad ones and unknown files with {detail}', async () => {
    const fine = (await result('TX1', WINDOW, end, '&phaseBins=360&chargeBins=100')).json();
    const expected = expectedScatter(pdCapture('TX1', WINDOW, end), 360, 100);
    expect(fine.points).toHaveLength(expected.cells.size);
    const bad = await result('TX1', WINDOW, end, '&phaseBins=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/phaseBins/);
    const unknown = await get(
      `/api/v1/advance-analysis/pd-result?modelId=${models.TX1.id}&subModule=${WINDOW}&fileName=nope.f32`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(`The PD sub-module ${WINDOW} has no capture nope.f32.`);
    const other = await result('TX1', WINDOW, end);
    expect(other.statusCode).toBe(200);
    const outside = await get(
      `/api/v1/advance-analysis/pd-result?modelId=${models.TX1.id}&subModule=${WINDOW}&fileName=${fileName(WINDOW, end)}`,
      outsider,
    );
    expect(outside.statusCode).toBe(404);
  });
});

describe('transformer panels on the demo plant (tr-summary-status)', () => {
  it('shows the stored value of every panel item, with its limits and status', async () => {
    const body = (await get(`/api/v1/equipment-models/tr-summary-status/${models.TX1.id}`)).json();
    const sample = simulators.TX1.sample(end);
    for (const group of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] as const) {
      for (const item of body[group]) expect(item.value, item.tagCode).toBe(sample[item.tagCode]);
    }
    // C: the oil level (a low-direction tag: warning 30 %, alarm 20 %) is there for its bar.
    expect(body.c.find((i: { tagCode: string }) => i.tagCode === 'accessory_oil_level')).toMatchObject({
      warning: 30,
      alarm: 20,
      unit: '%',
      status: 0,
      direction: 'low',
    });
    // E: main-tank PD under its 300 pC warning on day 90, in pC.
    expect(body.e.find((i: { tagCode: string }) => i.tagCode === 'pd_main_tank')).toMatchObject({
      unit: 'pC',
      status: 0,
      direction: 'high',
    });
    // A: the gauge scale is 1.2 × the alarm (load factor alarm 120 % → 144 %).
    expect(body.a[0]).toMatchObject({ value: sample.load_factor, alarm: 120, scaleMax: 144 });
  });

  it("gives the OLTC a Duval zone (panel I): the simulator's OLTC CH4, C2H4 and C2H2", async () => {
    for (const tag of ['TX1', 'TX2'] as const) {
      const body = (await get(`/api/v1/equipment-models/tr-summary-status/${models[tag].id}`)).json();
      const s = simulators[tag].sample(end);
      const zone = duvalTriangle1({ ch4: s.oltc_ch4!, c2h4: s.oltc_c2h4!, c2h2: s.oltc_c2h2! }).zone;
      expect(zone).not.toBeNull();
      expect(body.dga.oltc.zone, tag).toBe(zone);
      expect(body.i.map((item: { tagCode: string }) => item.tagCode)).toContain('oltc_ch4');
    }
  });
});
