import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallArgs,
  createTestContext,
  requestAs,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../test/harness.ts';
import { assignEquipment, createIngestKey, createModel } from '../../test/plant.ts';

/**
 * Who sees which equipment (equipment-visibility.ts), route by route: MEMBER and SUPERMEMBER read the equipment
 * assigned to them and everything under it; anything else answers 404 exactly as an id that does not exist.
 */
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
const call = (...args: CallArgs) => requestAs(ctx.app, cookies, ...args);

interface Equipment {
  folder: string;
  tag: string;
  model: string;
  offline: string;
  waveform: string;
}
let assigned: Equipment;
let unassigned: Equipment;
const day = Date.parse('2026-11-20T00:00:00Z');
const range = `from=${new Date(day).toISOString()}&to=${new Date(day + 3_600_000).toISOString()}`;
const NOWHERE = '00000000-0000-4000-8000-000000000000';

async function created(...args: CallArgs): Promise<string> {
  const response = await call(...args);
  if (response.statusCode !== 201) throw new Error(`${args[2]}: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** A folder holding one tag with an online model (a series and a waveform) and an offline link. */
async function equipment(code: string, key: string): Promise<Equipment> {
  const folder = await created('ownerRvs', 'POST', '/api/v1/structure-item', {
    parentId: (
      await ctx.db
        .selectFrom('structure_items')
        .select('id')
        .where('company_id', '=', tenants.companyId)
        .where('is_primary_folder', '=', true)
        .executeTakeFirstOrThrow()
    ).id,
    structureItemType: 'Folder',
    structureItemTitle: `AREA ${code}`,
    companies_id: tenants.companyId,
  });
  const tag = await created('ownerRvs', 'POST', '/api/v1/equipment-tag', {
    structureItemTitle: code,
    structureItemAlias: `Pump ${code}`,
    structureItemType: 'EquipmentTag',
    equipmentGroupType: 'rotating',
    posLat: 13.7,
    posLng: 100.5,
    parentId: folder,
    companies_id: tenants.companyId,
    images: [],
  });
  const model = await createModel(ctx.app, tag, 5, {
    raw_vibration_sensor_in: [
      {
        sensorId: 'S1',
        sensorName: 'Pump DE',
        machine: 'driven',
        limits: [{ type: 'velocity', axis: 'x', warning: 2.8, alarm: 4.5 }],
      },
    ],
  });
  const offline = await created('ownerRvs', 'POST', '/api/v1/equipment-model-offlines', {
    equipmentTagId: tag,
    title: `Thermography ${code}`,
    linkUrl: 'https://example.com/thermo',
    isActive: 'active',
  });
  const ingest = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/measurements',
    headers: { authorization: `Bearer ${key}` },
    payload: { modelCode: model.code, points: [{ tag: 'S1.temperature', ts: day + 60_000, value: 40 }] },
  });
  expect(ingest.statusCode).toBeLessThan(300);
  const samples = Float32Array.from({ length: 4096 }, (_, i) => Math.sin((2 * Math.PI * 50 * i) / 4096));
  const query = new URLSearchParams({
    modelCode: model.code,
    sensor: 'S1',
    kind: 'vibration',
    channel: 'x',
    sampleRate: '4096',
    capturedAt: new Date(day).toISOString(),
    unit: 'm/s2',
    fileName: `S1_x_${code}.bin`,
    alias: `S1 ${code}`,
  });
  const waveform = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/ingest/waveforms?${query}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(samples.buffer),
  });
  expect(waveform.statusCode).toBeLessThan(300);
  return { folder, tag, model: model.id, offline, waveform: waveform.json().id };
}

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  const key = await createIngestKey(ctx.app, tenants.companyId);
  assigned = await equipment('A1', key);
  unassigned = await equipment('B1', key);
  await assignEquipment(ctx.db, tenants.users.member, assigned.tag);
  await assignEquipment(ctx.db, tenants.users.supmem, assigned.tag);
});
afterAll(() => ctx.close());

/** Every read that names a folder, tag, model, offline link, series, waveform, export or image. */
const reads: [string, (e: Equipment) => string][] = [
  ['folder overview', (e) => `/api/v1/structure-item/${e.folder}/overview`],
  ['equipment tag', (e) => `/api/v1/equipment-tag/${e.tag}`],
  ['tag images', (e) => `/api/v1/equipment-tag-images/${e.tag}`],
  ['models of a tag', (e) => `/api/v1/equipment-models?equipment_tag_id=${e.tag}`],
  ['offline links of a tag', (e) => `/api/v1/equipment-model-offlines?equipment_tag_id=${e.tag}`],
  ['offline link', (e) => `/api/v1/equipment-model-offlines/${e.offline}`],
  ['model with its configuration', (e) => `/api/v1/equipment-models/${e.model}`],
  ['motor data', (e) => `/api/v1/equipment-models/${e.model}/motor-data`],
  ['V-I locus', (e) => `/api/v1/equipment-models/${e.model}/v_and_i_locus`],
  ['persistence', (e) => `/api/v1/equipment-models/alarm-management/persistence/${e.model}`],
  ['configuration export', (e) => `/api/v1/equipment-models/${e.model}/export`],
  ['recommendation workbook', (e) => `/api/v1/equipment-models/${e.model}/recommendation`],
  ['series', (e) => `/api/v1/equipment-models/${e.model}/series`],
  ['series data', (e) => `/api/v1/equipment-models/${e.model}/series/data?tags=S1.temperature&${range}`],
  ['waveforms', (e) => `/api/v1/equipment-models/${e.model}/waveforms`],
  ['spectrum', (e) => `/api/v1/waveforms/${e.waveform}/spectrum`],
  ['envelope', (e) => `/api/v1/waveforms/${e.waveform}/envelope?low=100&high=1000`],
  ['time waveform', (e) => `/api/v1/waveforms/${e.waveform}/time`],
];
const nowhere: Equipment = {
  folder: NOWHERE,
  tag: NOWHERE,
  model: NOWHERE,
  offline: NOWHERE,
  waveform: NOWHERE,
};

describe.each(reads)('GET %s', (_name, url) => {
  it.each(['member', 'supmem'] as const)('as %s: 200 when assigned, 404 when not', async (who) => {
    expect((await call(who, 'GET', url(assigned))).statusCode).toBe(200);
    const refused = await call(who, 'GET', url(unassigned));
    const missing = await call(who, 'GET', url(nowhere));
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(missing.json());
  });

  it.each(['owner', 'ownerRvs', 'admin'] as const)('as %s: every equipment of the company', async (who) => {
    expect((await call(who, 'GET', url(unassigned))).statusCode).toBe(200);
  });

  it("as another company's owner: 404 with the body of an id that does not exist", async () => {
    const refused = await call('outsider', 'GET', url(assigned));
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual((await call('outsider', 'GET', url(nowhere))).json());
  });
});

describe('the tree and the dashboard', () => {
  it('show a member the assigned equipment only, with the folders leading to it', async () => {
    const tree = await call(
      'member',
      'GET',
      `/api/v1/structure-item-company?company_id=${tenants.companyId}`,
    );
    const titles = JSON.stringify(tree.json());
    expect(titles).toContain('"A1"');
    expect(titles).not.toContain('"B1"');
    expect(titles).not.toContain('AREA B1');
    const dashboard = (
      await call('member', 'GET', `/api/v1/companies/${tenants.companyId}/dashboard`)
    ).json();
    expect(dashboard.allEquipmentReportJson.map((e: { id: string }) => e.id)).toEqual([assigned.tag]);
  });
});

describe('inactive models', () => {
  it('are seen, with their series and waveforms, only by those who configure models', async () => {
    await ctx.db
      .updateTable('equipment_models')
      .set({ is_active: false })
      .where('id', '=', assigned.model)
      .execute();
    try {
      for (const [, url] of reads.filter(
        ([, url]) => url(assigned).includes(assigned.model) || url(assigned).includes(assigned.waveform),
      )) {
        expect((await call('member', 'GET', url(assigned))).statusCode).toBe(404);
        expect((await call('owner', 'GET', url(assigned))).statusCode).toBe(200);
      }
    } finally {
      await ctx.db
        .updateTable('equipment_models')
        .set({ is_active: true })
        .where('id', '=', assigned.model)
        .execute();
    }
  });
});

describe("another company's ids (issue 11 item 12)", () => {
  it('answer 404, not 403, for company routes too', async () => {
    const company = await call('outsider', 'GET', `/api/v1/companies/${tenants.companyId}/dashboard`);
    expect(company.statusCode).toBe(404);
    expect(company.json()).toEqual(
      (await call('outsider', 'GET', `/api/v1/companies/${NOWHERE}/dashboard`)).json(),
    );
  });
});
