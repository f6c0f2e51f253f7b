import type { MemberRole } from '@sdp/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/pool.ts';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  image_url: string | null;
  password_hash: string | null;
  platform_role: 'ADMIN' | 'USER';
  status: 'pending' | 'active' | 'inactive';
  failed_logins: number;
  locked_until: Date | null;
}

export interface UserCompanyRow {
  id: string;
  title: string;
  description: string;
  image_path: string | null;
  initial_code: string;
  start_date: string;
  end_date: string;
  rvs_upgrade: boolean;
  time_zone: string;
  role: MemberRole | null;
}

const userColumns = [
  'id',
  'email',
  'name',
  'image_url',
  'password_hash',
  'platform_role',
  'status',
  'failed_logins',
  'locked_until',
] as const;

export function createUsersRepository(db: Db) {
  return {
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

    /** Companies the user may open: every live company for ADMIN, active memberships of live companies otherwise. */
    companiesOf(userId: string, isAdmin: boolean): Promise<UserCompanyRow[]> {
      let query = db
        .selectFrom('companies as c')
        .leftJoin('memberships as m', (join) =>
          join.onRef('m.company_id', '=', 'c.id').on('m.user_id', '=', userId),
        )
        .select([
          'c.id',
          'c.title',
          'c.description',
          'c.image_path',
          'c.initial_code',
          'c.start_date',
          'c.end_date',
          'c.rvs_upgrade',
          'c.time_zone',
          sql<MemberRole | null>`CASE WHEN m.status = 'active' THEN m.role END`.as('role'),
        ])
        .where('c.deleted_at', 'is', null)
        .orderBy('c.title')
        .orderBy('c.id');
      if (!isAdmin) query = query.where('m.status', '=', 'active');
      return query.execute();
    },

    async recordFailedLogin(id: string, maxFailures: number, lockMinutes: number) {
      // One statement, so parallel failures cannot both read the old count.
      await db
        .updateTable('users')
        .set({
          failed_logins: sql<number>`CASE WHEN failed_logins + 1 >= ${maxFailures} THEN 0 ELSE failed_logins + 1 END`,
          locked_until: sql<Date | null>`CASE WHEN failed_logins + 1 >= ${maxFailures}
            THEN now() + make_interval(mins => ${lockMinutes}) ELSE locked_until END`,
        })
        .where('id', '=', id)
        .execute();
    },

    async recordSuccessfulLogin(id: string) {
      await db
        .updateTable('users')
        .set({ failed_logins: 0, locked_until: null, last_login_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
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

    async linkOidcSubject(id: string, subject: string) {
      await db.updateTable('users').set({ oidc_subject: subject }).where('id', '=', id).execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
