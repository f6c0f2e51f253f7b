import type { MemberRole } from '@sdp/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/pool.ts';

// Any fixed number works; it only has to differ from the migrations' lock and be the same for every process.
const SEEDING_LOCK = 727_002;

/** The demo's own reads and writes: its company, accounts, models' expected interval, and its timeline origin. */
export function createDemoRepository(db: Db) {
  return {
    /** Two processes starting together must not both seed: held until the caller's transaction ends. */
    async lockSeeding(executor: Db) {
      await sql`SELECT pg_advisory_xact_lock(${SEEDING_LOCK})`.execute(executor);
    },

    async companyId(code: string, executor: Db = db): Promise<string | undefined> {
      const row = await executor
        .selectFrom('companies')
        .select('id')
        .where('initial_code', '=', code)
        .executeTakeFirst();
      return row?.id;
    },

    /** The account of this e-mail, created active with the demo password unless it exists (then left as it is). */
    async ensureAccount(
      account: { email: string; name: string; platformRole: 'ADMIN' | 'USER' },
      passwordHash: string,
      executor: Db,
    ): Promise<string> {
      const user = await executor
        .insertInto('users')
        .values({
          email: account.email,
          name: account.name,
          password_hash: passwordHash,
          platform_role: account.platformRole,
          status: 'active',
          image_url: null,
          oidc_subject: null,
        })
        .onConflict((conflict) =>
          conflict.expression(sql`lower(email)`).doUpdateSet({ updated_at: sql<Date>`now()` }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return user.id;
    },

    async ensureMembership(companyId: string, userId: string, role: MemberRole, executor: Db) {
      await executor
        .insertInto('memberships')
        .values({ company_id: companyId, user_id: userId, role, status: 'active' })
        .onConflict((conflict) => conflict.columns(['company_id', 'user_id']).doNothing())
        .execute();
    },

    async userId(email: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      return row?.id;
    },

    /** The company's live equipment tags by code. */
    async tagIds(companyId: string): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('structure_items')
        .select(['id', 'title'])
        .where('company_id', '=', companyId)
        .where('item_type', '=', 'EquipmentTag')
        .where('is_disabled', '=', false)
        .execute();
      return new Map(rows.map((row) => [row.title, row.id]));
    },

    async hasAssignments(companyId: string): Promise<boolean> {
      const row = await db
        .selectFrom('equipment_tag_members as a')
        .innerJoin('structure_items as s', 's.id', 'a.equipment_tag_id')
        .select('a.user_id')
        .where('s.company_id', '=', companyId)
        .executeTakeFirst();
      return row !== undefined;
    },

    models(companyId: string) {
      return db
        .selectFrom('equipment_models')
        .select(['id', 'code', 'title', 'last_data_at'])
        .where('company_id', '=', companyId)
        .execute();
    },

    async setExpectedInterval(modelId: string, seconds: number) {
      await db
        .updateTable('equipment_models')
        .set({ expected_interval_seconds: seconds })
        .where('id', '=', modelId)
        .execute();
    },

    /** Day 0 of the fault timeline (epoch ms), once remembered. */
    async origin(companyId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('demo_state')
        .select('origin')
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return row?.origin.getTime();
    },

    /** Remembers the timeline origin of the first start; later starts keep it. */
    async rememberOrigin(companyId: string, origin: number) {
      await db
        .insertInto('demo_state')
        .values({ company_id: companyId, origin: new Date(origin) })
        .onConflict((conflict) => conflict.column('company_id').doNothing())
        .execute();
    },
  };
}
