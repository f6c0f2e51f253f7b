import { DEMO_SEED, demoPlant, injectedRotorBarDb, modelSimulator } from '@sdp/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';

/**
 * MCA calls (spec 02 §7, issue 13) on the demo plant's P102 (cracked rotor bar) and P103 (healthy): their captures
 * and meter scalars go through the ingest API and the analysis job, as the demo stream sends them. Tolerances are
 * written beside each assertion.
 */
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let key: string;
let owner: string;
let p102: { id: string; code: string };
let p103: { id: string; code: string };
let transformer: { id: string; code: string };

const DAY = 86_400_000;
const end = Date.parse('2026-11-22T02:00:00Z');
const origin = end - 90 * DAY;
const context = { seed: DEMO_SEED, origin, utcOffsetHours: 7 };
const plantOf = (tag: string) => demoPlant.models.find((m) => m.tagCode === tag)!;
const P102_DAYS = [0, 5, 10, 15, 20, 30, 45, 60, 75, 84, 87, 90];
const P103_DAYS = [80, 85, 90];
const fileOf = (code: string, channel: string, t: number) => `motor_${channel}_${code}_${t}.f32`;

async function post(url: string, payload: object) {
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${key}` },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
}

/** The demo stream of one motor at the given days: the meter's scalars and the three-phase capture. */
async function send(tag: string, model: { code: string }, days: number[]) {
  const simulator = modelSimulator(plantOf(tag), context);
  for (const day of days) {
    const t = origin + day * DAY;
    const sample = simulator.sample(t);
    await post('/api/v1/ingest/measurements', {
      modelCode: model.code,
      points: simulator.scalars.map((channel) => ({ tag: channel.tag, ts: t, value: sample[channel.tag]! })),
    });
    const capture = simulator.capture(t);
    for (const [i, channel] of simulator.waveforms.entries()) {
      await post('/api/v1/ingest/waveforms', {
        modelCode: model.code,
        sensor: channel.sensor,
        kind: channel.kind,
        channel: channel.channel,
        sampleRate: channel.sampleRate,
        capturedAt: new Date(t).toISOString(),
        unit: channel.unit,
        fileName: fileOf(tag, channel.channel, t),
        samples: Array.from(capture[i]!),
      });
    }
  }
}

const get = (url: string, cookie = owner) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const featureCount = async (modelId: string) =>
  Number(
    (
      await ctx.database.pool.query(
        `SELECT count(*) FROM measurements m JOIN series s ON s.id = m.series_id
         WHERE s.model_id = $1 AND s.tag = 'broken_rotor_bar'`,
        [modelId],
      )
    ).rows[0].count,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  key = await createIngestKey(ctx.app, tenants.companyId);
  owner = await signIn(ctx.app, 'owner@acme.test');
  p102 = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'P102'), 2, {
    motor_data_in: plantOf('P102').create.motor_data_in,
  });
  p103 = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'P103'), 2, {
    motor_data_in: plantOf('P103').create.motor_data_in,
  });
  transformer = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'TX7'), 1);
  await send('P102', p102, P102_DAYS);
  await send('P103', p103, P103_DAYS);
  // The analysis the ingest queues, run here in the test's own process: its features and statuses.
  for (const model of [p102, p103]) await ctx.services.analysis.analyse(model.id);
  expect(await featureCount(p102.id)).toBe(P102_DAYS.length);
  expect(await featureCount(p103.id)).toBe(P103_DAYS.length);
}, 480_000);
afterAll(() => ctx.close());

const base = (model: { id: string }) => `/api/v1/mca-result-data-new/${model.id}`;
const lastFile = (tag: string) => fileOf(tag, 'a', end);

describe('MCA capture files', () => {
  it('lists the captures newest first with the time in the company zone (Asia/Bangkok, +7 h)', async () => {
    const response = await get(`${base(p102)}/file_name?groupCode=FL`);
    expect(response.statusCode).toBe(200);
    const { files } = response.json();
    expect(files).toHaveLength(P102_DAYS.length);
    expect(files[0]).toMatchObject({
      fileName: lastFile('P102'),
      capturedAt: new Date(end).toISOString(),
      alias: '2026-11-22 09:00',
      sampleRateHz: 5120,
      samples: 16_384,
    });
  });

  it('answers 404 for a transformer and for another model’s capture', async () => {
    expect((await get(`${base(transformer)}/file_name`)).statusCode).toBe(404);
    const other = await get(`${base(p103)}/frequency?fileName=${lastFile('P102')}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toContain('fileName');
  });
});

