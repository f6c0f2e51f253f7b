import { CSRF } from './harness.ts';

/** A multipart/form-data body with one file part, and its headers (with the CSRF header), as a browser uploads it. */
export function multipart(field: string, filename: string, bytes: Buffer, type = 'image/png') {
  const boundary = '----sdp-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...CSRF } };
}
