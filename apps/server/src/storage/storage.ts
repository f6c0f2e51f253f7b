import { createReadStream, existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Local directory by default; the interface is what an S3 store would implement. */
export interface FileStorage {
  /** Stores the bytes under `kind/name` and answers the URL the web loads them from. */
  put(kind: string, name: string, bytes: Buffer): Promise<string>;
  open(kind: string, name: string): Readable | null;
}

const SAFE = /^[A-Za-z0-9._-]+$/;

export function createLocalStorage(root: string): FileStorage {
  return {
    async put(kind, name, bytes) {
      if (!SAFE.test(kind) || !SAFE.test(name)) throw new Error(`unsafe file name ${kind}/${name}`);
      const folder = path.join(root, kind);
      await mkdir(folder, { recursive: true });
      // 'wx': never overwrite; names carry a random part.
      await writeFile(path.join(folder, name), bytes, { flag: 'wx' });
      return `/api/v1/files/${kind}/${name}`;
    },
    open(kind, name) {
      if (!SAFE.test(kind) || !SAFE.test(name)) return null;
      const file = path.join(root, kind, name);
      return existsSync(file) ? createReadStream(file) : null;
    },
  };
}
