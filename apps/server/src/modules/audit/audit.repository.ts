import type { AuditQuery, AuditEntry as AuditRow } from '@sdp/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/pool.ts';

export interface AuditEntry {
  userId: string | null;
  companyId?: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * The name of what an entry is about, looked up by its kind: a model's title and code, a tag's or folder's title, a
 * user's name (else e-mail), a company's title, an ingest key's name, an invited user's e-mail. Null when the thing
 * is gone or the kind names nothing (sessions, configuration items).
 */
const ENTITY_NAME = sql<string | null>`CASE
  WHEN a.entity = 'model' THEN coalesce(
    (SELECT m.title || ' (' || m.code || ')' FROM equipment_models m WHERE m.id::text = a.entity_id),
    (SELECT o.title FROM equipment_model_offlines o WHERE o.id::text = a.entity_id))
  WHEN a.entity IN ('structure', 'equipment-tag') THEN coalesce(
    (SELECT s.title FROM structure_items s WHERE s.id::text = a.entity_id),
    (SELECT m.title || ' (' || m.code || ')' FROM equipment_models m WHERE m.id::text = a.entity_id))
  WHEN a.entity IN ('member', 'admin', 'user') THEN
    (SELECT coalesce(nullif(x.name, ''), x.email) FROM users x WHERE x.id::text = a.entity_id)
  WHEN a.entity = 'company' THEN (SELECT c2.title FROM companies c2 WHERE c2.id::text = a.entity_id)
  WHEN a.entity = 'ingest-key' THEN (SELECT k.name FROM ingest_keys k WHERE k.id::text = a.entity_id)
  WHEN a.entity = 'invitation' THEN
    (SELECT x.email FROM invitations i JOIN users x ON x.id = i.user_id WHERE i.id::text = a.entity_id)
END`;

/** `%…%` for ILIKE with the user's own % and _ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Who changed what: one row per change, written in the same transaction as the change when one is given. */
export function createAuditRepository(db: Db) {
  return {
    async record(entry: AuditEntry, executor: Db = db) {
      await executor
        .insertInto('audit_log')
        .values({
          user_id: entry.userId,
          company_id: entry.companyId ?? null,
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId ?? null,
          detail: JSON.stringify(entry.detail ?? {}),
        })
        .execute();
    },

    /**
     * One page of the log, newest first, of one company (or of all, for the platform administrator), with the
     * total and the kinds of things recorded there for the filter.
     */
    async search(query: AuditQuery & { companyId: string | undefined }) {
      let base = db
        .selectFrom('audit_log as a')
        .leftJoin('users as u', 'u.id', 'a.user_id')
        .leftJoin('companies as c', 'c.id', 'a.company_id');
      if (query.companyId) base = base.where('a.company_id', '=', query.companyId);
      let filtered = base;
      if (query.entity) filtered = filtered.where('a.entity', '=', query.entity);
      if (query.from) filtered = filtered.where('a.at', '>=', new Date(query.from));
      if (query.to) filtered = filtered.where('a.at', '<=', new Date(query.to));
      if (query.q) {
        const like = contains(query.q);
        filtered = filtered.where((eb) =>
          eb.or([
            eb('a.action', 'ilike', like),
            eb('a.entity', 'ilike', like),
            eb('a.entity_id', 'ilike', like),
            eb(sql`a.detail::text`, 'ilike', like),
            eb('u.email', 'ilike', like),
            eb('u.name', 'ilike', like),
          ]),
        );
      }
      const [rows, total, entities] = await Promise.all([
        filtered
          .select([
            sql<string>`a.id::text`.as('id'),
            'a.at',
            'a.action',
            'a.entity',
            'a.entity_id',
            ENTITY_NAME.as('entity_name'),
            'a.detail',
            'a.user_id',
            'u.name as user_name',
            'u.email as user_email',
            'a.company_id',
            'c.title as company_title',
          ])
          .orderBy('a.at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(query.size)
          .offset((query.page - 1) * query.size)
          .execute(),
        filtered.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
        base.select('a.entity').distinct().orderBy('a.entity').execute(),
      ]);
      const items: AuditRow[] = rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        user:
          row.user_id && row.user_email
            ? { id: row.user_id, name: row.user_name ?? '', email: row.user_email }
            : null,
        company:
          row.company_id && row.company_title ? { id: row.company_id, title: row.company_title } : null,
        action: row.action,
        entity: row.entity,
        entityId: row.entity_id,
        entityName: row.entity_name,
        detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<
          string,
          unknown
        >,
      }));
      return {
        items,
        total: Number(total.n),
        page: query.page,
        size: query.size,
        entities: entities.map((row) => row.entity),
      };
    },

    /** Removes what is older than the retention (days); answers how many rows went. */
    async purgeOlderThan(days: number): Promise<number> {
      const result = await db
        .deleteFrom('audit_log')
        .where('at', '<', sql<Date>`now() - make_interval(days => ${days})`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
