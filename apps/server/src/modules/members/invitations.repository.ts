import { randomBytes } from 'node:crypto';
import type { MemberRole } from '@sdp/contracts';
import { sql } from 'kysely';
import { hashToken } from '../../auth/access.ts';
import type { Db } from '../../db/pool.ts';
import { HttpError } from '../../lib/http-error.ts';

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
  /** The account already signs in (a password or an OpenID Connect link): it accepts by signing in as itself. */
  has_credentials: boolean;
}

/** How many invitation mails one inviter, and one company, may send an hour (INVITE_MAX_PER_*_PER_HOUR). */
export interface InvitationLimits {
  perInviterPerHour: number;
  perCompanyPerHour: number;
}

export const INVITER_RATE_LIMIT = 'You have sent too many invitations in the last hour. Try again later.';
export const COMPANY_RATE_LIMIT =
  'This company has sent too many invitations in the last hour. Try again later.';

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
      sql<boolean>`(u.password_hash IS NOT NULL OR u.oidc_subject IS NOT NULL)`.as('has_credentials'),
    ])
    .where(column, '=', value);
  // The user row too: two links of one new account cannot both set its password.
  if (lock) query = query.forUpdate(['i', 'u']);
  return query.executeTakeFirst();
}

export function createInvitationsRepository(
  db: Db,
  limits: InvitationLimits = { perInviterPerHour: 30, perCompanyPerHour: 100 },
) {
  /** 429 when the inviter, or the company, has sent its hourly share of invitations already. */
  async function checkRate(invitedBy: string, companyId: string | null, executor: Db) {
    const since = sql<Date>`now() - interval '1 hour'`;
    const byInviter = await executor
      .selectFrom('invitations')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('invited_by', '=', invitedBy)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (byInviter.n >= limits.perInviterPerHour) throw new HttpError(429, INVITER_RATE_LIMIT);
    if (!companyId) return;
    const byCompany = await executor
      .selectFrom('invitations')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('company_id', '=', companyId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (byCompany.n >= limits.perCompanyPerHour) throw new HttpError(429, COMPANY_RATE_LIMIT);
  }

  return {
    /**
     * A new single-use link for the user (and company); earlier unused links for the same pair stop working.
     * Only the token's SHA-256 is stored: the link itself exists in the mail alone.
     */
    async create(
      input: { userId: string; companyId: string | null; invitedBy: string; ttlDays: number },
      executor: Db,
    ) {
      await checkRate(input.invitedBy, input.companyId, executor);
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
