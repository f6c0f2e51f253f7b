import { sql } from 'kysely';
import type { Db } from '../../db/pool.ts';

export interface OnlineModelRow {
  id: string;
  company_id: string;
  equipment_tag_id: string;
  model_type_id: number;
  title: string;
  code: string;
  is_active: boolean;
  status: number;
  created_at: Date;
  updated_at: Date;
  tag_code: string;
  tag_disabled: boolean;
  recommendation_file_name: string | null;
}

export function createModelsRepository(db: Db) {
  return {
    find(id: string, executor: Db = db): Promise<OnlineModelRow | undefined> {
      return executor
        .selectFrom('equipment_models as m')
        .innerJoin('structure_items as s', 's.id', 'm.equipment_tag_id')
        .select([
          'm.id',
          'm.company_id',
          'm.equipment_tag_id',
          'm.model_type_id',
          'm.title',
          'm.code',
          'm.is_active',
          'm.status',
          'm.created_at',
          'm.updated_at',
          's.title as tag_code',
          's.is_disabled as tag_disabled',
          'm.recommendation_file_name',
        ])
        .where('m.id', '=', id)
        .executeTakeFirst();
    },

    /** Model codes are `<equipment code>-<type><n>` (P101-RVS1): readable by gateways, unique in the company. */
    async nextCode(companyId: string, prefix: string, executor: Db): Promise<string> {
      const rows = await executor
        .selectFrom('equipment_models')
        .select('code')
        .where('company_id', '=', companyId)
        .where('code', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        .execute();
      const taken = new Set(rows.map((row) => row.code));
      let n = 1;
      while (taken.has(`${prefix}${n}`)) n++;
      return `${prefix}${n}`;
    },

    async insert(
      values: {
        company_id: string;
        equipment_tag_id: string;
        model_type_id: number;
        title: string;
        code: string;
        is_active: boolean;
      },
      executor: Db,
    ) {
      const row = await executor
        .insertInto('equipment_models')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: string, values: { title: string; is_active: boolean }, executor: Db) {
      await executor
        .updateTable('equipment_models')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** The stored settings document; `lock`: held until the transaction ends (a merge reads, then writes). */
    async settings(
      id: string,
      executor: Db = db,
      lock = false,
    ): Promise<{ document: Record<string, unknown>; updated_at: Date } | undefined> {
      const query = executor
        .selectFrom('equipment_model_settings')
        .select(['document', 'updated_at'])
        .where('model_id', '=', id);
      return (lock ? query.forUpdate() : query).executeTakeFirst();
    },

    async saveSettings(id: string, document: object, executor: Db) {
      await executor
        .insertInto('equipment_model_settings')
        .values({ model_id: id, document: JSON.stringify(document) })
        .onConflict((conflict) =>
          conflict
            .column('model_id')
            .doUpdateSet({ document: JSON.stringify(document), updated_at: sql<Date>`now()` }),
        )
        .execute();
    },

    configurations(id: string, executor: Db = db) {
      return executor
        .selectFrom('equipment_model_configurations as c')
        .innerJoin('configuration_items as i', 'i.id', 'c.item_id')
        .select(['c.id', 'c.item_id', 'c.value', 'c.selected', 'i.title', 'i.tag_code', 'i.unit_code'])
        .where('c.model_id', '=', id)
        .orderBy('i.id')
        .execute();
    },

    async insertConfigurations(
      id: string,
      items: { item_id: number; value: string; selected: boolean }[],
      executor: Db,
    ) {
      if (!items.length) return;
      await executor
        .insertInto('equipment_model_configurations')
        .values(items.map((item) => ({ model_id: id, ...item })))
        .onConflict((conflict) => conflict.columns(['model_id', 'item_id']).doNothing())
        .execute();
    },

    async selectConfigurations(id: string, selectedItemIds: number[], executor: Db) {
      await executor
        .updateTable('equipment_model_configurations')
        .set({
          selected: sql<boolean>`item_id = ANY(${sql.val(selectedItemIds)}::int[])`,
          updated_at: sql<Date>`now()`,
        })
        .where('model_id', '=', id)
        .execute();
    },

    findConfiguration(configurationId: number) {
      return db
        .selectFrom('equipment_model_configurations as c')
        .innerJoin('equipment_models as m', 'm.id', 'c.model_id')
        .select(['c.id', 'c.model_id', 'm.company_id'])
        .where('c.id', '=', configurationId)
        .executeTakeFirst();
    },

    async setConfigurationValue(configurationId: number, value: string) {
      await db
        .updateTable('equipment_model_configurations')
        .set({ value, updated_at: sql<Date>`now()` })
        .where('id', '=', configurationId)
        .execute();
    },

    listOfTag(tagId: string) {
      return db
        .selectFrom('equipment_models')
        .select(['id', 'title', 'code', 'model_type_id', 'is_active', 'status'])
        .where('equipment_tag_id', '=', tagId)
        .orderBy('title')
        .execute();
    },

    async setRecommendations(
      id: string,
      file: { url: string; name: string },
      rows: { tag_code: string; alarm_type: 1 | 2; message: string; cause: string; recommendation: string }[],
      executor: Db,
    ) {
      await executor.deleteFrom('model_recommendations').where('model_id', '=', id).execute();
      if (rows.length)
        await executor
          .insertInto('model_recommendations')
          .values(rows.map((row) => ({ model_id: id, ...row })))
          .execute();
      await executor
        .updateTable('equipment_models')
        .set({ recommendation_file_url: file.url, recommendation_file_name: file.name })
        .where('id', '=', id)
        .execute();
    },

    recommendations(id: string) {
      return db
        .selectFrom('model_recommendations')
        .select(['tag_code', 'alarm_type', 'message', 'cause', 'recommendation'])
        .where('model_id', '=', id)
        .orderBy('tag_code')
        .orderBy('alarm_type')
        .execute();
    },

    async recommendationFile(id: string) {
      return db
        .selectFrom('equipment_models')
        .select(['recommendation_file_url', 'recommendation_file_name'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async setActive(id: string, active: boolean, executor: Db = db) {
      await executor
        .updateTable('equipment_models')
        .set({ is_active: active, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type ModelsRepository = ReturnType<typeof createModelsRepository>;
