import { duvalTriangle1 } from '@sdp/analytics';
import { DEMO_SEED, demoPlant, modelSimulator } from '@sdp/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';

/**
 * Transformer calls (spec 02 §7) on data stored through the ingest API. Expected values are hand calculations
 * written beside each assertion; floating results are compared to 1e-6 relative (toBeCloseTo 6 digits) unless said.
 */
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let key: string;
let owner: string;
let outsider: string;
let tx: { id: string; code: string };
let rvs: { id: string; code: string };
const day = Date.parse('2026-11-20T00:00:00Z');
const MIN = 60_000;
const SCORE = 'top_oil_temperature_vs_load_factor';
// Reference locus of phase A: x = 10·cos, y = 2·sin → a 10, b 2, angle 0, e √(1 − 0.04), area 20π.
const REFERENCE = { locus_name: 'Phase A', a: 10, b: 2, angle: 0, e: Math.sqrt(0.96), area: 20 * Math.PI };

async function ingest(code: string, points: { tag: string; ts: number; value: number }[]) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/measurements',
    headers: { authorization: `Bearer ${key}` },
    payload: { modelCode: code, points },
  });
  if (response.statusCode >= 300) throw new Error(`ingest: ${response.body}`);
}

async function waveform(kind: 'current' | 'voltage', fileName: string, at: number, samples: number[]) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/waveforms',
    headers: { authorization: `Bearer ${key}` },
    payload: {
      modelCode: tx.code,
      sensor: 'Phase A',
      kind,
      channel: 'a',
      sampleRate: 5000,
      capturedAt: new Date(at).toISOString(),
      unit: kind === 'current' ? 'A' : 'V',
      fileName,
      samples,
    },
  });
  if (response.statusCode >= 300) throw new Error(`waveform: ${response.body}`);
}

/** 10 cycles of 50 Hz at 5 kHz: current amplitude `a` (cosine), voltage drop amplitude 2 (sine). */
async function locusCapture(fileName: string, at: number, a: number) {
  const w = (i: number) => (2 * Math.PI * 50 * i) / 5000;
  await waveform(
    'current',
    fileName,
    at,
    Array.from({ length: 1000 }, (_, i) => a * Math.cos(w(i))),
  );
  await waveform(
    'voltage',
    fileName,
    at,
    Array.from({ length: 1000 }, (_, i) => 2 * Math.sin(w(i))),
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  key = await createIngestKey(ctx.app, tenants.companyId);
  tx = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'TX9'), 1, {
    v_and_i_locus_in: [REFERENCE],
    q_setting_in: [
      {
        tagCode: ['top_oil_temperature', 'load_factor'],
        tagA: 'load_factor',
        tagB: 'top_oil_temperature',
        score: SCORE,
        warning: 3,
        alarm: 5,
      },
    ],
  });
  rvs = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'P9'), 5);
  owner = await signIn(ctx.app, 'owner@acme.test');
  outsider = await signIn(ctx.app, 'outsider@other.test');
  // Load factor 50 % for minutes 0–59, 100 % for minutes 60–119; top oil = 20 + 0.5 × load factor.
  const points = Array.from({ length: 120 }, (_, i) => [
    { tag: 'load_factor', ts: day + i * MIN, value: i < 60 ? 50 : 100 },
    { tag: 'top_oil_temperature', ts: day + i * MIN, value: 20 + 0.5 * (i < 60 ? 50 : 100) },
  ]).flat();
  // Two DGA samples: day 0 CH4 30, C2H4 60, C2H2 10 (T3); day 1 CH4 60, C2H4 38, C2H2 2 (T2).
  const dga = [
    { ts: day, ch4: 30, c2h4: 60, c2h2: 10 },
    { ts: day + 86_400_000, ch4: 60, c2h4: 38, c2h2: 2 },
  ].flatMap(({ ts, ...gases }) => Object.entries(gases).map(([tag, value]) => ({ tag, ts, value })));
  await ingest(tx.code, [...points, ...dga]);
  await locusCapture('LA_1', day, 10);
  await locusCapture('LA_2', day + 86_400_000, 10.6);
});
afterAll(() => ctx.close());

const get = (url: string, cookie: string = owner) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const range = (from: number, to: number) =>
  `startDate=${new Date(from).toISOString()}&endDate=${new Date(to).toISOString()}`;
const twoDays = range(day, day + 2 * 86_400_000);

