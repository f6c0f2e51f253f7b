import type { TreeNode } from '@sdp/contracts';
import { sql } from 'kysely';
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
import { primaryFolderId } from '../../../test/plant.ts';

// Issue 17 item 3: the tree is served from a per-company structure version; a repeat load is a 304 or a cached
// body, and every change the tree shows (made through the API, by the analysis or straight in SQL) moves it.
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
let rootId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  rootId = await primaryFolderId(ctx.db, tenants.companyId);
});
afterAll(() => ctx.close());

const call = (...args: CallArgs) => requestAs(ctx.app, cookies, ...args);
const treeUrl = () => `/api/v1/structure-item-company?company_id=${tenants.companyId}`;
const load = (who: Tenant, etag?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: treeUrl(),
    headers: { cookie: cookies[who], ...(etag ? { 'if-none-match': etag } : {}) },
  });
const titles = (node: TreeNode): string[] => [node.structureItemTitle, ...node.children.flatMap(titles)];

describe('GET /structure-item-company with a structure version', () => {
  it('answers an ETag, then 304 without a body for the same tree', async () => {
    const first = await load('owner');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await load('owner', etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Compared weakly: the same tag without W/, in a list.
    expect((await load('owner', `"other", ${etag.slice(2)}`)).statusCode).toBe(304);
    const plain = await load('owner');
    expect(plain.body).toBe(first.body);
    expect(plain.headers.etag).toBe(etag);
  });

  it('a folder made through the API changes the ETag and the body at once', async () => {
    const before = await load('owner');
    const created = await call('admin', 'POST', '/api/v1/structure-item', {
      parentId: rootId,
      structureItemType: 'Folder',
      structureItemTitle: 'Cached area',
      companies_id: tenants.companyId,
    });
    expect(created.statusCode).toBe(201);
    const after = await load('owner', before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(titles(after.json())).toContain('CACHED AREA');
  });

  it('a status written by the analysis, outside any route, reaches the next load', async () => {
    const tag = await call('admin', 'POST', '/api/v1/equipment-tag', {
      structureItemTitle: 'TC1',
      structureItemAlias: 'Cache test',
      structureItemType: 'EquipmentTag',
      equipmentGroupType: 'electric',
      posLat: 13.7,
      posLng: 100.5,
      parentId: rootId,
      companies_id: tenants.companyId,
      images: [],
    });
    expect(tag.statusCode).toBe(201);
    const tagId = tag.json().id as string;
    const model = await ctx.db
      .insertInto('equipment_models')
      .values({
        company_id: tenants.companyId,
        equipment_tag_id: tagId,
        model_type_id: 5,
        title: 'Cache model',
        code: 'TC1-CACHE',
        status: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await load('owner');
    const status = (body: TreeNode) =>
      body.children.find((node) => node.id === tagId)?.equipmentModels.find((m) => m.id === model.id)?.status;
    expect(status(before.json())).toBe(0);

    // A column the tree does not show leaves the version (and the cached body) alone.
    await sql`UPDATE equipment_models SET updated_at = now() WHERE id = ${model.id}`.execute(ctx.db);
    expect((await load('owner', before.headers.etag as string)).statusCode).toBe(304);

    await sql`UPDATE equipment_models SET status = 2 WHERE id = ${model.id}`.execute(ctx.db);
    const after = await load('owner', before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(status(after.json())).toBe(2);
  });

  it('a member sees their own assignments: assigning a tag moves their tree, not a shared copy', async () => {
    const ownerTree = await load('owner');
    const memberBefore = await load('member');
    expect(memberBefore.headers.etag).not.toBe(ownerTree.headers.etag);
    const tagId = (ownerTree.json() as TreeNode).children.find((n) => n.structureItemTitle === 'TC1')?.id;
    expect(titles(memberBefore.json())).not.toContain('TC1');
    const assigned = await call('owner', 'POST', '/api/v1/equipment_model_member', {
      company_id: tenants.companyId,
      equipment_tag_id: tagId,
      member_option: [{ id: tenants.users.member, is_create: true, is_delete: false }],
    });
    expect(assigned.statusCode).toBeLessThan(300);
    const memberAfter = await load('member', memberBefore.headers.etag as string);
    expect(memberAfter.statusCode).toBe(200);
    expect(titles(memberAfter.json())).toContain('TC1');
    // Another company's tree is not reachable through the cache either.
    expect((await load('outsider')).statusCode).toBe(404);
  });
});
