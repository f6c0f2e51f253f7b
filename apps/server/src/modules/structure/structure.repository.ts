import type { EquipmentGroupType, MemberRole } from '@sdp/contracts';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/pool.ts';

export interface ItemRow {
  id: string;
  company_id: string;
  parent_id: string | null;
  item_type: 'Folder' | 'EquipmentTag';
  title: string;
  alias: string | null;
  is_primary_folder: boolean;
  is_disabled: boolean;
  equipment_group_type: EquipmentGroupType | null;
  pos_lat: number | null;
  pos_lng: number | null;
  status: number;
  created_at: Date;
}

export interface ModelRow {
  id: string;
  equipment_tag_id: string;
  model_type_id: number;
  title: string;
  code: string;
  is_active: boolean;
  status: number;
}

export interface OfflineRow {
  id: string;
  equipment_tag_id: string;
  title: string;
  link_url: string;
  is_active: boolean;
}

export interface ImageRow {
  id: string;
  equipment_tag_id: string;
  url: string;
  image_name: string;
  image_size: number;
}

const itemColumns = [
  'id',
  'company_id',
  'parent_id',
  'item_type',
  'title',
  'alias',
  'is_primary_folder',
  'is_disabled',
  'equipment_group_type',
  'pos_lat',
  'pos_lng',
  'status',
  'created_at',
] as const;

// The tree is read on every page: four prepared statements, one round trip each, no per-node queries.
const TREE_ITEMS = `SELECT id, company_id, parent_id, item_type, title, alias, is_primary_folder, is_disabled,
  equipment_group_type, pos_lat, pos_lng, status, created_at
FROM structure_items WHERE company_id = $1 AND NOT is_disabled`;
const TREE_MODELS = `SELECT m.id, m.equipment_tag_id, m.model_type_id, m.title, m.code, m.is_active, m.status
FROM equipment_models m WHERE m.company_id = $1`;
const TREE_OFFLINE = `SELECT id, equipment_tag_id, title, link_url, is_active FROM equipment_model_offlines WHERE company_id = $1`;
const TREE_IMAGES = `SELECT i.id, i.equipment_tag_id, i.url, i.image_name, i.image_size
FROM equipment_tag_images i JOIN structure_items s ON s.id = i.equipment_tag_id
WHERE s.company_id = $1 AND NOT s.is_disabled ORDER BY i.created_at, i.id`;

const STRUCTURE_VERSION = 'SELECT version FROM structure_versions WHERE company_id = $1';

