import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { CompaniesTable } from '../../db/schema.ts';

export type CompanyRow = Omit<Selectable<CompaniesTable>, 'created_at' | 'updated_at'>;

export interface CompanyValues {
  title: string;
  description: string;
  image_path: string;
  initial_code: string;
  start_date: string;
  end_date: string;
  rvs_upgrade: boolean;
  time_zone: string;
}

/** What a new company needs; description, logo, RVS upgrade and time zone fall back to the table's defaults. */
export type NewCompany = Pick<CompanyValues, 'title' | 'initial_code' | 'start_date' | 'end_date'> &
  Partial<Omit<CompanyValues, 'image_path'>> & { image_path: string | null };

const columns = [
  'c.id',
  'c.title',
  'c.description',
  'c.image_path',
  'c.initial_code',
  'c.start_date',
  'c.end_date',
  'c.rvs_upgrade',
  'c.time_zone',
  'c.retention_days',
  'c.deleted_at',
] as const;

export type DeletedFilter = 'exclude' | 'include' | 'only';

export function createCompaniesRepository(db: Db) {
  return {
    list(filter: DeletedFilter, memberOf?: string): Promise<CompanyRow[]> {
      let query = db.selectFrom('companies as c').select(columns).orderBy('c.title').orderBy('c.id');
      if (filter === 'exclude') query = query.where('c.deleted_at', 'is', null);
      if (filter === 'only') query = query.where('c.deleted_at', 'is not', null);
      if (memberOf) {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('memberships as m')
              .select('m.user_id')
              .whereRef('m.company_id', '=', 'c.id')
              .where('m.user_id', '=', memberOf)
              .where('m.status', '=', 'active'),
          ),
        );
      }
      return query.execute();
    },

    find(id: string, executor: Db = db): Promise<CompanyRow | undefined> {
      return executor.selectFrom('companies as c').select(columns).where('c.id', '=', id).executeTakeFirst();
    },

    /** The id of the live (not deleted) company with this code: an MQTT topic names its company by code. */
    async idOfCode(code: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('companies')
        .select('id')
        .where('initial_code', '=', code)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row?.id;
    },

    codeTaken(code: string, executor: Db = db): Promise<boolean> {
      return executor
        .selectFrom('companies')
        .select('id')
        .where('initial_code', '=', code)
        .executeTakeFirst()
        .then(Boolean);
    },

    /**
     * The company and its primary folder, the root every other folder and equipment tag hangs from. Every company
     * is made here: by the API, the demo seed and the test harness alike.
     */
    async insert(values: NewCompany, executor: Db): Promise<string> {
      const { id } = await executor
        .insertInto('companies')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      await executor
        .insertInto('structure_items')
        .values({
          company_id: id,
          parent_id: null,
          item_type: 'Folder',
          title: values.title.toUpperCase(),
          alias: null,
          is_primary_folder: true,
          equipment_group_type: null,
          pos_lat: null,
          pos_lng: null,
        })
        .execute();
      return id;
    },

    async update(id: string, values: Omit<CompanyValues, 'initial_code'>, executor: Db) {
      await executor
        .updateTable('companies')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async setRetention(id: string, days: number, executor: Db) {
      await executor
        .updateTable('companies')
        .set({ retention_days: days, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async setDeleted(id: string, deleted: boolean, executor: Db) {
      await executor
        .updateTable('companies')
        .set({ deleted_at: deleted ? sql<Date>`now()` : null, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Row lock that serialises membership changes of one company (the active-member limit). */
    async lock(id: string, executor: Db): Promise<CompanyRow | undefined> {
      return executor
        .selectFrom('companies as c')
        .select(columns)
        .where('c.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
