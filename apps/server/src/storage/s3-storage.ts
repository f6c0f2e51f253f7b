import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import {
  type FileKind,
  type FileStorage,
  fileUrl,
  isFileKind,
  STORED_NAME,
  STORED_TYPES,
} from './storage.ts';

/** The HTTP status an S3 call answered with, when it answered at all. */
const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/** No such object: 404 (NoSuchKey from GET, NotFound from HEAD, the body-less name some servers give). */
const isMissing = (error: unknown) =>
  statusOf(error) === 404 || ['NoSuchKey', 'NotFound'].includes((error as Error | null)?.name ?? '');

/**
 * Uploaded bytes in an S3-compatible bucket (FILES_STORE=s3; docs/decisions/0006-s3-store.md), under keys
 * `<prefix><kind>/<name>` with the same rules as the local store: only our kinds and the server's names, a put never
 * replaces an object, a missing object opens as null and removes silently. Every API instance sees the same bucket,
 * so no shared folder is needed.
 */
export function createS3Storage(settings: S3Settings): FileStorage & { close(): void } {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default CRC32 headers and aws-chunked bodies are not understood by every S3-compatible server;
    // SigV4 already signs the SHA-256 of each body we send.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable or stalled store fails the request instead of holding it (and its upload) forever.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
  const Bucket = settings.bucket;
  const keyOf = (kind: FileKind, name: string) => `${settings.prefix}${kind}/${name}`;
  const checked = (kind: string, name: string): kind is FileKind =>
    isFileKind(kind) && STORED_NAME.test(name);

  async function exists(Key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  return {
    async put(kind, name, bytes) {
      if (!checked(kind, name)) throw new Error(`unsafe file name ${kind}/${name}`);
      const Key = keyOf(kind, name);
      // Names carry 64 random bits, so a clash is a bug: refuse it. If-None-Match makes the refusal atomic on servers
      // with conditional writes (AWS S3, MinIO); the HEAD before it covers servers that ignore the header.
      const taken = () => new Error(`stored file ${kind}/${name} already exists`);
      if (await exists(Key)) throw taken();
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: bytes,
            ContentLength: bytes.length,
            ContentType: STORED_TYPES[name.slice(name.lastIndexOf('.') + 1) as keyof typeof STORED_TYPES],
            IfNoneMatch: '*',
          }),
        );
      } catch (error) {
        // 412: the object exists; 409: a concurrent conditional write of the same key is under way.
        if (statusOf(error) === 412 || statusOf(error) === 409) throw taken();
        throw error;
      }
      return fileUrl(kind, name);
    },

    async open(kind, name) {
      if (!checked(kind, name)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(kind, name) }));
        // In Node the body is the HTTP response itself: streamed to the client, never held in memory.
        return object.Body instanceof Readable ? object.Body : null;
      } catch (error) {
        // Missing is null (the route answers 404); an unreachable store or refused credentials is an error (500,
        // logged) rather than a misleading 404.
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(kind, name) {
      if (!checked(kind, name)) return;
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(kind, name) }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    /** The bucket exists and these credentials may use it (HEAD bucket: 404 missing, 403 refused). */
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = statusOf(error);
        const why =
          status === 404
            ? 'does not exist'
            : status === 403
              ? 'refuses these credentials'
              : `is not reachable (${(error as Error).message || (error as Error).name})`;
        throw new Error(`bucket ${Bucket} ${why}`);
      }
    },

    close() {
      client.destroy();
    },
  };
}