export function createStructureRepository(db: Db, pool: pg.Pool) {
  const rows = async <T extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) =>
    (await pool.query<T>({ name, text, values })).rows;

  return {
    async loadTree(companyId: string) {
      const [items, models, offline, images] = await Promise.all([
        rows<ItemRow>('tree-items', TREE_ITEMS, [companyId]),
        rows<ModelRow>('tree-models', TREE_MODELS, [companyId]),
        rows<OfflineRow>('tree-offline', TREE_OFFLINE, [companyId]),
        rows<ImageRow>('tree-images', TREE_IMAGES, [companyId]),
      ]);
      return { items, models, offline, images };
    },

    /** The company's structure version (migration 0022): it moves with every change the tree shows. */
    async structureVersion(companyId: string): Promise<string> {
      const found = await rows<{ version: string }>('structure-version', STRUCTURE_VERSION, [companyId]);
      return found[0]?.version ?? '0';
    },

    findItem(id: string, executor: Db = db): Promise<ItemRow | undefined> {
      return executor
        .selectFrom('structure_items')
        .select(itemColumns)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    primaryFolder(companyId: string, executor: Db = db): Promise<ItemRow | undefined> {
      return executor
        .selectFrom('structure_items')
        .select(itemColumns)
        .where('company_id', '=', companyId)
        .where('is_primary_folder', '=', true)
        .executeTakeFirst();
    },

    /** Serialises structure changes of one company: moves cannot race into a cycle, codes cannot race into duplicates. */
    async lockCompany(companyId: string, executor: Db) {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`structure:${companyId}`}))`.execute(executor);
    },

    /** Ids of the item and every ancestor, nearest first. */
    async ancestry(id: string, executor: Db): Promise<string[]> {
      const result = await sql<{ id: string }>`
        WITH RECURSIVE up(id, parent_id, depth) AS (
          SELECT id, parent_id, 0 FROM structure_items WHERE id = ${id}
          UNION ALL
          SELECT s.id, s.parent_id, up.depth + 1 FROM structure_items s JOIN up ON s.id = up.parent_id WHERE up.depth < 1000
        ) SELECT id FROM up ORDER BY depth`.execute(executor);
      return result.rows.map((row) => row.id);
    },

    /** Folder names are unique among the enabled folders of one parent. */
    folderNameTaken(parentId: string, title: string, executor: Db, exceptId?: string): Promise<boolean> {
      let query = executor
        .selectFrom('structure_items')
        .select('id')
        .where('parent_id', '=', parentId)
        .where('item_type', '=', 'Folder')
        .where('is_disabled', '=', false)
        .where('title', '=', title);
      if (exceptId) query = query.where('id', '<>', exceptId);
      return query.executeTakeFirst().then(Boolean);
    },

    async countEnabledChildren(id: string, executor: Db): Promise<number> {
      const row = await executor
        .selectFrom('structure_items')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('parent_id', '=', id)
        .where('is_disabled', '=', false)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    async insertItem(
      values: {
        company_id: string;
        parent_id: string;
        item_type: 'Folder' | 'EquipmentTag';
        title: string;
        alias: string | null;
        equipment_group_type: EquipmentGroupType | null;
        pos_lat: number | null;
        pos_lng: number | null;
      },
      executor: Db,
    ): Promise<string> {
      const row = await executor
        .insertInto('structure_items')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateItem(
      id: string,
      values: Partial<{ title: string; alias: string; parent_id: string; pos_lat: number; pos_lng: number }>,
      executor: Db,
    ) {
      await executor
        .updateTable('structure_items')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Disables the item and everything under it; nothing is deleted, so models and data stay recoverable. */
    async disableSubtree(id: string, executor: Db): Promise<number> {
      const result = await sql`
        WITH RECURSIVE down(id) AS (
          SELECT id FROM structure_items WHERE id = ${id}
          UNION ALL
          SELECT s.id FROM structure_items s JOIN down ON s.parent_id = down.id
        )
        UPDATE structure_items SET is_disabled = true, updated_at = now() WHERE id IN (SELECT id FROM down) AND NOT is_disabled`.execute(
        executor,
      );
      return Number(result.numAffectedRows ?? 0);
    },

    codeTaken(companyId: string, code: string, executor: Db): Promise<boolean> {
      return executor
        .selectFrom('structure_items')
        .select('id')
        .where('company_id', '=', companyId)
        .where('item_type', '=', 'EquipmentTag')
        .where('is_disabled', '=', false)
        .where('title', '=', code)
        .executeTakeFirst()
        .then(Boolean);
    },

    images(tagId: string): Promise<ImageRow[]> {
      return db
        .selectFrom('equipment_tag_images')
        .select(['id', 'equipment_tag_id', 'url', 'image_name', 'image_size'])
        .where('equipment_tag_id', '=', tagId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async insertImage(
      tagId: string,
      image: { url: string; image_name: string; image_size: number },
      executor: Db = db,
    ) {
      const row = await executor
        .insertInto('equipment_tag_images')
        .values({ equipment_tag_id: tagId, ...image })
        .returning(['id', 'equipment_tag_id', 'url', 'image_name', 'image_size'])
        .executeTakeFirstOrThrow();
      return row;
    },

    findImage(id: string) {
      return db
        .selectFrom('equipment_tag_images as i')
        .innerJoin('structure_items as s', 's.id', 'i.equipment_tag_id')
        .select(['i.id', 'i.equipment_tag_id', 's.company_id'])
        .where('i.id', '=', id)
        .executeTakeFirst();
    },

    async deleteImage(id: string) {
      await db.deleteFrom('equipment_tag_images').where('id', '=', id).execute();
    },

    // Offline models: links to an outside application.
    findOffline(id: string) {
      return db
        .selectFrom('equipment_model_offlines')
        .select(['id', 'company_id', 'equipment_tag_id', 'title', 'link_url', 'is_active'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    offlineOfTag(tagId: string) {
      return db
        .selectFrom('equipment_model_offlines')
        .select(['id', 'company_id', 'equipment_tag_id', 'title', 'link_url', 'is_active'])
        .where('equipment_tag_id', '=', tagId)
        .orderBy('title')
        .execute();
    },

    async insertOffline(values: {
      company_id: string;
      equipment_tag_id: string;
      title: string;
      link_url: string;
      is_active: boolean;
    }) {
      const row = await db
        .insertInto('equipment_model_offlines')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateOffline(id: string, values: { title: string; link_url: string; is_active: boolean }) {
      await db
        .updateTable('equipment_model_offlines')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async deleteOffline(id: string) {
      await db.deleteFrom('equipment_model_offlines').where('id', '=', id).execute();
    },

    // Assignments: who receives a tag's notifications and which tags members see.
    async assignedPage(tagId: string, offset: number, limit: number) {
      const base = db
        .selectFrom('equipment_tag_members as a')
        .innerJoin('structure_items as s', 's.id', 'a.equipment_tag_id')
        .innerJoin('memberships as m', (join) =>
          join.onRef('m.user_id', '=', 'a.user_id').onRef('m.company_id', '=', 's.company_id'),
        )
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .where('a.equipment_tag_id', '=', tagId);
      const [items, count] = await Promise.all([
        base
          .select(['u.id', 'u.name', 'u.email', 'm.status', 'm.role'])
          .orderBy('u.name')
          .orderBy('u.email')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: items as {
          id: string;
          name: string;
          email: string;
          status: 'pending' | 'active' | 'inactive';
          role: MemberRole;
        }[],
        total: count.n,
      };
    },

    async membersOfCompany(companyId: string, userIds: string[], executor: Db): Promise<Set<string>> {
      if (!userIds.length) return new Set();
      const found = await executor
        .selectFrom('memberships')
        .select('user_id')
        .where('company_id', '=', companyId)
        .where('user_id', 'in', userIds)
        .execute();
      return new Set(found.map((row) => row.user_id));
    },

    async assign(tagId: string, userIds: string[], executor: Db) {
      if (!userIds.length) return;
      await executor
        .insertInto('equipment_tag_members')
        .values(userIds.map((user_id) => ({ equipment_tag_id: tagId, user_id })))
        .onConflict((conflict) => conflict.columns(['equipment_tag_id', 'user_id']).doNothing())
        .execute();
    },

    async unassign(tagId: string, userIds: string[], executor: Db) {
      if (!userIds.length) return;
      await executor
        .deleteFrom('equipment_tag_members')
        .where('equipment_tag_id', '=', tagId)
        .where('user_id', 'in', userIds)
        .execute();
    },
  };
}

export type StructureRepository = ReturnType<typeof createStructureRepository>;
