import type { Db } from '../../db/pool.ts';

export interface AuditEntry {
  userId: string | null;
  companyId?: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  detail?: Record<string, unknown>;
}

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
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
