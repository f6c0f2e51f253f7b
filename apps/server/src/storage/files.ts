import type { Readable } from 'node:stream';
import { sql, type Transaction } from 'kysely';
import { seesEquipment } from '../auth/equipment-visibility.ts';
import { permissionsFor } from '../auth/permissions.ts';
import type { SessionUser } from '../auth/sessions.repository.ts';
import type { Db } from '../db/pool.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import {
  byteLimit,
  type FileKind,
  type FileStorage,
  isFileKind,
  STORED_NAME,
  STORED_TYPES,
  type StoredType,
  storedName,
} from './storage.ts';

export interface NewFile {
  kind: FileKind;
  /** The uploader's name of the file: only its readable part is kept in the stored name. */
  originalName: string;
  type: StoredType;
  bytes: Buffer;
  /** The company whose members may see it; counts against that company's quota. */
  companyId: string | null;
  /** Profile pictures: the user they show. */
  ownerUserId?: string | null;
  /** Pictures and documents of a model: only the people who see that model's equipment may read them. */
  modelId?: string | null;
  uploadedBy: string | null;
}

/** What `save` may do in its transaction once the file is recorded: the row that references the file. */
export type AfterSave<T> = (trx: Transaction<Database>, stored: { url: string; name: string }) => Promise<T>;

export interface OpenedFile {
  stream: Readable;
  name: string;
  contentType: string;
}

/** What a 413 says when an upload would take a company (or a user's profile pictures) past the quota. */
export const quotaMessage = (quotaBytes: number) =>
  `The uploaded files would exceed the storage quota of ${byteLimit(quotaBytes)}.`;

/**
 * Uploaded files with their owners (table stored_files): every stored file has a row naming its company (or its
 * user, for profile pictures), and a file is served only to the people who see that company or user.
 */
export function createFileStore({
  db,
  storage,
  quotaBytes,
}: {
  db: Db;
  storage: FileStorage;
  quotaBytes: number;
}) {
  return {
    /**
     * Stores new bytes under a name of the server's, records whose they are and answers their URL. The quota is
     * per company (or per user for files of no company), checked under a lock so parallel uploads cannot pass it.
     */
    async save(file: NewFile): Promise<string> {
      return (await this.saveWith(file, async () => undefined)).url;
    },

    /**
     * `save`, then `then` in the same transaction (the row that references the file). When `then` fails the
     * transaction is undone and the bytes just written are removed: nothing is half-stored.
     */
    async saveWith<T>(file: NewFile, then: AfterSave<T>): Promise<{ url: string; name: string; result: T }> {
      const name = storedName(file.originalName, file.type);
      const ownerUserId = file.ownerUserId ?? null;
      return db.transaction().execute(async (trx) => {
        const scope = file.companyId ?? ownerUserId ?? file.uploadedBy ?? 'none';
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`stored_files:${scope}`}))`.execute(trx);
        let usage = trx
          .selectFrom('stored_files')
          .select(sql<string>`coalesce(sum(size_bytes), 0)`.as('used'));
        usage = file.companyId
          ? usage.where('company_id', '=', file.companyId)
          : usage
              .where('company_id', 'is', null)
              .where(ownerUserId ? 'owner_user_id' : 'uploaded_by', '=', ownerUserId ?? file.uploadedBy);
        const { used } = await usage.executeTakeFirstOrThrow();
        if (Number(used) + file.bytes.length > quotaBytes) throw new HttpError(413, quotaMessage(quotaBytes));
        await trx
          .insertInto('stored_files')
          .values({
            kind: file.kind,
            name,
            content_type: STORED_TYPES[file.type],
            size_bytes: file.bytes.length,
            company_id: file.companyId,
            owner_user_id: ownerUserId,
            model_id: file.modelId ?? null,
            uploaded_by: file.uploadedBy,
          })
          .execute();
        // Written after the row: when writing fails the row goes with the transaction.
        const url = await storage.put(file.kind, name, file.bytes);
        try {
          return { url, name, result: await then(trx, { url, name }) };
        } catch (error) {
          await storage.remove(file.kind, name).catch(() => undefined);
          throw error;
        }
      });
    },

    /**
     * Forgets stored files in `trx` (their rows) and, once that commits, removes their bytes. Rows that reference
     * them go with them (ON DELETE CASCADE).
     */
    async forget(trx: Transaction<Database>, kind: FileKind, names: string[]): Promise<() => Promise<void>> {
      if (!names.length) return async () => undefined;
      await trx.deleteFrom('stored_files').where('kind', '=', kind).where('name', 'in', names).execute();
      return async () => {
        for (const name of names) await storage.remove(kind, name).catch(() => undefined);
      };
    },

    /**
     * The file behind `kind/name` when `viewer` may see it, else null (the route answers 404 either way): the
     * platform administrator sees every file; a company's file is for its active members; a profile picture for
     * its owner and the people who share an active company with them; a logo not yet saved with a company for
     * the administrator who uploaded it.
     */
    async open(kind: string, name: string, viewer: SessionUser): Promise<OpenedFile | null> {
      if (!isFileKind(kind) || !STORED_NAME.test(name)) return null;
      const row = await db
        .selectFrom('stored_files as f')
        .select(['f.content_type', 'f.company_id', 'f.owner_user_id', 'f.uploaded_by', 'f.model_id'])
        .where('f.kind', '=', kind)
        .where('f.name', '=', name)
        .executeTakeFirst();
      if (!row || !(await sees(viewer, row))) return null;
      const stream = await storage.open(kind, name);
      return stream ? { stream, name, contentType: row.content_type } : null;
    },
  };

  async function sees(
    viewer: SessionUser,
    file: {
      company_id: string | null;
      owner_user_id: string | null;
      uploaded_by: string | null;
      model_id: string | null;
    },
  ): Promise<boolean> {
    if (viewer.platformRole === 'ADMIN') return true;
    if (file.model_id) return seesModel(viewer.userId, file.model_id);
    if (file.company_id) return isActiveMember(viewer.userId, file.company_id);
    if (file.owner_user_id) {
      if (file.owner_user_id === viewer.userId) return true;
      const shared = await db
        .selectFrom('memberships as mine')
        .innerJoin('memberships as theirs', 'theirs.company_id', 'mine.company_id')
        .innerJoin('companies as c', 'c.id', 'mine.company_id')
        .select('mine.company_id')
        .where('mine.user_id', '=', viewer.userId)
        .where('mine.status', '=', 'active')
        .where('theirs.user_id', '=', file.owner_user_id)
        .where('theirs.status', '=', 'active')
        .where('c.deleted_at', 'is', null)
        .executeTakeFirst();
      return Boolean(shared);
    }
    return file.uploaded_by === viewer.userId;
  }

  /** A model's file: for the active members of its company who see its equipment (equipment-visibility.ts). */
  async function seesModel(userId: string, modelId: string): Promise<boolean> {
    const row = await db
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
    if (!row) return false;
    return seesEquipment(new Set(permissionsFor('USER', row.role)), {
      assigned: row.assigned,
      inactiveModel: !row.is_active,
    });
  }

  async function isActiveMember(userId: string, companyId: string): Promise<boolean> {
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
  }
}

export type FileStore = ReturnType<typeof createFileStore>;
