import type { MemberRole } from '@sdp/contracts';
import { type Selectable, sql } from 'kysely';
import type pg from 'pg';
import { type AuthCache, noAuthCache } from '../../auth/auth-cache.ts';
import type { Db } from '../../db/pool.ts';
import type { CompaniesTable, UsersTable } from '../../db/schema.ts';

const userColumns = ['id', 'email', 'name', 'image_url', 'password_hash', 'platform_role', 'status'] as const;

export type UserRow = Pick<Selectable<UsersTable>, (typeof userColumns)[number]>;

/** A company the user may open, with their role in it (null for the platform administrator). */
export type UserCompanyRow = Omit<
  Selectable<CompaniesTable>,
  'created_at' | 'updated_at' | 'retention_days' | 'deleted_at'
> & { role: MemberRole | null };

export interface UserWithCompanies extends UserRow {
  companies: UserCompanyRow[];
  /** The language of their mails as they chose it in the web app; null until they did. */
  language: 'en' | 'th' | null;
}

// The hot path of every page load: one prepared statement for the user and the companies they may open
// (every live company for ADMIN, active memberships of live companies otherwise).
const USER_WITH_COMPANIES = `
SELECT u.id, u.email, u.name, u.image_url, u.password_hash, u.platform_role, u.status,
  COALESCE((
    SELECT json_agg(json_build_object(
      'id', c.id, 'title', c.title, 'description', c.description, 'image_path', c.image_path,
      'initial_code', c.initial_code, 'start_date', c.start_date, 'end_date', c.end_date,
      'rvs_upgrade', c.rvs_upgrade, 'time_zone', c.time_zone,
      'role', CASE WHEN m.status = 'active' THEN m.role END
    ) ORDER BY c.title, c.id)
    FROM companies c
    LEFT JOIN memberships m ON m.company_id = c.id AND m.user_id = u.id
    WHERE c.deleted_at IS NULL AND (u.platform_role = 'ADMIN' OR m.status = 'active')
  ), '[]'::json) AS companies,
  (SELECT s.language FROM user_settings s WHERE s.user_id = u.id) AS language
FROM users u
WHERE u.id = $1`;

export function createUsersRepository(db: Db, pool: pg.Pool, cache: AuthCache = noAuthCache) {
  return {
    /** Answered from the auth cache when it can: callers read it and never change it. */
    findWithCompanies: cache.memo(async (id: string) => {
      const { rows } = await pool.query<UserWithCompanies>({
        name: 'user-with-companies',
        text: USER_WITH_COMPANIES,
        values: [id],
      });
      return rows[0];
    }),

    findByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .select(userColumns)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
    },

    async recordSuccessfulLogin(id: string) {
      await db.updateTable('users').set({ last_login_at: sql<Date>`now()` }).where('id', '=', id).execute();
    },

    /** Creates the platform administrator, or promotes and re-keys the account of that e-mail, in one statement. */
    async upsertAdmin(email: string, name: string, passwordHash: string): Promise<string> {
      const row = await db
        .insertInto('users')
        .values({
          email,
          name,
          password_hash: passwordHash,
          platform_role: 'ADMIN',
          status: 'active',
          image_url: null,
          oidc_subject: null,
        })
        .onConflict((conflict) =>
          conflict.expression(sql`lower(email)`).doUpdateSet({
            platform_role: 'ADMIN',
            status: 'active',
            password_hash: passwordHash,
            updated_at: sql<Date>`now()`,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The account of this e-mail, created as pending (no password yet) when there is none. */
    async findOrCreatePending(email: string, executor: Db = db): Promise<UserRow> {
      const existing = await executor
        .selectFrom('users')
        .select(userColumns)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      if (existing) return existing;
      return executor
        .insertInto('users')
        .values({
          email: email.toLowerCase(),
          name: email.split('@')[0] ?? email,
          status: 'pending',
          image_url: null,
          password_hash: null,
          oidc_subject: null,
        })
        .returning(userColumns)
        .executeTakeFirstOrThrow();
    },

    async update(
      id: string,
      values: Partial<{
        name: string;
        image_url: string | null;
        status: 'pending' | 'active' | 'inactive';
        password_hash: string;
        platform_role: 'ADMIN' | 'USER';
      }>,
      executor: Db = db,
    ) {
      await executor
        .updateTable('users')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    listAdmins(): Promise<(UserRow & { latest: Date; has_credentials: boolean })[]> {
      return db
        .selectFrom('users')
        .select([
          ...userColumns,
          sql<Date>`coalesce(last_login_at, updated_at)`.as('latest'),
          sql<boolean>`(password_hash IS NOT NULL OR oidc_subject IS NOT NULL)`.as('has_credentials'),
        ])
        .where('platform_role', '=', 'ADMIN')
        .orderBy('name')
        .orderBy('email')
        .execute();
    },

    async hasCredentials(id: string, executor: Db = db): Promise<boolean> {
      const row = await executor
        .selectFrom('users')
        .select(sql<boolean>`(password_hash IS NOT NULL OR oidc_subject IS NOT NULL)`.as('yes'))
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.yes ?? false;
    },

    /** Stores the language the user chose in the web app: their mails are written in it (issue 27 item 5). */
    async setLanguage(id: string, language: 'en' | 'th') {
      await sql`INSERT INTO user_settings (user_id, language) VALUES (${id}, ${language})
        ON CONFLICT (user_id) DO UPDATE SET language = EXCLUDED.language, updated_at = now()`.execute(db);
    },

    /** The language of each of these users' mails: their stored choice, else `fallback`. */
    async languages(ids: string[], fallback: 'en' | 'th' = 'en', executor: Db = db) {
      const { rows } = await sql<{ user_id: string; language: 'en' | 'th' }>`SELECT user_id, language
        FROM user_settings WHERE user_id = ANY(${ids}::uuid[])`.execute(executor);
      const stored = new Map(rows.map((row) => [row.user_id, row.language]));
      return new Map(ids.map((id) => [id, stored.get(id) ?? fallback]));
    },

    async linkOidcSubject(id: string, subject: string) {
      await db.updateTable('users').set({ oidc_subject: subject }).where('id', '=', id).execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
