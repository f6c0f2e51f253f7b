import type { TreeNode } from '@sdp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallArgs,
  createTestContext,
  requestAs,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../../test/harness.ts';
import { ACTIVATION_REFUSED } from '../models/models.service.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
let rootId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  rootId = (
    await ctx.db
      .selectFrom('structure_items')
      .select('id')
      .where('company_id', '=', tenants.companyId)
      .where('is_primary_folder', '=', true)
      .executeTakeFirstOrThrow()
  ).id;
  cookies = await signInTenants(ctx.app);
});
afterAll(() => ctx.close());

type Who = Tenant | null;
const call = (...args: CallArgs) => requestAs(ctx.app, cookies, ...args);

const tree = async (who: Who) =>
  (
    await call(who, 'GET', `/api/v1/structure-item-company?company_id=${tenants.companyId}`)
  ).json() as TreeNode;
const titles = (node: TreeNode): string[] => [node.structureItemTitle, ...node.children.flatMap(titles)];
const folder = (title: string, parentId = rootId) => ({
  parentId,
  structureItemType: 'Folder',
  structureItemTitle: title,
  companies_id: tenants.companyId,
});
const tag = (code: string, parentId?: string) => ({
  structureItemTitle: code,
  structureItemAlias: `Tag ${code}`,
  structureItemType: 'EquipmentTag',
  equipmentGroupType: 'electric',
  posLat: 13.7568,
  posLng: 100.5102,
  companies_id: tenants.companyId,
  ...(parentId ? { parentId } : {}),
  images: [{ url: '/api/v1/files/equipment-tags/p.png', image_name: 'p.png', image_size: 1234 }],
});

let plantId: string;
let areaId: string;
let pumpId: string;
let fanId: string;

