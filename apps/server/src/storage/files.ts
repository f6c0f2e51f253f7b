import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { SessionUser } from '../auth/sessions.repository.ts';
import type { Db } from '../db/pool.ts';
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
  uploadedBy: string | null;
}

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
            uploaded_by: file.uploadedBy,
          })
          .execute();
        // Written last: when writing fails the row goes with the transaction.
        return storage.put(file.kind, name, file.bytes);
      });
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
        .select(['f.content_type', 'f.company_id', 'f.owner_user_id', 'f.uploaded_by'])
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
    file: { company_id: string | null; owner_user_id: string | null; uploaded_by: string | null },
  ): Promise<boolean> {
    if (viewer.platformRole === 'ADMIN') return true;
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
