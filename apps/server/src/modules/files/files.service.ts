import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import { seesEquipment } from '../../auth/equipment-visibility.ts';
import { permissionsFor } from '../../auth/permissions.ts';
import type { SessionUser } from '../../auth/sessions.repository.ts';
import type { Db } from '../../db/pool.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  byteLimit,
  type FileKind,
  type FileStorage,
  isFileKind,
  STORED_NAME,
  STORED_TYPES,
  type StoredType,
  storedName,
} from '../../storage/storage.ts';
import type { FilesRepository, StoredFileOwner } from './files.repository.ts';

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
 * user, for profile pictures), and a file is served only to the people who see that company or user. The bytes
 * live in `storage` (storage/: a local folder or an S3 bucket), the rows in files.repository.ts.
 */
export function createFileStore({
  db,
  repository,
  storage,
  quotaBytes,
}: {
  /** Transactions only: `saveWith` hands its transaction to the caller's `then`. */
  db: Db;
  repository: FilesRepository;
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
        await repository.lockQuota(trx, scope);
        const used = await repository.usedBytes(trx, {
          companyId: file.companyId,
          ownerUserId,
          uploadedBy: file.uploadedBy,
        });
        if (used + file.bytes.length > quotaBytes) throw new HttpError(413, quotaMessage(quotaBytes));
        await repository.insert(trx, {
          kind: file.kind,
          name,
          contentType: STORED_TYPES[file.type],
          size: file.bytes.length,
          companyId: file.companyId,
          ownerUserId,
          modelId: file.modelId ?? null,
          uploadedBy: file.uploadedBy,
        });
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
      await repository.remove(trx, kind, names);
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
      const row = await repository.find(kind, name);
      if (!row || !(await sees(viewer, row))) return null;
      const stream = await storage.open(kind, name);
      return stream ? { stream, name, contentType: row.content_type } : null;
    },
  };

  async function sees(viewer: SessionUser, file: StoredFileOwner): Promise<boolean> {
    if (viewer.platformRole === 'ADMIN') return true;
    if (file.model_id) return seesModel(viewer.userId, file.model_id);
    if (file.company_id) return repository.isActiveMember(viewer.userId, file.company_id);
    if (file.owner_user_id) {
      if (file.owner_user_id === viewer.userId) return true;
      return repository.shareActiveCompany(viewer.userId, file.owner_user_id);
    }
    return file.uploaded_by === viewer.userId;
  }

  /** A model's file: for the active members of its company who see its equipment (equipment-visibility.ts). */
  async function seesModel(userId: string, modelId: string): Promise<boolean> {
    const row = await repository.modelViewer(userId, modelId);
    if (!row) return false;
    return seesEquipment(new Set(permissionsFor('USER', row.role)), {
      assigned: row.assigned,
      inactiveModel: !row.is_active,
    });
  }
}

export type FileStore = ReturnType<typeof createFileStore>;
