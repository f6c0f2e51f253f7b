import { type FailureModeFacts, predictedFailureRecommendation, predictedFailureWords } from '@sdp/contracts';
import { DEMO_SEED, demoPlant, modelSimulator } from '@sdp/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';

/**
 * RVS calls (spec 03 §7.1–7.2) on the demo plant's P101 pump train: captures of the simulator stored through the
 * ingest API as the demo stream sends them (days 10, 50, 70 and 89 of the fault timeline). Fault frequencies are
 * checked against the catalogue formulas written out here (Harris; ANALYTICS.md §2.1), to 1e-9 Hz.
 */
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let key: string;
let owner: string;
let admin: string;
let outsider: string;
let p101: { id: string; code: string };

const DAY = 86_400_000;
const end = Date.parse('2026-11-22T02:00:00Z');
const origin = end - 90 * DAY;
const plant = demoPlant.models.find((m) => m.tagCode === 'P101')!;
const simulator = modelSimulator(plant, { seed: DEMO_SEED, origin, utcOffsetHours: 7 });
const DAYS = [10, 50, 70, 89];
const at = (day: number) => origin + day * DAY;
const fileOf = (sensor: string, channel: string, t: number) => `${sensor}_${channel}_${t}.f32`;
/** 6309 (catalogue id 7) at 1480 rpm, the pump DE bearing. */
const SHAFT_HZ = 1480 / 60;
const n = 8;
const ratio = 17.46 / 72.5;
const expected = {
  bpfo: ((n * SHAFT_HZ) / 2) * (1 - ratio),
  bpfi: ((n * SHAFT_HZ) / 2) * (1 + ratio),
  ftf: (SHAFT_HZ / 2) * (1 - ratio),
  bsf: ((72.5 * SHAFT_HZ) / (2 * 17.46)) * (1 - ratio ** 2),
};

const get = (url: string, cookie = owner) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const pde = 'P101-PDE';
const mde = 'P101-MDE';

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  await ctx.db
    .updateTable('companies')
    .set({ rvs_upgrade: true })
    .where('id', '=', tenants.companyId)
    .execute();
  key = await createIngestKey(ctx.app, tenants.companyId);
  owner = await signIn(ctx.app, 'owner@acme.test');
  admin = await signIn(ctx.app, 'admin@acme.test');
  outsider = await signIn(ctx.app, 'outsider@other.test');
  const { model_in: _modelIn, ...sections } = plant.create;
  p101 = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'P101'), 5, sections);
  for (const day of DAYS) {
    const t = at(day);
    const capture = simulator.capture(t);
    for (const [i, channel] of simulator.waveforms.entries()) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/ingest/waveforms',
        headers: { authorization: `Bearer ${key}` },
        payload: {
          modelCode: p101.code,
          sensor: channel.sensor,
          kind: channel.kind,
          channel: channel.channel,
          sampleRate: channel.sampleRate,
          capturedAt: new Date(t).toISOString(),
          unit: channel.unit,
          fileName: fileOf(channel.sensor, channel.channel, t),
          alias: channel.alias,
          samples: Array.from(capture[i]!),
        },
      });
      if (response.statusCode >= 300) throw new Error(`waveform: ${response.body}`);
    }
  }
}, 300_000);

afterAll(async () => {
  await ctx?.close();
});

const latest = fileOf(pde, 'y', at(89));
const spectrumUrl = (query: string) => `/api/v1/rvs-graph-result/spectrum?modelId=${p101.id}&${query}`;

