import type { ModelSettings } from '@sdp/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallArgs,
  CSRF,
  createTestContext,
  requestAs,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../../test/harness.ts';
import { assignEquipment, seedEquipment } from '../../../test/plant.ts';
import { ACTIVATION_REFUSED } from './models.service.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
let tagId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  tagId = await seedEquipment(ctx.db, tenants.companyId, 'T1');
  // Members read the equipment assigned to them (auth/equipment-visibility.test.ts covers the unassigned).
  await assignEquipment(ctx.db, tenants.users.member, tagId);
  cookies = await signInTenants(ctx.app);
});
afterAll(() => ctx.close());

type Who = Tenant | null;
const call = (...args: CallArgs) => requestAs(ctx.app, cookies, ...args);

const create = async (typeId: number, extra: Record<string, unknown> = {}, who: Who = 'admin') => {
  const response = await call(who, 'POST', '/api/v1/equipment-models', {
    equipment_tag_id: tagId,
    model_in: { title: `Model ${typeId}`, equipmentModelTypeId: typeId },
    ...extra,
  });
  return response;
};
const detail = async (id: string) => (await call('admin', 'GET', `/api/v1/equipment-models/${id}`)).json();
/** The update form a client sends back: the settings document as read. */
const formOf = (model: { settings: Record<string, unknown> }) =>
  structuredClone(model.settings) as ModelSettings;

// Full payloads per type, as the edit page would send them.
const full: Record<number, Record<string, unknown>> = {
  1: {
    alarm_management: { persistence_from: 2, persistence_to: 4 },
    alarm_limit_sensor_new_in: [
      {
        sensorTypeId: 1701,
        sensorGroupId: 17,
        warning: 90,
        alarm: 600,
        isSelect: true,
        isAlert: true,
        rul_warning: null,
        rul_alarm: null,
      },
      {
        sensorTypeId: 1204,
        sensorGroupId: 12,
        warning: 35,
        alarm: 25,
        isSelect: true,
        isAlert: false,
        rul_warning: null,
        rul_alarm: null,
      },
    ],
    v_and_i_locus_in: [{ locus_name: 'HV-A', a: 1.2, b: 0.4, angle: 32.5, e: 0.94, area: 1.51 }],
    q_setting_in: [
      {
        tagCode: ['top_oil_temperature', 'load_factor'],
        tagA: 'top_oil_temperature',
        tagB: 'load_factor',
        score: 'top_oil_temperature_load_factor',
        warning: 3,
        alarm: 5,
      },
    ],
  },
  2: {
    motor_data_in: [{ modelConfigurationTagCode: 'rated_speed', title: 'Rated speed', value: 1470 }],
    mca_alarm_limit_sensor_new: [
      {
        sensorTypeId: 2101,
        sensorGroupId: 21,
        warning: -46,
        alarm: -41,
        rul_warning: null,
        rul_alarm: null,
        isSelect: true,
        isAlert: true,
      },
    ],
  },
  3: {
    motor_data_in: [{ modelConfigurationTagCode: 'motor_power', title: 'Motor rated power', value: 75 }],
    vsd_alarm_limit_sensor_new_in: [
      {
        sensorTypeId: 3101,
        sensorGroupId: 31,
        tagCode: 'dc_link_capacitor',
        brandId: 1,
        vsdModelId: 101,
        initial_day: 120,
        avg_rate: 20,
        l0: 5000,
        tmax: 105,
        expectedLifeTime: 131_400,
        warning: 20,
        alarm: 10,
        rul_warning: 20,
        rul_alarm: 10,
        isSelect: true,
        isAlert: true,
      },
    ],
    vsd_tag_alarm_limit_in: [
      {
        sensorTypeId: 3202,
        sensorGroupId: 32,
        warning: 70,
        alarm: 80,
        rul_warning: null,
        rul_alarm: null,
        isSelect: true,
        isAlert: true,
      },
    ],
    vsd_trend_signal_alarm_limit_sensor: [
      {
        sensorTypeId: 3301,
        sensorGroupId: 33,
        warning: 12,
        alarm: 20,
        rul_warning: null,
        rul_alarm: null,
        isSelect: true,
        isAlert: false,
      },
    ],
  },
  4: {
    vibration_sensor_in: [
      {
        sensorId: 'EVS-01',
        sensorName: 'Fan DE',
        acceleration: { warning: 10, alarm: 20 },
        velocity: { warning: 2.8, alarm: 4.5 },
        temperature: { warning: 80, alarm: 95 },
        sensorPointId: 7,
        machineTemplateId: 2,
        selected: true,
      },
    ],
  },
  5: {
    model_in: { title: 'Model 5', equipmentModelTypeId: 5, isRVSRealtimeReport: true },
    raw_vibration_sensor_in: [
      {
        sensorId: 'RVS-01',
        sensorName: 'Pump DE',
        positionType: 'Horizontal',
        machine: 'driven',
        bearingId: 1,
        rotatingSpeed: 1797,
        axisLabels: { x: 'H', y: 'V', z: 'A' },
        limits: [
          { type: 'velocity', axis: 'x', warning: 2.8, alarm: 4.5 },
          { type: 'envelope', axis: 'z', warning: 2, alarm: 4 },
        ],
        temperatureLimit: { warning: 80, alarm: 95 },
        batteryLimit: { warning: 20, alarm: 10 },
      },
    ],
    rvs_diagram_in: { diagram_url: '/api/v1/files/equipment-tags/diagram.png' },
  },
};

