import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/pool.ts';
import { signIn } from './harness.ts';

/** One equipment tag under a company's primary folder, as the structure API would leave it. */
/** The company's root (primary) folder, under which tests build. */
export async function primaryFolderId(db: Db, companyId: string): Promise<string> {
  const root = await db
    .selectFrom('structure_items')
    .select('id')
    .where('company_id', '=', companyId)
    .where('is_primary_folder', '=', true)
    .executeTakeFirstOrThrow();
  return root.id;
}

export async function seedEquipment(db: Db, companyId: string, code = 'T1'): Promise<string> {
  const rootId = await primaryFolderId(db, companyId);
  const tag = await db
    .insertInto('structure_items')
    .values({
      company_id: companyId,
      parent_id: rootId,
      item_type: 'EquipmentTag',
      title: code,
      alias: code,
      is_primary_folder: false,
      equipment_group_type: 'electric',
      pos_lat: 13.7,
      pos_lng: 100.5,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return tag.id;
}

/** Creates a model through the API as the platform administrator and answers its id and code. */
export async function createModel(
  app: FastifyInstance,
  tagId: string,
  typeId: number,
  sections: Record<string, unknown> = {},
) {
  const cookie = await signIn(app, 'admin@acme.test');
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/equipment-models',
    headers: { cookie },
    payload: {
      equipment_tag_id: tagId,
      model_in: { title: `Model ${typeId}`, equipmentModelTypeId: typeId },
      ...sections,
    },
  });
  if (created.statusCode !== 201) throw new Error(`model not created: ${created.body}`);
  const id = created.json().id as string;
  const detail = await app.inject({
    method: 'GET',
    url: `/api/v1/equipment-models/${id}`,
    headers: { cookie },
  });
  return { id, code: detail.json().modelCode as string };
}

/** An ingest key of the company, created through the API by its owner. */
export async function createIngestKey(
  app: FastifyInstance,
  companyId: string,
  ownerEmail = 'owner@acme.test',
): Promise<string> {
  const cookie = await signIn(app, ownerEmail);
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/companies/${companyId}/ingest-keys`,
    headers: { cookie },
    payload: { name: 'gateway' },
  });
  if (response.statusCode !== 201) throw new Error(`key not created: ${response.body}`);
  return response.json().key as string;
}

/** Assigns equipment tags to a user, as POST /equipment_model_member does: members see only these. */
export async function assignEquipment(db: Db, userId: string, ...tagIds: string[]) {
  await db
    .insertInto('equipment_tag_members')
    .values(tagIds.map((equipment_tag_id) => ({ equipment_tag_id, user_id: userId })))
    .execute();
}