describe('RVS spectrum', () => {
  it('puts the BPFO, BPFI, BSF and FTF marks of the demo bearing on the catalogue formulas', async () => {
    for (const mark of ['bpfo', 'bpfi', 'bsf', 'ftf'] as const) {
      const response = await get(
        spectrumUrl(`sensor=${pde}&phase=envelope&axis=y&fileNames=${latest}&mark=mark_${mark}`),
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.shaftSource).toBe('sensor');
      expect(body.marks[0].label).toBe(mark.toUpperCase());
      expect(Math.abs(body.marks[0].frequencyHz - expected[mark])).toBeLessThan(1e-9);
      expect(Math.abs(body.marks[1].frequencyHz - 2 * expected[mark])).toBeLessThan(1e-9);
      expect(body.table[0]).toMatchObject({
        sensor_name: 'Pump DE',
        phase: 'envelope',
        axis: 'V',
        mark_type: mark.toUpperCase(),
      });
    }
  });

  it('has the envelope spectrum peak nearest BPFO within one bin of it on the faulty bearing', async () => {
    const body = (
      await get(spectrumUrl(`sensor=${pde}&phase=envelope&axis=y&fileNames=${latest}&mark=mark_bpfo`))
    ).json();
    const [series] = body.series as { resolutionHz: number; data: [number, number][] }[];
    const near = series!.data.filter(([hz]) => Math.abs(hz - expected.bpfo) <= 0.05 * expected.bpfo);
    const top = near.reduce((best, point) => (point[1] > best[1] ? point : best));
    expect(Math.abs(top[0] - expected.bpfo)).toBeLessThanOrEqual(series!.resolutionHz);
    expect(body.unit).toBe('gE');
  });

  it('reduces each spectrum to `width` lines, each column at its peak, and reads the table from every line (issue 23 item 9)', async () => {
    const query = `sensor=${pde}&phase=acceleration&axis=y&fileNames=${latest}`;
    const whole = (await get(spectrumUrl(query))).json();
    const [full] = whole.series as { data: [number, number][] }[];
    // The default keeps a capture of this length whole.
    expect(full!.data.length).toBeGreaterThan(500);
    const narrow = (await get(spectrumUrl(`${query}&width=500`))).json();
    const [reduced] = narrow.series as { data: [number, number][] }[];
    expect(reduced!.data.length).toBeLessThanOrEqual(500);
    const top = (data: [number, number][]) =>
      data.reduce((best, point) => (point[1] > best[1] ? point : best));
    // The highest line survives at its own frequency; the table (five highest peaks) is the same.
    expect(top(reduced!.data)).toEqual(top(full!.data));
    expect(reduced!.data.every(([hz, level]) => full!.data.some(([h, l]) => h === hz && l === level))).toBe(
      true,
    );
    expect(narrow.table).toEqual(whole.table);
    const tooWide = await get(spectrumUrl(`${query}&width=100001`));
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().detail).toMatch(/^querystring\.width: /);
  });

  it('answers 404 for a data set of another sensor, 400 for too many data sets and a reversed range', async () => {
    const other = fileOf(mde, 'y', at(89));
    const wrong = await get(spectrumUrl(`sensor=${pde}&phase=velocity&axis=y&fileNames=${other}`));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().detail).toContain('fileNames');
    const many = Array.from({ length: 11 }, (_, i) => `f${i}`).join(',');
    const tooMany = await get(spectrumUrl(`sensor=${pde}&phase=velocity&axis=y&fileNames=${many}`));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toContain('fileNames');
    const reversed = await get(
      `/api/v1/rvs-graph-result/trend?modelId=${p101.id}&phase=velocity&sensor=${pde}&startDate=${new Date(at(80)).toISOString()}&endDate=${new Date(at(10)).toISOString()}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toContain('endDate');
  });

  it('hides the model from another company (404)', async () => {
    const response = await get(
      spectrumUrl(`sensor=${pde}&phase=velocity&axis=y&fileNames=${latest}`),
      outsider,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('RVS waterfall and waveform', () => {
  it('reduces each line of the waterfall to the chart width and gives the waveform in g with the spec 9.81', async () => {
    const names = DAYS.map((day) => fileOf(pde, 'y', at(day))).join(',');
    const waterfall = (
      await get(
        `/api/v1/rvs-graph-result/waterfall?modelId=${p101.id}&sensorId=${pde}&phase=acceleration&axis=y&fileNames=${names}&width=300`,
      )
    ).json();
    expect(waterfall.series).toHaveLength(4);
    for (const line of waterfall.series) expect(line.data.length).toBeLessThanOrEqual(300);
    const url = (phase: string) =>
      `/api/v1/rvs-graph-result/time-waveform?modelId=${p101.id}&sensor=${pde}&phase=${phase}&axis=y&fileNames=${latest}`;
    const ms2 = (await get(url('acceleration'))).json().series[0].data as [number, number][];
    const g = (await get(url('accelerationG'))).json().series[0].data as [number, number][];
    expect(g[100]![1]).toBeCloseTo(ms2[100]![1] / 9.81, 9);
    expect(ms2[1]![0]).toBeCloseTo(1 / 25_600, 12);
  });
});

type Chip = {
  mode: string;
  failure_desc: string;
  facts: FailureModeFacts;
  percent: number;
  recommend: string;
  recommendSource: string;
};

describe('RVS predicted failures and failure history', () => {
  it('names the outer race of P101 pump DE with a percent, and finds nothing on the motor DE', async () => {
    const response = await get(`/api/v1/rvs-failure-mode/model-failure-mode/${p101.id}`);
    expect(response.statusCode).toBe(200);
    const rows = response.json() as {
      sensor_id: string;
      is_abnormaly: boolean;
      alarms: Chip[];
      warnings: Chip[];
    }[];
    const pump = rows.find((row) => row.sensor_id === pde)!;
    const chips = [...pump.alarms, ...pump.warnings];
    const bearing = chips.find((chip) => chip.mode === 'bearing');
    expect(bearing?.failure_desc).toContain('outer race');
    // Each chip carries the facts of its description: said in English they are the engine's own words, and the
    // Thai page says the same facts in Thai.
    for (const chip of rows.flatMap((row) => [...row.alarms, ...row.warnings])) {
      expect(predictedFailureWords(chip.facts, 'en')).toBe(chip.failure_desc);
      // The model has no recommendation workbook: the engine's default, which the Thai page says by the mode's key.
      expect(chip.recommendSource).toBe('engine');
      expect(predictedFailureRecommendation(chip.facts, 'en')).toBe(chip.recommend);
    }
    expect(predictedFailureWords(bearing!.facts, 'th')).toMatch(
      /^รางนอกของตลับลูกปืนเสียหาย \(BPFO [0-9.]+ Hz\): สูงกว่าพื้นหลัง/,
    );
    expect(bearing?.percent).toBeGreaterThan(0);
    expect(rows.find((row) => row.sensor_id === mde)?.is_abnormaly).toBe(false);
  });

  it('shows the bearing failure mode rising from normal to warning or alarm over the fault timeline', async () => {
    const response = await get(
      `/api/v1/rvs-failure-mode/graph/history-failure-mode/${p101.id}?sensorId=${pde}&startdate=${new Date(origin).toISOString()}&enddate=${new Date(end).toISOString()}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json() as { timestamps: number[]; series: { name: string; data: number[] }[] };
    expect(body.timestamps).toEqual(DAYS.map(at));
    const bearing = body.series.find((series) => series.name === 'Bearing')!.data;
    expect(bearing[0]).toBe(0);
    expect(bearing.at(-1)).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < bearing.length; i++) expect(bearing[i]).toBeGreaterThanOrEqual(bearing[i - 1]!);
  });
});

