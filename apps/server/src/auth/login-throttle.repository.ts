import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/pool.ts';

/** The first delay once the allowance is spent; each further failure doubles it, up to the configured longest. */
export const FIRST_DELAY_SECONDS = 30;
/** A run of failures is forgotten after a day without any counted attempt. */
const FORGET_AFTER_SECONDS = 24 * 3600;

export interface ThrottleRule {
  /** Failures in a row allowed before delays start. */
  allowance: number;
  /** The longest delay between two attempts. */
  maxDelaySeconds: number;
}

/** The throttle key of an e-mail, whether or not an account has it: the same for every spelling of its case. */
export const accountKey = (email: string) =>
  `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/**
 * Sign-in attempts are reserved here before the password is checked: one row per key, and one statement per
 * reservation (its row lock orders parallel attempts), so a burst cannot verify more passwords than the allowance.
 */
export function createLoginThrottleRepository(db: Db) {
  // The failure count this attempt makes: 1 again once the last counted attempt is a day old.
  const next = sql`CASE WHEN t.updated_at < now() - make_interval(secs => ${FORGET_AFTER_SECONDS}) THEN 1
    ELSE t.failures + 1 END`;
  const blockedAfter = (failures: ReturnType<typeof sql>, rule: ThrottleRule) =>
    sql`CASE WHEN ${failures} >= ${rule.allowance} THEN now() + make_interval(secs => LEAST(${rule.maxDelaySeconds},
      ${FIRST_DELAY_SECONDS} * power(2, LEAST(${failures} - ${rule.allowance}, 30))))
    END`;

  return {
    /**
     * Counts one attempt against `key` in advance, or answers when the key may try again if it must wait: an
     * attempt that has to wait is not counted and its password must not be checked.
     */
    async reserve(key: string, rule: ThrottleRule): Promise<{ retryAt: Date } | null> {
      const { rows } = await sql<{ failures: number }>`
        INSERT INTO login_throttle AS t (key, failures, blocked_until, updated_at)
        VALUES (${key}, 1, ${blockedAfter(sql`1`, rule)}, now())
        ON CONFLICT (key) DO UPDATE SET
          failures = ${next},
          blocked_until = ${blockedAfter(next, rule)},
          updated_at = now()
        WHERE t.blocked_until IS NULL OR t.blocked_until <= now()
        RETURNING t.failures`.execute(db);
      if (rows.length > 0) return null;
      const row = await db
        .selectFrom('login_throttle')
        .select('blocked_until')
        .where('key', '=', key)
        .executeTakeFirst();
      return { retryAt: row?.blocked_until ?? new Date(Date.now() + 1000) };
    },

    /** The account's run of failures ends with its right password. */
    async clear(key: string) {
      await db.deleteFrom('login_throttle').where('key', '=', key).execute();
    },

    /**
     * An address's reservation that turned out to be a success is given back; the run of failures before it stays,
     * so signing in to one's own account between guesses at others' does not reset the address.
     */
    async giveBack(key: string, rule: ThrottleRule) {
      await db
        .updateTable('login_throttle')
        .set({
          failures: sql<number>`GREATEST(failures - 1, 0)`,
          blocked_until: sql<Date | null>`CASE WHEN failures - 1 < ${rule.allowance} THEN NULL ELSE blocked_until END`,
        })
        .where('key', '=', key)
        .execute();
    },

    /** Rows of runs that are over (forgotten and not blocking), so the table holds only live ones. */
    async deleteStale() {
      await db
        .deleteFrom('login_throttle')
        .where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${FORGET_AFTER_SECONDS})`)
        .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', sql<Date>`now()`)]))
        .execute();
    },
  };
}

export type LoginThrottleRepository = ReturnType<typeof createLoginThrottleRepository>;