describe('each of the five types', () => {
  it.each([1, 2, 3, 4, 5])(
    'creates type %i with a full payload and returns what was sent',
    async (typeId) => {
      const { model_in, ...sections } = full[typeId] as Record<string, unknown>;
      const response = await create(typeId, { ...sections, ...(model_in ? { model_in } : {}) });
      expect(response.statusCode).toBe(201);
      const model = await detail(response.json().id);
      expect(model).toMatchObject({
        equipmentModelTypeId: typeId,
        isActive: 'active',
        modelCode: expect.stringMatching(/^T1-/),
      });
      for (const [section, value] of Object.entries(sections)) expect(model.settings[section]).toEqual(value);
      // Every information item of the type, with its default value.
      const items = (
        await call('member', 'GET', `/api/v1/equipments/model-types/${typeId}/configuration-informations`)
      ).json();
      expect(model.equipmentModelConfiguration.map((c: { itemId: number }) => c.itemId)).toEqual(
        items.map((i: { id: number }) => i.id),
      );
      expect(model.settings.configuration_in).toEqual(items.map((i: { id: number }) => i.id));
    },
  );

  it.each([1, 2, 3, 4, 5])(
    'updates type %i in every section and reads back the same form',
    async (typeId) => {
      const id = (await create(typeId)).json().id;
      const form = formOf(await detail(id));
      form.model_in.title = `Renamed ${typeId}`;
      form.alarm_management = { persistence_from: 4, persistence_to: 6 };
      form.configuration_in = form.configuration_in.slice(0, 2);
      const { model_in: _createOnly, ...sections } = structuredClone(full[typeId]) as Record<string, unknown>;
      Object.assign(form, sections);
      const saved = await call('owner', 'PUT', `/api/v1/equipment-models/${id}`, form);
      expect(saved.statusCode).toBe(200);
      const again = await detail(id);
      expect(again.title).toBe(`Renamed ${typeId}`);
      expect(formOf(again)).toEqual({ ...form, model_in: { ...form.model_in, isActive: 'active' } });
      expect(again.equipmentModelConfiguration.filter((c: { selected: boolean }) => c.selected)).toHaveLength(
        2,
      );
    },
  );

  it('merges a partial PUT section by section: what is left out keeps its stored limits (issue 23)', async () => {
    const id = (await create(1)).json().id;
    const before = formOf(await detail(id));
    const h2 = before.alarm_limit_sensor_new_in.find((row) => row.sensorTypeId === 1701);
    expect(h2).toMatchObject({ warning: 100, alarm: 700 });
    // An API client sends the persistence alone: the alarm limits, title and configuration stay as stored.
    const partial = await call('owner', 'PUT', `/api/v1/equipment-models/${id}`, {
      alarm_management: { persistence_from: 5, persistence_to: 7 },
    });
    expect(partial.statusCode).toBe(200);
    const after = formOf(await detail(id));
    expect(after).toEqual({ ...before, alarm_management: { persistence_from: 5, persistence_to: 7 } });
    // One section sent replaces that section whole; an empty list empties it, on purpose.
    const rows = [{ ...(h2 as NonNullable<typeof h2>), warning: 150, alarm: 650 }];
    const one = await call('owner', 'PUT', `/api/v1/equipment-models/${id}`, {
      model_in: { title: 'Renamed alone' },
      alarm_limit_sensor_new_in: rows,
    });
    expect(one.statusCode).toBe(200);
    const merged = await detail(id);
    expect(merged.title).toBe('Renamed alone');
    expect(formOf(merged)).toEqual({
      ...after,
      model_in: { ...after.model_in, title: 'Renamed alone' },
      alarm_limit_sensor_new_in: rows,
    });
    // A partial document that breaks the merged whole is refused (400) and changes nothing.
    const bad = await call('owner', 'PUT', `/api/v1/equipment-models/${id}`, {
      alarm_limit_sensor_new_in: [{ ...rows[0], warning: 900 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('the warning limit must be below the alarm limit');
    expect(formOf(await detail(id))).toEqual(formOf(merged));
  });

  it('gives new models the defaults of their type', async () => {
    const transformer = await detail((await create(1)).json().id);
    expect(transformer.settings.alarm_management).toEqual({ persistence_from: 3, persistence_to: 5 });
    const h2 = transformer.settings.alarm_limit_sensor_new_in.find(
      (row: { sensorTypeId: number }) => row.sensorTypeId === 1701,
    );
    expect(h2).toMatchObject({ warning: 100, alarm: 700, isSelect: true });
    const rvs = await detail((await create(5)).json().id);
    expect(rvs.settings.raw_vibration_sensor_in).toEqual([]);
    expect(rvs.settings.alarm_limit_sensor_new_in).toEqual([]);
  });
});

describe('bad input is refused and changes nothing', () => {
  let id: string;
  let form: ModelSettings;
  beforeAll(async () => {
    id = (await create(1)).json().id;
    form = formOf(await detail(id));
  });

  const refuse = async (mutate: (f: ModelSettings) => void, detailText: string) => {
    const bad = structuredClone(form);
    mutate(bad);
    const response = await call('admin', 'PUT', `/api/v1/equipment-models/${id}`, bad);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(detailText);
    expect(formOf(await detail(id))).toEqual(form);
  };

  it('warning above alarm for a rising value', () =>
    refuse((f) => {
      f.alarm_limit_sensor_new_in[0]!.warning = 999;
      f.alarm_limit_sensor_new_in[0]!.alarm = 10;
      f.model_in.title = 'must not be saved';
    }, 'the warning limit must be below the alarm limit'));

  it('warning below alarm for a falling value (oil level)', () =>
    refuse((f) => {
      const oil = f.alarm_limit_sensor_new_in.find((row) => row.sensorTypeId === 1204)!;
      oil.warning = 10;
      oil.alarm = 20;
    }, 'for a falling value the warning limit must be above the alarm limit'));

  it('persistence outside 1 ≤ X ≤ Y ≤ 100', async () => {
    await refuse((f) => {
      f.alarm_management = { persistence_from: 5, persistence_to: 3 };
    }, 'Persistence must satisfy 1 ≤ X ≤ Y ≤ 100.');
    await refuse((f) => {
      f.alarm_management = { persistence_from: 1, persistence_to: 101 };
    }, 'body.alarm_management.persistence_to');
  });

  it('a sensor type of another model type', () =>
    refuse((f) => {
      f.alarm_limit_sensor_new_in.push({
        sensorTypeId: 2101,
        warning: 1,
        alarm: 2,
        isSelect: true,
        isAlert: false,
        rul_warning: null,
        rul_alarm: null,
      });
    }, 'sensor type 2101 does not belong to this section of a Transformer model'));

  it('a section of another model type', () =>
    refuse((f) => {
      f.raw_vibration_sensor_in = structuredClone(
        (full[5] as Pick<ModelSettings, 'raw_vibration_sensor_in'>).raw_vibration_sensor_in,
      );
    }, 'raw_vibration_sensor_in does not belong to a Transformer model'));

  it('a number that is not finite', async () => {
    const text = JSON.stringify(form).replace('"persistence_from":3', '"persistence_from":1e999');
    const response = await call('admin', 'PUT', `/api/v1/equipment-models/${id}`, text);
    expect(response.statusCode).toBe(400);
  });

  it('more than 2 tag codes in a correlation row', () =>
    refuse((f) => {
      f.q_setting_in = [
        { tagCode: ['a', 'b', 'c'], tagA: 'a', tagB: 'b', score: 'a_b', warning: 1, alarm: 2 },
      ];
    }, 'At most 2 tag codes per row.'));
});

describe('permissions (ManageDataModel: ADMIN, OWNER_RVS; ConfigDataModelInfo: ADMIN, OWNER, OWNER_RVS)', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create(5, {}, 'ownerRvs')).json().id;
  });

  it.each([
    ['admin', 201],
    ['ownerRvs', 201],
    ['owner', 403],
    ['supmem', 403],
    ['member', 403],
    ['outsider', 404],
    [null, 401],
  ] as const)('create as %s answers %i', async (who, status) => {
    expect((await create(5, {}, who)).statusCode).toBe(status);
  });

  it.each([
    ['admin', 200],
    ['ownerRvs', 200],
    ['owner', 200],
    ['supmem', 403],
    ['member', 403],
    ['outsider', 404],
    [null, 401],
  ] as const)('update as %s answers %i', async (who, status) => {
    const form = formOf(await detail(id));
    expect((await call(who, 'PUT', `/api/v1/equipment-models/${id}`, form)).statusCode).toBe(status);
  });

  it.each([
    ['member', 200],
    ['outsider', 404],
    [null, 401],
  ] as const)('read as %s answers %i', async (who, status) => {
    expect((await call(who, 'GET', `/api/v1/equipment-models/${id}`)).statusCode).toBe(status);
  });

  it('lets OWNER edit a model but not make it inactive or active (ManageDataModel)', async () => {
    const form = formOf(await detail(id));
    form.model_in.title = 'Renamed by the owner';
    expect((await call('owner', 'PUT', `/api/v1/equipment-models/${id}`, form)).statusCode).toBe(200);
    form.model_in.isActive = 'inactive';
    const refused = await call('owner', 'PUT', `/api/v1/equipment-models/${id}`, form);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: ACTIVATION_REFUSED });
    expect(await detail(id)).toMatchObject({ isActive: 'active', title: 'Renamed by the owner' });
    const byRvs = await call('ownerRvs', 'PUT', `/api/v1/equipment-models/${id}`, form);
    expect(byRvs.json()).toMatchObject({ isActive: 'inactive' });
    form.model_in.isActive = 'active';
    expect((await call('owner', 'PUT', `/api/v1/equipment-models/${id}`, form)).statusCode).toBe(403);
    expect((await call('admin', 'PUT', `/api/v1/equipment-models/${id}`, form)).statusCode).toBe(200);
  });

  it('edits one configuration value for model editors only', async () => {
    const model = await detail(id);
    const item = model.equipmentModelConfiguration.find(
      (c: { tagCode: string }) => c.tagCode === 'rotational_speed',
    );
    expect(
      (await call('member', 'PATCH', `/api/v1/equipment-model-configurations/${item.id}`, { value: '1800' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('owner', 'PATCH', `/api/v1/equipment-model-configurations/${item.id}`, { value: '1800' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await detail(id)).equipmentModelConfiguration.find((c: { id: number }) => c.id === item.id).value,
    ).toBe('1800');
  });
});

describe('lookups', () => {
  it('answers the groups, sensor types and persistence of each type', async () => {
    const groups = (
      await call('member', 'GET', '/api/v1/equipment-models/alarm-limit-group_master/all?equipment_type=1')
    ).json();
    expect(groups.map((g: { code: string }) => g.code)).toEqual([
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
      'j',
    ]);
    expect(
      groups
        .find((g: { code: string }) => g.code === 'h')
        .sensorTypes.map((s: { tagCode: string }) => s.tagCode),
    ).toContain('c2h2');
    const mca = (await call('member', 'GET', '/api/v1/alarm-limit-group/all?equipment_type=2')).json();
    expect(mca).toHaveLength(8);
    const rotor = (await call('member', 'GET', `/api/v1/alarm-limit-group/${mca[0].id}/sensor-type`)).json();
    expect(rotor[0]).toMatchObject({ tagCode: 'broken_rotor_bar', unit: 'dB', warning: -45, alarm: -40 });
    const master = (await call('member', 'GET', '/api/v1/equipment-models/alarm-management/master')).json();
    expect(master).toHaveLength(5);
    const abb = (await call('member', 'GET', '/api/v1/vsd-brands/1/models')).json();
    expect(abb[0]).toMatchObject({ name: 'ACS880-01', capacitorL0Hours: 5000, capacitorT0C: 105 });
    const bearings = (await call('member', 'GET', '/api/v1/bearings')).json();
    expect(bearings.find((b: { designation: string }) => b.designation === '6205')).toMatchObject({
      rollingElements: 9,
      ballDiameterMm: 7.94,
      pitchDiameterMm: 39.04,
    });
    expect((await call('member', 'GET', '/api/v1/sensor-points')).json().length).toBeGreaterThan(0);
    expect((await call('member', 'GET', '/api/v1/machine-templates')).json().length).toBeGreaterThan(0);
    expect(
      (await call('member', 'GET', '/api/v1/vsd-sensor-types?filter=vsdtag'))
        .json()
        .map((s: { tagCode: string }) => s.tagCode),
    ).toContain('heatsink_temperature');
    expect((await call(null, 'GET', '/api/v1/bearings')).statusCode).toBe(401);
  });
});

describe('files', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create(1)).json().id;
  });

  async function workbook(rows: unknown[][]) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Recommendation');
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  function multipart(field: string, filename: string, bytes: Buffer) {
    const boundary = '----sdp-rec';
    return {
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...CSRF },
    };
  }

  it('accepts an .xlsx recommendation file and serves it back', async () => {
    const bytes = await workbook([
      ['tag_code', 'alarm_type', 'message', 'cause', 'recommendation'],
      [
        'h2',
        'Warning',
        'Hydrogen rising',
        'Partial discharge or stray gassing',
        'Resample oil within a week',
      ],
      ['h2', 'Alarm', 'Hydrogen high', 'Active partial discharge', 'Plan an outage and inspect'],
    ]);
    const part = multipart('recommendation_msg_file', 'messages.xlsx', bytes);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/equipment-models/${id}/recommendation`,
      payload: part.payload,
      headers: { ...part.headers, cookie: cookies.owner as string },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'success', rows: 2 });
    expect((await detail(id)).recommendationFileName).toBe('messages.xlsx');
    const download = await call('member', 'GET', `/api/v1/equipment-models/${id}/recommendation`);
    expect(download.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0]
      ?.getSheetValues()
      .map((row) => (Array.isArray(row) ? row.slice(1, 3) : row));
    expect(values).toContainEqual(['h2', 'Alarm']);
  });

  it('refuses a file that is not an Excel workbook, and a missing file', async () => {
    const csv = multipart(
      'recommendation_msg_file',
      'messages.xlsx',
      Buffer.from('tag_code,alarm_type\nh2,1\n'),
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/equipment-models/${id}/recommendation`,
      payload: csv.payload,
      headers: { ...csv.headers, cookie: cookies.owner as string },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Please upload file excel' });
    const wrongField = multipart('file', 'a.xlsx', await workbook([['tag_code', 'alarm_type', 'message']]));
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/equipment-models/${id}/recommendation`,
      payload: wrongField.payload,
      headers: { ...wrongField.headers, cookie: cookies.owner as string },
    });
    expect(missing.json()).toEqual({ detail: 'Please select file' });
  });

  it('exports the whole configuration as a workbook', async () => {
    const response = await call('member', 'GET', `/api/v1/equipment-models/${id}/export?modelCode=x`);
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(
      expect.arrayContaining(['Model', 'Configuration', 'Alarm limits']),
    );
  });
});
