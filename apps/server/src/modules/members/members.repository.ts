import type { MemberRole, MemberStatus } from '@sdp/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/pool.ts';

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  role: MemberRole;
  status: MemberStatus;
  image_url: string | null;
  is_notify: boolean;
  updated_at: Date;
  has_credentials: boolean;
}

const OWNER_ROLES: MemberRole[] = ['owner', 'owner_rvs'];

export function createMembersRepository(db: Db) {
  const base = (executor: Db) =>
    executor
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select([
        'u.id',
        'u.name',
        'u.email',
        'm.role',
        'm.status',
        'u.image_url',
        'm.is_notify',
        'm.updated_at',
        sql<boolean>`(u.password_hash IS NOT NULL OR u.oidc_subject IS NOT NULL)`.as('has_credentials'),
      ]);

  return {
    async page(companyId: string, offset: number, limit: number, search?: string) {
      let query = base(db).where('m.company_id', '=', companyId);
      if (search) {
        const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb('u.name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
      }
      const [items, count] = await Promise.all([
        query.orderBy('u.name').orderBy('u.email').offset(offset).limit(limit).execute(),
        query.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: count.n };
    },

    listActive(companyId: string): Promise<MemberRow[]> {
      return base(db)
        .where('m.company_id', '=', companyId)
        .where('m.status', '=', 'active')
        .orderBy('u.name')
        .orderBy('u.email')
        .execute();
    },

    findByEmail(companyId: string, email: string, executor: Db = db): Promise<MemberRow | undefined> {
      return base(executor)
        .where('m.company_id', '=', companyId)
        .where(sql<string>`lower(u.email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    findById(companyId: string, userId: string, executor: Db = db): Promise<MemberRow | undefined> {
      return base(executor)
        .where('m.company_id', '=', companyId)
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    async countActive(companyId: string, executor: Db): Promise<number> {
      const row = await executor
        .selectFrom('memberships')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('company_id', '=', companyId)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      return row.n;
    },

    async countActiveOwners(companyId: string, executor: Db): Promise<number> {
      const row = await executor
        .selectFrom('memberships')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('company_id', '=', companyId)
        .where('status', '=', 'active')
        .where('role', 'in', OWNER_ROLES)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    async insert(companyId: string, userId: string, role: MemberRole, executor: Db) {
      await executor
        .insertInto('memberships')
        .values({ company_id: companyId, user_id: userId, role, status: 'pending' })
        .execute();
    },

    async update(
      companyId: string,
      userId: string,
      values: { role?: MemberRole; status?: MemberStatus },
      executor: Db,
    ) {
      await executor
        .updateTable('memberships')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

export const isOwnerRole = (role: MemberRole) => OWNER_ROLES.includes(role);

export type MembersRepository = ReturnType<typeof createMembersRepository>;
