import { randomBytes, randomInt } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** The folders of uploaded files: the only `kind`s the files route knows (issue 11 item 1). */
export const FILE_KINDS = [
  'companys',
  'profiles',
  'equipment-tags',
  'recommendations',
  // Pictures and PDF documents of one model (issue 12 item 2), served to who sees its equipment.
  'model-images',
  'model-documents',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The types the server stores, by the extension of the names it gives them (never the uploader's name). */
export const STORED_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;
export type StoredType = keyof typeof STORED_TYPES;

/**
 * A name the server gave: letters, digits, '-' and '_', then one of our extensions. No dots, slashes or
 * backslashes inside, so never `..`; names of files uploaded before issue 11 (`stem-1234-89abcdef.png`,
 * `demo-p-101.png`) match too. The files table decides whether such a file exists at all.
 */
export const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,159}\.(png|jpg|xlsx|pdf)$/;

export const isFileKind = (kind: string): kind is FileKind =>
  (FILE_KINDS as readonly string[]).includes(kind);

/** A size limit as a 413 quotes it: exact bytes and rounded MB. */
export const byteLimit = (bytes: number) => `${bytes} bytes (${Number((bytes / 1024 / 1024).toFixed(2))} MB)`;

/** The URL of a stored file, as saved in image fields and loaded by the web. */
export const fileUrl = (kind: FileKind, name: string) => `/api/v1/files/${kind}/${name}`;

/**
 * A new stored name: the readable part of the uploader's name (spec 01 §5 keeps it), a random number from 1 to
 * 10000 (spec 01 §5) and 64 random bits, so names are neither guessed nor chosen by a client.
 */
export function storedName(original: string, type: StoredType): string {
  const stem =
    path
      .parse(original)
      .name.replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^[-_]+/, '')
      .slice(0, 60) || 'file';
  return `${stem}-${randomInt(1, 10_001)}-${randomBytes(8).toString('hex')}.${type}`;
}

/** Where uploaded bytes live: a local directory by default, an S3-compatible bucket with FILES_STORE=s3 (s3-storage.ts). */
export interface FileStorage {
  /** Stores new bytes under `kind/name` (never overwriting) and answers their URL. */
  put(kind: FileKind, name: string, bytes: Buffer): Promise<string>;
  /** The bytes of `kind/name`, or null when the name is not one of ours, is missing or is not a plain file. */
  open(kind: string, name: string): Promise<Readable | null>;
  /** Removes the bytes of `kind/name` (a file no row names any more); a missing file is not an error. */
  remove(kind: FileKind, name: string): Promise<void>;
  /** Resolves when new files can be stored (readiness, /readyz); rejects saying why not. */
  check(): Promise<void>;
}

export function createLocalStorage(root: string): FileStorage {
  const checked = (kind: string, name: string): kind is FileKind =>
    isFileKind(kind) && STORED_NAME.test(name);
  return {
    async put(kind, name, bytes) {
      if (!checked(kind, name)) throw new Error(`unsafe file name ${kind}/${name}`);
      const folder = path.join(root, kind);
      await mkdir(folder, { recursive: true, mode: 0o750 });
      // 'wx': never overwrite; names carry a random part.
      await writeFile(path.join(folder, name), bytes, { flag: 'wx', mode: 0o640 });
      return fileUrl(kind, name);
    },
    async open(kind, name) {
      if (!checked(kind, name)) return null;
      try {
        // The real file must sit directly in the real folder of its kind: no link leads out of it.
        const folder = await realpath(path.join(root, kind));
        const file = await realpath(path.join(folder, name));
        if (path.dirname(file) !== folder) return null;
        const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
        if (!(await handle.stat()).isFile()) {
          await handle.close();
          return null;
        }
        return handle.createReadStream();
      } catch {
        return null;
      }
    },
    async remove(kind, name) {
      if (!checked(kind, name)) return;
      await rm(path.join(root, kind, name), { force: true });
    },
    async check() {
      await mkdir(root, { recursive: true, mode: 0o750 });
      await access(root, constants.W_OK);
    },
  };
}
