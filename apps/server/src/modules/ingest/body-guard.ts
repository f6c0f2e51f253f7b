import { Transform, type TransformCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { HttpError } from '../../lib/http-error.ts';

/** Inflated bytes a gzip body may always reach, whatever its ratio (a small, very regular batch compresses well). */
export const GZIP_RATIO_FLOOR_BYTES = 1024 * 1024;

export interface BodyGuard {
  /** The whole body must have arrived this long after its headers, or it is refused with 408. */
  timeoutMs: number;
  /** Bytes the body may hold (after inflating); more is refused with 413 and `tooLarge`. */
  maxBytes: number;
  tooLarge: string;
  /** A gzip body: inflated as it arrives, refused (413) once it inflates more than this many times its size. */
  gzipMaxRatio: number | null;
}

/**
 * The body of an ingest request as Fastify reads it, held to the guard: its bytes (inflated when gzip), how long it
 * may take, and how far gzip may inflate. A refusal ends the stream with an HttpError that Fastify answers; reading
 * stops at once, so a decompression bomb costs the server its first MiB past the ratio, not its full size.
 */
export function guardBody(payload: NodeJS.ReadableStream, guard: BodyGuard): Transform {
  let received = 0;
  let delivered = 0;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      delivered += chunk.length;
      if (delivered > guard.maxBytes) return callback(new HttpError(413, guard.tooLarge));
      if (
        guard.gzipMaxRatio !== null &&
        delivered > GZIP_RATIO_FLOOR_BYTES &&
        delivered > guard.gzipMaxRatio * received
      ) {
        return callback(
          new HttpError(
            413,
            `The gzip body inflates more than ${guard.gzipMaxRatio} times its size (INGEST_GZIP_MAX_RATIO): refused as a decompression bomb.`,
          ),
        );
      }
      callback(null, chunk);
    },
  });
  const timer = setTimeout(
    () =>
      out.destroy(
        new HttpError(
          408,
          `The request body did not arrive within ${Math.round(guard.timeoutMs / 1000)} s (INGEST_BODY_TIMEOUT_SECONDS).`,
        ),
      ),
    guard.timeoutMs,
  );
  const stop = () => clearTimeout(timer);
  out.once('end', stop);
  out.once('close', stop);
  out.once('error', stop);
  payload.on('data', (chunk: Buffer) => {
    received += chunk.length;
  });

  if (guard.gzipMaxRatio === null) {
    payload.pipe(out);
    return out;
  }
  const gunzip = createGunzip();
  gunzip.once('error', (error) =>
    out.destroy(new HttpError(400, `The body is not valid gzip: ${error.message}`)),
  );
  out.once('close', () => gunzip.destroy());
  payload.pipe(gunzip).pipe(out);
  return out;
}