describe('RVS upgrade lock (spec 03 §2.3, §6)', () => {
  it('refuses Parameter Trend, Failure History and Predicted Failures to an OWNER of a company without the upgrade, not to an admin', async () => {
    await ctx.db
      .updateTable('companies')
      .set({ rvs_upgrade: false })
      .where('id', '=', tenants.companyId)
      .execute();
    try {
      const range = `startDate=${new Date(origin).toISOString()}&endDate=${new Date(end).toISOString()}`;
      const locked = [
        `/api/v1/rvs-result/fault-parameters?modelId=${p101.id}`,
        `/api/v1/rvs-result/parameter-trend?modelId=${p101.id}&sensorId=${pde}&parameter=unbalance&keyValue=amplitude_1x&${range}`,
        `/api/v1/rvs-failure-mode/graph/history-failure-mode/${p101.id}?sensorId=${pde}&${range.replace('startDate', 'startdate').replace('endDate', 'enddate')}`,
        `/api/v1/rvs-failure-mode/model-failure-mode/${p101.id}`,
      ];
      for (const url of locked) {
        const refused = await get(url, owner);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().detail).toContain('RVS upgrade');
        expect((await get(url, admin)).statusCode, url).toBe(200);
      }
      // The rest of the view stays open.
      expect((await get(`/api/v1/rvs-graph-result/sensors?modelId=${p101.id}`, owner)).statusCode).toBe(200);
    } finally {
      await ctx.db
        .updateTable('companies')
        .set({ rvs_upgrade: true })
        .where('id', '=', tenants.companyId)
        .execute();
    }
  });

  it('gives the parameter trend with fast and slow averages to an upgraded company', async () => {
    const range = `startDate=${new Date(origin).toISOString()}&endDate=${new Date(end).toISOString()}`;
    const response = await get(
      `/api/v1/rvs-result/parameter-trend?modelId=${p101.id}&sensorId=${pde}&parameter=bearing&keyValue=envelope_db&${range}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.timestamps).toHaveLength(4);
    expect(body.series.map((s: { axis: string }) => s.axis)).toEqual(['H', 'V', 'A']);
    const v = body.series[1];
    expect(v.data_fast[2]).toBeCloseTo((v.data[0] + v.data[1] + v.data[2]) / 3, 9);
    // The limits the bearing evaluation compares the defect dB with (issue 26 item 3: the tooltip names them).
    expect(body.series.map((s: { warning: number; alarm: number }) => [s.warning, s.alarm])).toEqual([
      [14, 20],
      [14, 20],
      [14, 20],
    ]);
  });
});