describe('MCA current spectrum', () => {
  it("reads P102's lower rotor-bar sideband within 1.5 dB of what the simulator injected", async () => {
    const injected = injectedRotorBarDb(plantOf('P102'), context, end);
    const faults = (await get(`${base(p102)}/fault_frequency?fileName=${lastFile('P102')}`)).json();
    const [file] = faults.files;
    const lower = file.items.find((item: { name: string }) => item.name === 'Rotor bar fs(1−2s)');
    // Motor data: 1470 rpm, 4 poles on 50 Hz → s = 0.02, fs(1 − 2s) = 48 Hz.
    expect(lower.frequencyHz).toBeCloseTo(48, 1);
    for (const phase of ['IA', 'IB', 'IC'])
      expect(Math.abs(lower[phase] - injected.lowerDb)).toBeLessThan(1.5);
    const upper = file.items.find((item: { name: string }) => item.name === 'Rotor bar fs(1+2s)');
    expect(Math.abs(upper.IA - injected.upperDb)).toBeLessThan(1.5);
    // The spectrum drawn: the highest bin within 0.5 Hz of 48 Hz, dB below the supply (bin-centred, so up to
    // Hann's 1.42 dB scalloping below the interpolated level).
    const spectrum = (await get(`${base(p102)}/frequency?fileName=${lastFile('P102')}&groupCode=FL`)).json();
    const near = spectrum.series[0].data.filter((p: { FHZ: number }) => Math.abs(p.FHZ - 48) <= 0.5);
    const highest = Math.max(...near.map((p: { IA: number }) => p.IA));
    expect(Math.abs(highest - injected.lowerDb)).toBeLessThan(1.5);
    expect(spectrum.series[0].data.at(-1).FHZ).toBeLessThanOrEqual(250);
    // The supply reads 0 dB.
    const supply = spectrum.series[0].data.find((p: { FHZ: number }) => p.FHZ === 50);
    expect(supply.IA).toBeCloseTo(0, 1);
  });

  it('lists the DE/NDE 6316 bearing lines from the catalogue at 1470 rpm', async () => {
    const faults = (await get(`${base(p103)}/fault_frequency?fileName=${lastFile('P103')}`)).json();
    const [file] = faults.files;
    expect(file.bearings).toEqual([
      { position: 'DE', designation: '6316' },
      { position: 'NDE', designation: '6316' },
    ]);
    // BPFO = (n·fr/2)(1 − d/D) = 4 · 24.5 · (1 − 28.58/125) = 75.59 Hz → fs + BPFO = 125.59 Hz.
    const bpfo = file.items.find((item: { name: string }) => item.name === 'Bearing DE fs+BPFO');
    expect(bpfo.frequencyHz).toBeCloseTo(50 + 4 * 24.5 * (1 - 28.58 / 125), 6);
    expect(file.speedSource).toBe('motor data');
    // Machine Information's own 'Rated speed' (1480 rpm by default) is answered beside it, so the page can say which
    // one the lines use (issue 26 item 8).
    expect(file.rpm).toBe(1470);
    expect(file.configuredRpm).toBe(1480);
  });

  it('takes up to 5 captures and answers 400 for a sixth', async () => {
    const files = (await get(`${base(p102)}/file_name`))
      .json()
      .files.map((f: { fileName: string }) => f.fileName);
    const five = files
      .slice(0, 5)
      .map((f: string) => `fileName=${f}`)
      .join('&');
    const ok = await get(`${base(p102)}/frequency_3d?${five}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().series.map((s: { fileName: string }) => s.fileName)).toEqual(files.slice(0, 5));
    const six = await get(`${base(p102)}/frequency?${five}&fileName=${files[5]}`);
    expect(six.statusCode).toBe(400);
    expect(six.json().detail).toContain('fileName');
  });

  it('gives the time domain of a capture against seconds', async () => {
    const body = (await get(`${base(p102)}/time_domain?fileName=${lastFile('P102')}&maxPoints=20000`)).json();
    expect(body.data).toHaveLength(16_384);
    expect(body.data[1].ts).toBeCloseTo(1 / 5120, 12);
    // 172 ± 4 A RMS → peak √2 · 172 ≈ 243 A (within the load wander and the harmonics: 225–265 A).
    const peak = Math.max(...body.data.map((p: { Ia: number }) => Math.abs(p.Ia)));
    expect(peak).toBeGreaterThan(225);
    expect(peak).toBeLessThan(265);
  });
});

describe('MCA statuses and series', () => {
  it('turns P102 Rotor to alarm and keeps P103 normal', async () => {
    await expect
      .poll(async () => (await get(`${base(p102)}/diagram_status`)).json().rotorStatus, { timeout: 20_000 })
      .toBe(2);
    const p102Status = (await get(`${base(p102)}/diagram_status`)).json();
    expect(p102Status.overAllStatus).toBe(2);
    const healthy = (await get(`${base(p103)}/diagram_status`)).json();
    expect(healthy).toMatchObject({
      rotorStatus: 0,
      bearingStatus: 0,
      airgapStatus: 0,
      statorStatus: 0,
      mechanicalFailureStatus: 0,
      overAllStatus: 0,
    });
  });

  it('produces bearing_failure and load_oscillation for every capture, below their warnings on P103', async () => {
    const range = `startDate=${new Date(origin - DAY).toISOString()}&endDate=${new Date(end + DAY).toISOString()}`;
    const rows = (await get(`${base(p103)}/result_data_new?tabId=22&${range}&isNormal=true`)).json();
    for (const tag of ['bearing_failure', 'load_oscillation']) {
      const row = rows.find((r: { tagCode: string }) => r.tagCode === tag);
      expect(row.values).toHaveLength(P103_DAYS.length);
      for (const value of row.values) expect(value).toBeLessThan(row.warning);
    }
    // Frequency Detail's phase choice: every fault level per phase, the stored value being the worst of the three.
    for (const row of rows) {
      expect(row.phased).toBe(true);
      for (const phase of ['Ia', 'Ib', 'Ic']) expect(row[phase].timestamp).toEqual(row.timestamp);
      row.values.forEach((worst: number, i: number) => {
        expect(Math.max(row.Ia.values[i], row.Ib.values[i], row.Ic.values[i])).toBeCloseTo(worst, 4);
      });
    }
    const detail = (await get(`${base(p103)}/result_data_new?tabId=21&${range}&isNormal=true`)).json();
    const speed = detail.find((r: { tagCode: string }) => r.tagCode === 'speed');
    expect(speed.phased).toBe(true);
    // Estimated from fs + fr: 1470 rpm within one 0.3125 Hz bin (18.75 rpm).
    for (const value of speed.Ib.values) expect(Math.abs(value - 1470)).toBeLessThan(18.75);
    const i0 = detail.find((r: { tagCode: string }) => r.tagCode === 'i0');
    for (const value of i0.Ia.values) expect(Math.abs(value - 172)).toBeLessThan(10);
  });

  it('answers the diagnostic at both spellings, its residual rising with the rotor-bar sidebands', async () => {
    const range = `startDate=${new Date(origin - DAY).toISOString()}&endDate=${new Date(end + DAY).toISOString()}`;
    const spec = await get(`/api/v1/mca-result-diagnostic/${p102.id}/result_dianostic?${range}`);
    const alias = await get(`/api/v1/mca-result-diagnostic/${p102.id}/result_diagnostic?${range}`);
    expect(spec.statusCode).toBe(200);
    expect(alias.json()).toEqual(spec.json());
    const body = spec.json();
    expect(body.timestamp).toHaveLength(P102_DAYS.length);
    expect(body.rotor_bar_crack.unit).toBe('dB');
    expect(body.rotor_bar_crack.values.at(-1)).toBeGreaterThan(-40);
    expect(body.rotor_bar_crack.values[0]).toBeLessThan(-50);
    // The baseline is the model's first 14 captures: here all 12 sent, faulty ones included, so the residual has
    // no healthy reference to rise from; it is answered for every capture (the rise over a healthy baseline is the
    // demo's, with two healthy weeks first). The fault itself shows in the rotor-bar sidebands above.
    expect(body.baselineRecords).toBe(P102_DAYS.length);
    expect(body.omr.values).toHaveLength(P102_DAYS.length);
    for (const value of body.omr.values) expect(Number.isFinite(value) && value >= 0).toBe(true);
    expect(body.ground_fault.values.every((v: number | null) => v !== null)).toBe(true);
  });

  it('answers 400 naming the field for a reversed range and a wrong tab', async () => {
    const reversed = await get(
      `${base(p102)}/result_data_new?tabId=21&startDate=${new Date(end).toISOString()}&endDate=${new Date(origin).toISOString()}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toContain('endDate');
    const tab = await get(
      `${base(p102)}/result_data_new?tabId=5&startDate=${new Date(origin).toISOString()}&endDate=${new Date(end).toISOString()}`,
    );
    expect(tab.statusCode).toBe(400);
  });
});

describe('MCA spectra off the event loop (issue 23 item 9)', () => {
  it('answers 400 naming a capture without a supply peak, as computed on a compute thread', async () => {
    const t = origin - DAY;
    for (const channel of ['a', 'b', 'c'])
      await post('/api/v1/ingest/waveforms', {
        modelCode: p103.code,
        sensor: 'Motor current',
        kind: 'current',
        channel,
        sampleRate: 5120,
        capturedAt: new Date(t).toISOString(),
        unit: 'A',
        fileName: fileOf('P103', channel, t),
        samples: Array.from({ length: 4096 }, () => 0),
      });
    const silent = await get(`${base(p103)}/frequency?fileName=${fileOf('P103', 'a', t)}&groupCode=FL`);
    expect(silent.statusCode).toBe(400);
    expect(silent.json().detail).toMatch(
      new RegExp(
        `^fileName: capture '${fileOf('P103', 'a', t)}' has no supply peak \\(no supply peak found near 50 Hz`,
      ),
    );
  });
});
