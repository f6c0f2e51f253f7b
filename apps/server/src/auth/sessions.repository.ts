import type { MemberRole, PlatformRole } from '@sdp/contracts';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/pool.ts';
import { type AuthCache, noAuthCache } from './auth-cache.ts';

export interface SessionUser {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  platformRole: PlatformRole;
  status: 'pending' | 'active' | 'inactive';
  selectedCompanyId: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  idToken: string | null;
}

export interface CompanyAccess {
  companyId: string;
  role: MemberRole | null;
  status: 'pending' | 'active' | 'inactive' | null;
}

const FIND_LIVE = `
SELECT s.id AS "sessionId", u.id AS "userId", u.email, u.name, u.platform_role AS "platformRole", u.status,
  s.selected_company_id AS "selectedCompanyId", s.created_at AS "createdAt", s.last_seen_at AS "lastSeenAt", s.expires_at AS "expiresAt",
  s.id_token AS "idToken"
FROM sessions s JOIN users u ON u.id = s.user_id
WHERE s.id = $1 AND s.expires_at > now()`;

const COMPANY_ACCESS = `
SELECT c.id AS "companyId", m.role, m.status
FROM companies c LEFT JOIN memberships m ON m.company_id = c.id AND m.user_id = $1
WHERE c.id = $2 AND c.deleted_at IS NULL`;

export function createSessionsRepository(db: Db, pool: pg.Pool, cache: AuthCache = noAuthCache) {
  const findLive = cache.memo(
    async (id: string) => {
      const { rows } = await pool.query<SessionUser>({ name: 'session-live', text: FIND_LIVE, values: [id] });
      return rows[0];
    },
    (session) => session.expiresAt.getTime() > Date.now(),
  );

  // Keyed `userId/companyId`: the user id is the database's uuid, so the first slash ends it.
  const companyAccess = cache.memo(async (key: string) => {
    const slash = key.indexOf('/');
    const [userId, companyId] = [key.slice(0, slash), key.slice(slash + 1)];
    const { rows } = await pool.query<CompanyAccess>({
      name: 'company-access',
      text: COMPANY_ACCESS,
      values: [userId, companyId],
    });
    return rows[0];
  });

  async function touch(id: string, ttlMinutes: number, maxHours: number) {
    await db
      .updateTable('sessions')
      .set({
        last_seen_at: sql<Date>`now()`,
        // Sliding, but never past the absolute end (SESSION_MAX_HOURS after sign-in).
        expires_at: sql<Date>`LEAST(now() + make_interval(mins => ${ttlMinutes}),
          created_at + make_interval(hours => ${maxHours}))`,
      })
      .where('id', '=', id)
      .execute();
  }

  return {
    async create(input: {
      id: string;
      userId: string;
      selectedCompanyId: string | null;
      idToken: string | null;
      ttlMinutes: number;
      /** The absolute lifetime: however much it is used, the session ends this long after sign-in. */
      maxHours: number;
    }) {
      await db
        .insertInto('sessions')
        .values({
          id: input.id,
          user_id: input.userId,
          selected_company_id: input.selectedCompanyId,
          id_token: input.idToken,
          expires_at: sql<Date>`LEAST(now() + make_interval(mins => ${input.ttlMinutes}),
            now() + make_interval(hours => ${input.maxHours}))`,
        })
        .execute();
    },

    /**
     * The live session with its user, or undefined when unknown or expired. Runs on every request: answered from
     * the auth cache when it can, else by a prepared statement.
     */
    findLive,

    /**
     * Sliding expiry, written at most once a minute so reads stay reads. The (possibly cached) session is moved on
     * at once, so the requests that follow do not write again.
     */
    keepAlive(session: SessionUser, ttlMinutes: number, maxHours: number): Promise<void> | undefined {
      const now = Date.now();
      if (now - session.lastSeenAt.getTime() <= 60_000) return undefined;
      session.lastSeenAt = new Date(now);
      session.expiresAt = new Date(
        Math.min(now + ttlMinutes * 60_000, session.createdAt.getTime() + maxHours * 3_600_000),
      );
      return touch(session.sessionId, ttlMinutes, maxHours);
    },

    async selectCompany(id: string, companyId: string) {
      await db.updateTable('sessions').set({ selected_company_id: companyId }).where('id', '=', id).execute();
      cache.invalidate();
    },

    async delete(id: string) {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
      cache.invalidate();
    },

    /** Ends every session of the user but `keepId` (the one changing the password; null: all of them). */
    async deleteOthersOf(userId: string, keepId: string | null, executor: Db = db) {
      let query = executor.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepId) query = query.where('id', '!=', keepId);
      await query.execute();
      cache.invalidate();
    },

    async deleteExpired() {
      await db.deleteFrom('sessions').where('expires_at', '<=', sql<Date>`now()`).execute();
    },

    /**
     * The user's role and status in a live (not deleted) company; undefined when the company does not exist.
     * Asked by every company route: answered from the auth cache when it can.
     */
    companyAccess: (userId: string, companyId: string) => companyAccess(`${userId}/${companyId}`),
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
