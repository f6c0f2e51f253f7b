import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { Database } from '../../db/schema.ts';
import type { FileKind } from '../../storage/storage.ts';

/** Whose a stored file is, as its row says: what decides who may read it (files.service.ts). */
export interface StoredFileOwner {
  content_type: string;
  company_id: string | null;
  owner_user_id: string | null;
  uploaded_by: string | null;
  model_id: string | null;
}

/** The rows of uploaded files (table stored_files, migrations 0009 and 0014) and what their readers are. */
export function createFilesRepository(db: Db) {
  return {
    /** Holds the uploads of one quota scope (a company, else a user) one after another until `trx` ends. */
    async lockQuota(trx: Transaction<Database>, scope: string): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`stored_files:${scope}`}))`.execute(trx);
    },

    /**
     * Bytes stored for a company; for files of no company, those of the user a profile picture shows
     * (`ownerUserId`), else those `uploadedBy` uploaded.
     */
    async usedBytes(
      trx: Transaction<Database>,
      of: { companyId: string | null; ownerUserId: string | null; uploadedBy: string | null },
    ): Promise<number> {
      let usage = trx.selectFrom('stored_files').select(sql<string>`coalesce(sum(size_bytes), 0)`.as('used'));
      usage = of.companyId
        ? usage.where('company_id', '=', of.companyId)
        : usage
            .where('company_id', 'is', null)
            .where(of.ownerUserId ? 'owner_user_id' : 'uploaded_by', '=', of.ownerUserId ?? of.uploadedBy);
      const { used } = await usage.executeTakeFirstOrThrow();
      return Number(used);
    },

    async insert(
      trx: Transaction<Database>,
      file: {
        kind: FileKind;
        name: string;
        contentType: string;
        size: number;
        companyId: string | null;
        ownerUserId: string | null;
        modelId: string | null;
        uploadedBy: string | null;
      },
    ): Promise<void> {
      await trx
        .insertInto('stored_files')
        .values({
          kind: file.kind,
          name: file.name,
          content_type: file.contentType,
          size_bytes: file.size,
          company_id: file.companyId,
          owner_user_id: file.ownerUserId,
          model_id: file.modelId,
          uploaded_by: file.uploadedBy,
        })
        .execute();
    },

    /** Deletes the rows of these files; rows that reference them go with them (ON DELETE CASCADE). */
    async remove(trx: Transaction<Database>, kind: FileKind, names: string[]): Promise<void> {
      await trx.deleteFrom('stored_files').where('kind', '=', kind).where('name', 'in', names).execute();
    },

    /** The owners of `kind/name`; undefined when no such file was stored. */
    find(kind: FileKind, name: string): Promise<StoredFileOwner | undefined> {
      return db
        .selectFrom('stored_files as f')
        .select(['f.content_type', 'f.company_id', 'f.owner_user_id', 'f.uploaded_by', 'f.model_id'])
        .where('f.kind', '=', kind)
        .where('f.name', '=', name)
        .executeTakeFirst();
    },

    /** Whether the two users are active members of one company that is not deleted. */
    async shareActiveCompany(userId: string, otherUserId: string): Promise<boolean> {
      const shared = await db
        .selectFrom('memberships as mine')
        .innerJoin('memberships as theirs', 'theirs.company_id', 'mine.company_id')
        .innerJoin('companies as c', 'c.id', 'mine.company_id')
        .select('mine.company_id')
        .where('mine.user_id', '=', userId)
        .where('mine.status', '=', 'active')
        .where('theirs.user_id', '=', otherUserId)
        .where('theirs.status', '=', 'active')
        .where('c.deleted_at', 'is', null)
        .executeTakeFirst();
      return Boolean(shared);
    },

    /**
     * What decides whether the user sees a model's equipment: their role as an active member of the model's company
     * (not deleted), whether the model is active and whether they are assigned to its equipment tag; undefined when
     * they are no such member or the tag is disabled.
     */
    modelViewer(userId: string, modelId: string) {
      return db
        .selectFrom('equipment_models as em')
        .innerJoin('structure_items as s', 's.id', 'em.equipment_tag_id')
        .innerJoin('memberships as m', 'm.company_id', 'em.company_id')
        .innerJoin('companies as c', 'c.id', 'm.company_id')
        .select([
          'm.role',
          'em.is_active',
          sql<boolean>`EXISTS (SELECT 1 FROM equipment_tag_members a WHERE a.equipment_tag_id = s.id AND a.user_id = ${userId})`.as(
            'assigned',
          ),
        ])
        .where('em.id', '=', modelId)
        .where('s.is_disabled', '=', false)
        .where('m.user_id', '=', userId)
        .where('m.status', '=', 'active')
        .where('c.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Whether the user is an active member of the company and the company is not deleted. */
    async isActiveMember(userId: string, companyId: string): Promise<boolean> {
      const row = await db
        .selectFrom('memberships as m')
        .innerJoin('companies as c', 'c.id', 'm.company_id')
        .select('m.company_id')
        .where('m.user_id', '=', userId)
        .where('m.company_id', '=', companyId)
        .where('m.status', '=', 'active')
        .where('c.deleted_at', 'is', null)
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
