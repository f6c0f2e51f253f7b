import { randomBytes } from 'node:crypto';
import type { MemberRole } from '@sdp/contracts';
import { sql } from 'kysely';
import { hashToken } from '../../auth/access.ts';
import type { Db } from '../../db/pool.ts';

export interface InvitationRow {
  id: string;
  user_id: string;
  company_id: string | null;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  email: string;
  name: string;
  company_title: string | null;
  company_deleted: boolean;
  role: MemberRole | null;
}

function find(
  executor: Db,
  column: 'i.id' | 'i.token_hash',
  value: string,
  lock: boolean,
): Promise<InvitationRow | undefined> {
  let query = executor
    .selectFrom('invitations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .leftJoin('companies as c', 'c.id', 'i.company_id')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.company_id', '=', 'i.company_id').onRef('m.user_id', '=', 'i.user_id'),
    )
    .select([
      'i.id',
      'i.user_id',
      'i.company_id',
      'i.expires_at',
      'i.used_at',
      'i.revoked_at',
      'u.email',
      'u.name',
      'c.title as company_title',
      sql<boolean>`c.deleted_at IS NOT NULL`.as('company_deleted'),
      'm.role',
    ])
    .where(column, '=', value);
  if (lock) query = query.forUpdate('i');
  return query.executeTakeFirst();
}

export function createInvitationsRepository(db: Db) {
  return {
    /** A new single-use link for the user (and company); earlier unused links for the same pair stop working. */
    async create(
      input: { userId: string; companyId: string | null; invitedBy: string; ttlDays: number },
      executor: Db,
    ) {
      await this.revoke(input.userId, input.companyId, executor);
      const token = randomBytes(32).toString('base64url');
      await executor
        .insertInto('invitations')
        .values({
          token_hash: hashToken(token),
          user_id: input.userId,
          company_id: input.companyId,
          invited_by: input.invitedBy,
          expires_at: sql<Date>`now() + make_interval(days => ${input.ttlDays})`,
        })
        .execute();
      return token;
    },

    async revoke(userId: string, companyId: string | null, executor: Db) {
      let query = executor
        .updateTable('invitations')
        .set({ revoked_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null);
      query = companyId ? query.where('company_id', '=', companyId) : query.where('company_id', 'is', null);
      await query.execute();
    },

    findByToken(token: string, executor: Db = db, lock = false): Promise<InvitationRow | undefined> {
      return find(executor, 'i.token_hash', hashToken(token), lock);
    },

    findById(id: string, executor: Db, lock = true): Promise<InvitationRow | undefined> {
      return find(executor, 'i.id', id, lock);
    },

    /** Unused, unexpired invitations of a user: an OIDC sign-in accepts them all. */
    openFor(userId: string, executor: Db): Promise<{ id: string; company_id: string | null }[]> {
      return executor
        .selectFrom('invitations')
        .select(['id', 'company_id'])
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .forUpdate()
        .execute();
    },

    async markUsed(id: string, executor: Db) {
      await executor
        .updateTable('invitations')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
