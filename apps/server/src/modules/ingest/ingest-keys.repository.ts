import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/pool.ts';

export interface IngestKeyRow {
  id: string;
  company_id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const FIND_BY_HASH = `SELECT k.id, k.company_id FROM ingest_keys k JOIN companies c ON c.id = k.company_id
WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND c.deleted_at IS NULL`;

export function createIngestKeysRepository(db: Db, pool: pg.Pool) {
  const touchedAt = new Map<string, number>();
  return {
    list(companyId: string): Promise<IngestKeyRow[]> {
      return db
        .selectFrom('ingest_keys')
        .select(['id', 'company_id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'])
        .where('company_id', '=', companyId)
        .orderBy('created_at', 'desc')
        .execute();
    },

    async insert(values: {
      company_id: string;
      name: string;
      prefix: string;
      key_hash: string;
      broker_hash: string;
      created_by: string;
    }): Promise<IngestKeyRow> {
      return db
        .insertInto('ingest_keys')
        .values(values)
        .returning(['id', 'company_id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'])
        .executeTakeFirstOrThrow();
    },

    async revoke(companyId: string, id: string): Promise<boolean> {
      const result = await db
        .updateTable('ingest_keys')
        .set({ revoked_at: sql<Date>`now()` })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The broker accounts of the live keys of live companies (username = key id, password = the key). */
    brokerAccounts(): Promise<{ username: string; passwordHash: string; companyCode: string }[]> {
      return db
        .selectFrom('ingest_keys as k')
        .innerJoin('companies as c', 'c.id', 'k.company_id')
        .select(['k.id as username', 'k.broker_hash as passwordHash', 'c.initial_code as companyCode'])
        .where('k.revoked_at', 'is', null)
        .where('c.deleted_at', 'is', null)
        .where('k.broker_hash', 'is not', null)
        .orderBy('k.id')
        .$narrowType<{ passwordHash: string }>()
        .execute();
    },

    /** Runs on every ingest request: one prepared statement. */
    async findLive(keyHash: string): Promise<{ id: string; company_id: string } | undefined> {
      const { rows } = await pool.query<{ id: string; company_id: string }>({
        name: 'ingest-key',
        text: FIND_BY_HASH,
        values: [keyHash],
      });
      return rows[0];
    },

    /**
     * Last use, written at most once a minute per key so busy gateways do not turn every request into two round
     * trips: this process skips the statement within the minute, and the statement skips a row another instance
     * touched within it.
     */
    async touch(id: string) {
      const now = Date.now();
      if (now - (touchedAt.get(id) ?? 0) < 60_000) return;
      touchedAt.set(id, now);
      await pool.query({
        name: 'ingest-key-touch',
        text: `UPDATE ingest_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
        values: [id],
      });
    },
  };
}

export type IngestKeysRepository = ReturnType<typeof createIngestKeysRepository>;