describe('transformer summary', () => {
  it('answers panels, DGA zone and badges from the stored values', async () => {
    const response = await get(`/api/v1/equipment-models/tr-summary-status/${tx.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // Latest DGA is the day-1 sample: %CH4 60, %C2H4 38, %C2H2 2 → T2 (C2H2 < 4, 20 ≤ C2H4 < 50).
    expect(body.dga.main_tank).toMatchObject({ zone: 'T2', description: 'Thermal fault 300–700 °C' });
    const c2h2 = body.h.find((item: { tagCode: string }) => item.tagCode === 'c2h2');
    // C2H2 2 ppm against the default limits warning 1, alarm 9 → warning.
    expect(c2h2).toMatchObject({ value: 2, warning: 1, alarm: 9, status: 1 });
    expect(body.tr_diagram_status.h).toBe(1);
    // No OLTC, PD … samples: those panels are offline (-1); the worst badge is H's warning.
    expect(body.tr_diagram_status.e).toBe(-1);
    expect(body.tr_diagram_status.summaryHealthStatus).toBe(1);
    // Panel A: load 100 %, scale 1.2 × alarm 120 = 144; apparent power 1.00 × 50 MVA = 5e7 VA.
    expect(body.a[0]).toMatchObject({ value: 100, alarm: 120, scaleMax: 144, subValue: 5e7 });
    expect(body.a[1]).toMatchObject({ tagCode: 'consumption_apparent_power_va', value: 5e7 });
    expect(body.d.map((item: { phase: string }) => item.phase)).toEqual(['A', 'B', 'C']);
  });

  it('model summary: status, open fault events and last data time', async () => {
    const body = (await get(`/api/v1/equipment-models/${tx.id}/summary`)).json();
    expect(body).toMatchObject({ id: tx.id, modelCode: tx.code, modelTypeId: 1, openFaultEvents: 0 });
    expect(Date.parse(body.lastDataAt)).toBe(day + 86_400_000);
  });

  it('refuses another type (400), another company (404) and unknown models (404)', async () => {
    const wrong = await get(`/api/v1/equipment-models/tr-summary-status/${rvs.id}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/transformer models/);
    expect((await get(`/api/v1/equipment-models/tr-summary-status/${tx.id}`, outsider)).statusCode).toBe(404);
    expect(
      (await get('/api/v1/equipment-models/tr-summary-status/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
    expect((await get(`/api/v1/advance-analysis/dga-result?modelId=${tx.id}`, outsider)).statusCode).toBe(
      404,
    );
  });
});

describe('health monitoring', () => {
  it('answers every tag of the DGA tab with its limits', async () => {
    const response = await get(
      `/api/v1/health_monitoring/tr-model-result-data/new?modelId=${tx.id}&sensorId=3&${twoDays}`,
    );
    expect(response.statusCode).toBe(200);
    const ch4 = response.json().find((s: { tagCode: string }) => s.tagCode === 'ch4');
    expect(ch4).toMatchObject({ unit: 'ppm', warning: 120, alarm: 400, data: [30, 60] });
    expect(ch4.timestamp).toEqual([day, day + 86_400_000]);
  });

  it('names the field of reversed and too long ranges', async () => {
    const reversed = await get(
      `/api/v1/health_monitoring/tr-model-result-data/new?modelId=${tx.id}&sensorId=1105&${range(day, day - 1)}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toMatch(/endDate/);
    const long = await get(
      `/api/v1/health_monitoring/tr-model-result-data/new?modelId=${tx.id}&sensorId=1105&${range(day - 200 * 86_400_000, day)}`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toMatch(/endDate: the range is at most 186 days/);
    const unknown = await get(
      `/api/v1/health_monitoring/tr-model-result-data/new?modelId=${tx.id}&sensorId=2101&${twoDays}`,
    );
    expect(unknown.statusCode).toBe(400);
  });
});

describe('DGA', () => {
  it('dga-result at a time takes the sample at or before it', async () => {
    const at = new Date(day + 3_600_000).toISOString();
    const body = (await get(`/api/v1/advance-analysis/dga-result?modelId=${tx.id}&datetime=${at}`)).json();
    // Day 0: 30 + 60 + 10 = 100 ppm → 30 %, 60 %, 10 %; C2H2 < 15 and C2H4 ≥ 50 → T3.
    expect(body).toMatchObject({ ch4_level: 30, c2h4_level: 60, c2h2_level: 10, new_result: { zone: 'T3' } });
    expect(body.ch4_level_cal).toBeCloseTo(30, 6);
    // Plot point x = %C2H4/100 + 0.5·%CH4/100 = 0.75, y = (√3/2)·0.30.
    expect(body.point.x).toBeCloseTo(0.75, 9);
    expect(body.point.y).toBeCloseTo((Math.sqrt(3) / 2) * 0.3, 9);
    // C2H2 10 ppm ≥ alarm 9 → alarm colour.
    expect(body.new_result.colorCode).toBe('#D9263B');
  });

  it('dga-raw places every sample; the OLTC without CH4 gives no diagnosis', async () => {
    const raw = (await get(`/api/v1/advance-analysis/dga-raw?modelId=${tx.id}&${twoDays}`)).json();
    expect(raw.map((s: { zone: string }) => s.zone)).toEqual(['T3', 'T2']);
    expect(raw[1].x).toBeCloseTo(0.38 + 0.3, 9);
    const oltc = (await get(`/api/v1/advance-analysis/dga-result?modelId=${tx.id}&sensorType=oltc`)).json();
    expect(oltc.new_result.zone).toBeNull();
    expect(oltc.new_result.description).toMatch(/oltc_ch4/);
  });

  it('dga-detail gives the seven zones; the calculator computes a manual sample', async () => {
    const detail = (await get('/api/v1/advance-analysis/dga-detail')).json();
    expect(detail.zones.map((z: { zone: string }) => z.zone)).toEqual([
      'PD',
      'T1',
      'T2',
      'T3',
      'D1',
      'D2',
      'DT',
    ]);
    const calc = (await get('/api/v1/advance-analysis/dga-calculate?ch4=99&c2h4=1&c2h2=0')).json();
    expect(calc.zone).toBe('PD');
    expect((await get('/api/v1/advance-analysis/dga-calculate?ch4=1&c2h4=1')).statusCode).toBe(400);
  });
});

describe('losses', () => {
  it('matches the hand calculation of P0 + Pk·K²', async () => {
    const response = await get(
      `/api/v1/advance-analysis/transformer-losses?modelId=${tx.id}&${range(day, day + 7_200_000)}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ noLoadLossKw: 28, ratedLoadLossKw: 190 });
    // mean K² = (60·0.25 + 60·1)/120 = 0.625 → 28 + 190·0.625 = 146.75 kW; mean K = 0.75.
    expect(body.summary.samples).toBe(120);
    expect(body.summary.meanLoadFactor).toBeCloseTo(0.75, 9);
    expect(body.summary.meanTotalLossKw).toBeCloseTo(146.75, 9);
    // Energy: 60 min × 75.5 kW + 59 min × 218 kW (the last sample has no interval) = 17 392 kW·min.
    expect(body.summary.energyKwh).toBeCloseTo(17_392 / 60, 6);
    // A point at K = 1: load 190 kW, total 218 kW.
    expect(body.points.at(-1).slice(1)).toEqual([1, 190, 218]);
  });
});

describe('V–I locus', () => {
  it('lists loci and captures, newest as present', async () => {
    const list = (await get(`/api/v1/vi-locus/locus-list?modelId=${tx.id}`)).json();
    expect(list[0]).toMatchObject({ locus_name: 'Phase A', a: 10, b: 2 });
    const files = (await get(`/api/v1/vi-locus/files?modelId=${tx.id}&locusName=Phase%20A`)).json();
    expect(files.default).toEqual({ locusName: 'Phase A', presentFile: 'LA_2', laseFile: 'LA_1' });
  });

  it('fits the present ellipse and diagnoses the change against the reference', async () => {
    const response = await get(
      `/api/v1/vi-locus/result?modelId=${tx.id}&locusName=Phase%20A&presentFile=LA_2&lastFile=LA_1`,
    );
    expect(response.statusCode).toBe(200);
    const { table, result_list } = response.json();
    // Present a = 10.6, b = 2: Δa = +6 %, Δarea = +6 % ≥ alarm 5 % → status 2, rule area ≥ 5 → Radial Displacement.
    expect(table.present.a).toBeCloseTo(10.6, 3);
    expect(table.present.b).toBeCloseTo(2, 3);
    expect(table.last.a).toBeCloseTo(10, 3);
    expect(table.roc_present_referance.area).toBeCloseTo(6, 2);
    expect(table.roc_present_last.a).toBeCloseTo(6, 2);
    expect(table).toMatchObject({ status: 2, fault_diag: 'Radial Displacement' });
    expect(result_list.map((r: { sub_module: string }) => r.sub_module)).toEqual([
      'reference',
      'last',
      'present',
    ]);
    const missing = await get(
      `/api/v1/vi-locus/result?modelId=${tx.id}&locusName=Phase%20A&presentFile=nope`,
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('correlation', () => {
  it('q-setting, score limits and tag A against tag B with its baseline', async () => {
    const q = (await get(`/api/v1/correlation/q-setting?modelId=${tx.id}`)).json();
    expect(q).toEqual([
      { score: SCORE, tagA: 'load_factor', tagB: 'top_oil_temperature', warning: 3, alarm: 5 },
    ]);
    const score = (
      await get(`/api/v1/correlation/score-result?modelId=${tx.id}&score=${SCORE}&${twoDays}`)
    ).json();
    expect(score).toMatchObject({ tagScore: SCORE, warning: 3, alarm: 5 });
    const tags = (
      await get(
        `/api/v1/correlation/tag-result?modelId=${tx.id}&tagA=load_factor&tagB=top_oil_temperature&${twoDays}`,
      )
    ).json();
    expect(tags.pairs).toHaveLength(120);
    expect(tags.pairs[0]).toEqual([day, 50, 45]);
    // top oil = 20 + 0.5 × load factor exactly: slope 0.5, intercept 20.
    expect(tags.baseline.slope).toBeCloseTo(0.5, 9);
    expect(tags.baseline.intercept).toBeCloseTo(20, 9);
  });
});

describe('on the demo plant: TX1 over 90 days', () => {
  // TX1 of the demo plant (packages/simulator): its generator, its settings, the demo seed; day 90 is `end`.
  const end = Date.parse('2026-11-22T02:00:00Z');
  const origin = end - 90 * 86_400_000;
  const plantTx1 = demoPlant.models.find((m) => m.tagCode === 'TX1')!;
  const simulator = modelSimulator(plantTx1, { seed: DEMO_SEED, origin, utcOffsetHours: 7 });
  let tx1: { id: string; code: string };

  beforeAll(async () => {
    tx1 = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'TX1'), 1, {
      v_and_i_locus_in: plantTx1.create.v_and_i_locus_in,
    });
    // The DGA history the demo sends: CH4, C2H4, C2H2 every 2 hours over the 90 days.
    const points = [];
    for (let t = origin; t <= end; t += 2 * 3_600_000) {
      const sample = simulator.sample(t);
      for (const tag of ['ch4', 'c2h4', 'c2h2']) points.push({ tag, ts: t, value: sample[tag]! });
    }
    for (let i = 0; i < points.length; i += 5000) await ingest(tx1.code, points.slice(i, i + 5000));
    // The last two daily locus captures of phase A, as the demo stream sends them.
    for (const at of [end - 86_400_000, end]) {
      const capture = simulator.capture(at);
      for (const [i, channel] of simulator.waveforms.entries()) {
        if (channel.sensor !== 'Phase A') continue;
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/ingest/waveforms',
          headers: { authorization: `Bearer ${key}` },
          payload: {
            modelCode: tx1.code,
            sensor: channel.sensor,
            kind: channel.kind,
            channel: channel.channel,
            sampleRate: channel.sampleRate,
            capturedAt: new Date(at).toISOString(),
            unit: channel.unit,
            fileName: `PhaseA_${channel.kind}_${at}.f32`,
            samples: Array.from(capture[i]!),
          },
        });
        if (response.statusCode !== 200) throw new Error(response.body);
      }
    }
  });

  it("moves from T1 into T2 and H turns to alarm (the plant's thermal fault)", async () => {
    const first = (
      await get(
        `/api/v1/advance-analysis/dga-result?modelId=${tx1.id}&datetime=${new Date(origin).toISOString()}`,
      )
    ).json();
    expect(first.new_result.zone).toBe('T1');
    const summary = (await get(`/api/v1/equipment-models/tr-summary-status/${tx1.id}`)).json();
    // Independent reference: Duval Triangle 1 of the simulator's own last sample.
    const last = simulator.sample(end);
    expect(summary.dga.main_tank.zone).toBe(
      duvalTriangle1({ ch4: last.ch4!, c2h4: last.c2h4!, c2h2: last.c2h2! }).zone,
    );
    expect(summary.dga.main_tank.zone).toBe('T2');
    // C2H4 passed its alarm (100 ppm) on day 84.
    expect(summary.h.find((item: { tagCode: string }) => item.tagCode === 'c2h4').status).toBe(2);
    expect(summary.tr_diagram_status.h).toBe(2);
    const raw = (
      await get(`/api/v1/advance-analysis/dga-raw?modelId=${tx1.id}&${range(origin, end + 1)}&maxPoints=100`)
    ).json();
    expect(raw).toHaveLength(100);
    expect(raw[0].zone).toBe('T1');
    expect(raw.at(-1).zone).toBe('T2');
  });

  it('its V–I locus stays Normal against the reference of its settings', async () => {
    const files = (await get(`/api/v1/vi-locus/files?modelId=${tx1.id}&locusName=Phase%20A`)).json();
    expect(files.files).toHaveLength(2);
    const { presentFile, laseFile } = files.default;
    const result = (
      await get(
        `/api/v1/vi-locus/result?modelId=${tx1.id}&locusName=Phase%20A&presentFile=${presentFile}&lastFile=${laseFile}`,
      )
    ).json();
    const reference = plantTx1.create.v_and_i_locus_in![0]!;
    // Tolerance: the simulator's wander is under 0.5 % of the axes.
    expect(Math.abs(result.table.present.a / reference.a - 1)).toBeLessThan(0.005);
    expect(result.table).toMatchObject({ status: 0, fault_diag: 'Normal' });
  });
});
