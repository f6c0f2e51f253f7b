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