describe('folders (spec 01 §6: ADMIN and OWNER_RVS)', () => {
  it.each([
    ['owner', 403],
    ['supmem', 403],
    ['member', 403],
    ['outsider', 404],
    [null, 401],
  ] as const)('POST /structure-item as %s answers %i', async (who, status) => {
    expect((await call(who, 'POST', '/api/v1/structure-item', folder('NOPE'))).statusCode).toBe(status);
  });

  it('creates folders with upper-case names for OWNER_RVS and ADMIN', async () => {
    const plant = await call('ownerRvs', 'POST', '/api/v1/structure-item', folder('plant'));
    expect(plant.statusCode).toBe(201);
    plantId = plant.json().id;
    const area = await call('admin', 'POST', '/api/v1/structure-item', folder('Area 1', plantId));
    areaId = area.json().id;
    expect(titles(await tree('owner'))).toEqual(['ACME POWER', 'PLANT', 'AREA 1']);
  });

  it('refuses a second folder of the same name under one parent', async () => {
    const again = await call('admin', 'POST', '/api/v1/structure-item', folder('Plant'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'A folder named PLANT already exists here.' });
  });

  it('requires a name and a parent folder of the same company', async () => {
    const empty = await call('admin', 'POST', '/api/v1/structure-item', folder('  '));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain('Folder Name is required.');
    const otherRoot = (
      await ctx.db
        .selectFrom('structure_items')
        .select('id')
        .where('company_id', '=', tenants.otherCompanyId)
        .executeTakeFirstOrThrow()
    ).id;
    const foreign = await call('admin', 'POST', '/api/v1/structure-item', folder('X', otherRoot));
    expect(foreign.statusCode).toBe(404);
    const unknown = await call(
      'admin',
      'POST',
      '/api/v1/structure-item',
      folder('X', '00000000-0000-4000-8000-000000000000'),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('renames folders and the root, and refuses a move into its own subtree', async () => {
    expect(
      (
        await call('admin', 'PUT', `/api/v1/structure-item?folder_id=${areaId}`, {
          structureItemTitle: 'area one',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('owner', 'PUT', `/api/v1/structure-item?folder_id=${areaId}`, { structureItemTitle: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call('ownerRvs', 'PUT', `/api/v1/structure-item?folder_id=${rootId}`, {
          structureItemTitle: 'acme power plant',
        })
      ).statusCode,
    ).toBe(200);
    const cycle = await call('admin', 'PUT', `/api/v1/structure-item?folder_id=${plantId}`, {
      parentId: areaId,
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json()).toEqual({
      detail: 'A folder cannot be moved into itself or one of its subfolders.',
    });
    expect(titles(await tree('admin'))).toEqual(['ACME POWER PLANT', 'PLANT', 'AREA ONE']);
  });

  it('never corrupts the tree when two moves race', async () => {
    const a = (await call('admin', 'POST', '/api/v1/structure-item', folder('RACE A'))).json().id;
    const b = (await call('admin', 'POST', '/api/v1/structure-item', folder('RACE B'))).json().id;
    const results = await Promise.all([
      call('admin', 'PUT', `/api/v1/structure-item?folder_id=${a}`, { parentId: b }),
      call('admin', 'PUT', `/api/v1/structure-item?folder_id=${b}`, { parentId: a }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(titles(await tree('admin'))).toEqual(expect.arrayContaining(['RACE A', 'RACE B']));
  });
});

describe('equipment tags', () => {
  it('creates a tag with location and image; codes are unique in the company', async () => {
    const pump = await call('ownerRvs', 'POST', '/api/v1/equipment-tag', {
      ...tag('p101', areaId),
      equipmentGroupType: 'electric',
    });
    expect(pump.statusCode).toBe(201);
    pumpId = pump.json().id;
    const got = (await call('owner', 'GET', `/api/v1/equipment-tag/${pumpId}`)).json();
    // OWNER_RVS always creates rotating equipment.
    expect(got).toMatchObject({
      structureItemTitle: 'P101',
      equipmentGroupType: 'rotating',
      posLat: 13.7568,
      parentId: areaId,
      images: [{ image_name: 'p.png', image_size: 1234 }],
    });
    const duplicate = await call('admin', 'POST', '/api/v1/equipment-tag', tag('P101'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ detail: 'The equipment code P101 already exists in this company.' });
    fanId = (await call('admin', 'POST', '/api/v1/equipment-tag', tag('F201', plantId))).json().id;
  });

  it.each([
    [{ structureItemTitle: 'P-1' }, '* Please enter only characters or numbers.'],
    [{ structureItemAlias: '' }, 'body.structureItemAlias: * Required'],
    [{ posLat: 0.5 }, 'Latitude must be between 1 and 200.'],
    [{ posLng: 250 }, 'Longitude must be between 1 and 200.'],
    [{ equipmentGroupType: 'liquid' }, 'body.equipmentGroupType'],
  ])('refuses %o', async (override, detail) => {
    const response = await call('admin', 'POST', '/api/v1/equipment-tag', { ...tag('Z9'), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(detail);
  });

  it('keeps the code and group type locked on edit', async () => {
    expect(
      (
        await call('admin', 'PUT', `/api/v1/equipment-tag?equipment_tag_id=${pumpId}`, {
          structureItemAlias: 'Cooling pump',
          posLat: 14,
        })
      ).statusCode,
    ).toBe(200);
    const code = await call('admin', 'PUT', `/api/v1/equipment-tag?equipment_tag_id=${pumpId}`, {
      structureItemTitle: 'P102',
    });
    expect(code.json()).toEqual({ detail: 'The equipment code cannot be changed.' });
    const group = await call('admin', 'PUT', `/api/v1/equipment-tag?equipment_tag_id=${pumpId}`, {
      equipmentGroupType: 'static',
    });
    expect(group.json()).toEqual({ detail: 'The group type cannot be changed.' });
    expect(
      (
        await call('owner', 'PUT', `/api/v1/equipment-tag?equipment_tag_id=${pumpId}`, {
          structureItemAlias: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('adds and removes images for those who manage equipment', async () => {
    const added = await call('ownerRvs', 'POST', '/api/v1/equipment-tag-images', {
      equipmentTagId: pumpId,
      url: '/api/v1/files/equipment-tags/q.png',
      image_name: 'q.png',
      image_size: 99,
    });
    expect(added.statusCode).toBe(201);
    expect((await call('owner', 'GET', `/api/v1/equipment-tag-images/${pumpId}`)).json()).toHaveLength(2);
    expect(
      (await call('member', 'DELETE', `/api/v1/equipment-tag-images/${added.json().id}`)).statusCode,
    ).toBe(403);
    expect(
      (await call('ownerRvs', 'DELETE', `/api/v1/equipment-tag-images/${added.json().id}`)).statusCode,
    ).toBe(204);
  });
});

describe('models on the tree', () => {
  let rvsId: string;
  it('creates an RVS model for OWNER_RVS (type 5 only) and lets others choose', async () => {
    const wrongType = await call('ownerRvs', 'POST', '/api/v1/equipment-models', {
      equipment_tag_id: pumpId,
      model_in: { title: 'Pump', equipmentModelTypeId: 2 },
    });
    expect(wrongType.statusCode).toBe(400);
    const rvs = await call('ownerRvs', 'POST', '/api/v1/equipment-models', {
      equipment_tag_id: pumpId,
      model_in: { title: 'Pump vibration', equipmentModelTypeId: 5 },
    });
    expect(rvs.statusCode).toBe(201);
    rvsId = rvs.json().id;
    const model = (await call('owner', 'GET', `/api/v1/equipment-models/${rvsId}`)).json();
    expect(model).toMatchObject({ modelCode: 'P101-RVS1', equipmentModelTypeId: 5, isActive: 'active' });
    const mca = await call('admin', 'POST', '/api/v1/equipment-models', {
      equipment_tag_id: fanId,
      model_in: { title: 'Fan motor', equipmentModelTypeId: 2 },
    });
    expect(mca.statusCode).toBe(201);
    expect(
      (
        await call('owner', 'POST', '/api/v1/equipment-models', {
          equipment_tag_id: fanId,
          model_in: { title: 'x', equipmentModelTypeId: 1 },
        })
      ).statusCode,
    ).toBe(403);
    const noName = await call('admin', 'POST', '/api/v1/equipment-models', {
      equipment_tag_id: fanId,
      model_in: { title: '' },
    });
    expect(noName.json().detail).toContain('* Messages is required');
  });

  it('refuses an offline model without its link, as the Add Model dialog does', async () => {
    const response = await call('admin', 'POST', '/api/v1/equipment-model-offlines', {
      equipmentTagId: pumpId,
      title: 'Historian',
      linkUrl: '  ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('linkUrl');
  });

  it('takes only web addresses as links, so no client is handed script (issue 11 item 12)', async () => {
    for (const linkUrl of [
      'javascript:alert(1)',
      'JaVaScRiPt://%0aalert(1)',
      'data:text/html,<b>',
      'file:///etc/passwd',
      // Issue 23 item 14: 'name:digits' passed for host:port, and browsers drop tabs inside a scheme.
      'javascript:1/alert(1)',
      'java\tscript:1/alert(1)',
      'VBScript:1',
      'data:1,x',
    ]) {
      const response = await call('admin', 'POST', '/api/v1/equipment-model-offlines', {
        equipmentTagId: pumpId,
        title: 'Script',
        linkUrl,
      });
      expect(response.statusCode, linkUrl).toBe(400);
      expect(response.json().detail, linkUrl).toContain('Enter a web address (http:// or https://).');
    }
    const offlines = await ctx.db
      .selectFrom('equipment_models')
      .select('title')
      .where('title', '=', 'Script')
      .execute();
    expect(offlines).toEqual([]);
  });

  it('groups online and offline models under the tag; statuses roll up as the maximum', async () => {
    await call('admin', 'POST', '/api/v1/equipment-model-offlines', {
      equipmentTagId: pumpId,
      title: 'Historian',
      linkUrl: 'historian.example.com',
    });
    await ctx.db.updateTable('equipment_models').set({ status: 1 }).where('id', '=', rvsId).execute();
    const root = await tree('owner');
    const plant = root.children.find((c) => c.structureItemTitle === 'PLANT') as TreeNode;
    const area = plant.children.find((c) => c.structureItemTitle === 'AREA ONE') as TreeNode;
    const pump = area.children[0] as TreeNode;
    expect(pump.equipmentModels.map((m) => [m.title, m.is_offline, m.linkUrl])).toEqual([
      ['Pump vibration', false, ''],
      // Stored with its scheme, so a client using it as written opens a web page (issue 23 item 14).
      ['Historian', true, 'https://historian.example.com'],
    ]);
    expect([pump.status, area.status, plant.status, root.status]).toEqual([1, 1, 1, 1]);
    expect(pump.path).toEqual(['ACME POWER PLANT', 'PLANT', 'AREA ONE', 'P101']);
  });

  it('hides inactive models from everybody but ADMIN, who sees them disabled', async () => {
    expect((await call('owner', 'DELETE', `/api/v1/equipment-models/${rvsId}`)).statusCode).toBe(403);
    expect((await call('ownerRvs', 'DELETE', `/api/v1/equipment-models/${rvsId}`)).statusCode).toBe(204);
    const models = (root: TreeNode): TreeNode['equipmentModels'] => [
      ...root.equipmentModels,
      ...root.children.flatMap(models),
    ];
    expect(models(await tree('owner')).map((m) => m.title)).not.toContain('Pump vibration');
    expect(models(await tree('admin')).find((m) => m.title === 'Pump vibration')).toMatchObject({
      isActive: 'inactive',
      status: -2,
    });
    await ctx.db.updateTable('equipment_models').set({ is_active: true }).where('id', '=', rvsId).execute();
  });

  it('edits offline models for model editors, deletes them for model managers', async () => {
    const [historian] = (
      await call('owner', 'GET', `/api/v1/equipment-model-offlines?equipment_tag_id=${pumpId}`)
    ).json();
    expect(
      (
        await call('owner', 'PUT', `/api/v1/equipment-model-offlines/${historian.id}`, {
          title: 'Historian 2',
          linkUrl: 'https://h.example',
          isActive: 'active',
        })
      ).json(),
    ).toMatchObject({ title: 'Historian 2', isActive: 'active' });
    // Making a model inactive is ManageDataModel's (issue 11 item 6): OWNER edits, OWNER_RVS deactivates.
    const deactivate = { title: 'Historian 2', linkUrl: 'https://h.example', isActive: 'inactive' };
    const byOwner = await call(
      'owner',
      'PUT',
      `/api/v1/equipment-model-offlines/${historian.id}`,
      deactivate,
    );
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json()).toEqual({ detail: ACTIVATION_REFUSED });
    expect(
      (await call('ownerRvs', 'PUT', `/api/v1/equipment-model-offlines/${historian.id}`, deactivate)).json(),
    ).toMatchObject({ isActive: 'inactive' });
    expect(
      (await call('owner', 'DELETE', `/api/v1/equipment-model-offlines/${historian.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await call('admin', 'DELETE', `/api/v1/equipment-model-offlines/${historian.id}`)).statusCode,
    ).toBe(204);
  });
});

describe('assignments decide what members see', () => {
  it('shows members only their assigned tags, owners everything', async () => {
    expect(titles(await tree('member'))).toEqual(['ACME POWER PLANT']);
    const assign = await call(
      'owner',
      'POST',
      `/api/v1/equipment_model_member?equipment_tag_id=${pumpId}&company_id=${tenants.companyId}`,
      {
        company_id: tenants.companyId,
        equipment_tag_id: pumpId,
        member_option: [{ id: tenants.users.member, is_create: true, is_delete: false }],
      },
    );
    expect(assign.statusCode).toBe(200);
    expect(titles(await tree('member'))).toEqual(['ACME POWER PLANT', 'PLANT', 'AREA ONE', 'P101']);
    expect(titles(await tree('owner'))).toContain('F201');
    const assigned = await call('owner', 'GET', `/api/v1/equipment_model_member?equipment_tag_id=${pumpId}`);
    expect(assigned.json()).toMatchObject({
      total: 1,
      size: 50,
      items: [{ email: 'member@acme.test', status: 'active' }],
    });
  });

  it('refuses to assign somebody of another company, and members cannot assign', async () => {
    const foreign = await call('owner', 'POST', '/api/v1/equipment_model_member', {
      company_id: tenants.companyId,
      equipment_tag_id: pumpId,
      member_option: [{ id: tenants.users.outsider, is_create: true, is_delete: false }],
    });
    expect(foreign.statusCode).toBe(400);
    const byMember = await call('member', 'POST', '/api/v1/equipment_model_member', {
      company_id: tenants.companyId,
      equipment_tag_id: pumpId,
      member_option: [{ id: tenants.users.member, is_create: false, is_delete: true }],
    });
    expect(byMember.statusCode).toBe(403);
  });
});

describe('overview and deletion', () => {
  it('counts models by status for the company and a folder', async () => {
    const company = (await call('owner', 'GET', `/api/v1/companies/${tenants.companyId}/dashboard`)).json();
    expect(company).toMatchObject({
      allModel: 2,
      allWarningModel: 1,
      allStopModel: 1,
      allNormalModel: 0,
      allAlarmModel: 0,
    });
    expect(
      company.allEquipmentReportJson.map((e: { equipmentTitleName: string }) => e.equipmentTitleName),
    ).toEqual(['F201', 'P101']);
    const area = (await call('member', 'GET', `/api/v1/structure-item/${areaId}/overview`)).json();
    expect(area).toMatchObject({ allModel: 1, allWarningModel: 1 });
    expect((await call('outsider', 'GET', `/api/v1/structure-item/${areaId}/overview`)).statusCode).toBe(404);
  });

  it('refuses to delete a folder with content unless confirmed, and only ADMIN deletes equipment', async () => {
    const refused = await call('ownerRvs', 'DELETE', `/api/v1/structure-item/${plantId}`);
    expect(refused.statusCode).toBe(409);
    expect((await call('ownerRvs', 'DELETE', `/api/v1/structure-item/${fanId}`)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `/api/v1/structure-item/${rootId}`)).json()).toEqual({
      detail: 'The primary folder cannot be deleted.',
    });
    expect((await call('admin', 'DELETE', `/api/v1/structure-item/${fanId}`)).statusCode).toBe(204);
    expect(
      (await call('ownerRvs', 'DELETE', `/api/v1/structure-item/${plantId}?recursive=true`)).statusCode,
    ).toBe(204);
    const left = titles(await tree('admin'));
    expect(left).toEqual(expect.arrayContaining(['ACME POWER PLANT', 'RACE A', 'RACE B']));
    for (const gone of ['PLANT', 'AREA ONE', 'P101', 'F201']) expect(left).not.toContain(gone);
    // The equipment and its models are disabled, not erased; the code is free again.
    const pump = await ctx.db
      .selectFrom('structure_items')
      .select('is_disabled')
      .where('id', '=', pumpId)
      .executeTakeFirstOrThrow();
    expect(pump.is_disabled).toBe(true);
    expect(
      await ctx.db
        .selectFrom('equipment_models')
        .select('id')
        .where('equipment_tag_id', '=', pumpId)
        .execute(),
    ).toHaveLength(1);
    expect((await call('admin', 'POST', '/api/v1/equipment-tag', tag('P101'))).statusCode).toBe(201);
  });
});
