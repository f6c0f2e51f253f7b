import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  requestAs,
  seedTenants,
  signIn,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';
import { assignEquipment, createModel, seedEquipment } from '../../test/plant.ts';
import type { S3Settings } from '../config.ts';
import { textPdf } from '../lib/pdf.ts';
import { createS3Storage } from './s3-storage.ts';

// FILES_STORE=s3 against a real S3-compatible server (s3rver, in this process, on a loopback port of the system's
// choosing, objects in a temporary folder): uploads, downloads and deletes go through the real routes and SigV4.
const BUCKET = 'sdp-files';
const KEYS = { id: 'S3RVER', secret: 'S3RVER' }; // the credentials s3rver checks signatures with
let s3rver: S3rver;
let objectsDir: string;
let endpoint: string;
/** Our own view of the bucket: a plain client, not the store under test. */
let bucket: S3Client;
let ctx: TestContext;
let cookies: Record<Tenant, string>;
let modelId: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// Over 150 KB: streamed back in many chunks, not one.
const PDF = textPdf(
  'PM report',
  Array.from(
    { length: 4000 },
    (_, i) => `Reading ${i}: winding temperature ${(40 + (i % 37) / 3).toFixed(2)} C`,
  ),
);

const send = (who: Tenant, url: string, part: ReturnType<typeof multipart>) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: part.payload,
    headers: { ...part.headers, cookie: cookies[who] },
  });
const as = (...args: Parameters<typeof requestAs> extends [unknown, unknown, ...infer R] ? R : never) =>
  requestAs(ctx.app, cookies, ...args);

/** Every key in the bucket, sorted. */
async function keys(): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}
async function object(key: string): Promise<Buffer> {
  const got = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(
    await (got.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
  );
}
async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
/** `/api/v1/files/<kind>/<name>` → the key the store must have written, with the configured prefix. */
const keyOf = (url: string) => `sdp/test/${url.replace('/api/v1/files/', '')}`;

beforeAll(async () => {
  objectsDir = await mkdtemp(path.join(os.tmpdir(), 'sdp-s3rver-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: objectsDir,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  bucket = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEYS.id, secretAccessKey: KEYS.secret },
  });
  ctx = await createTestContext({
    FILES_STORE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: KEYS.id,
    S3_SECRET_ACCESS_KEY: KEYS.secret,
    // Written as an operator might: slashes around it are normalised to `sdp/test/`.
    S3_PREFIX: '/sdp/test',
  });
  const tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  const tag = await seedEquipment(ctx.db, tenants.companyId, 'S3');
  await assignEquipment(ctx.db, tenants.users.member, tag);
  modelId = (await createModel(ctx.app, tag, 1)).id;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  bucket?.destroy();
  await s3rver?.close();
  if (objectsDir) await rm(objectsDir, { recursive: true, force: true });
});

describe('uploaded files in an S3-compatible bucket (FILES_STORE=s3)', () => {
  it('stores a model image uploaded through the API as an object, serves it back byte for byte and deletes it', async () => {
    const added = await send(
      'owner',
      `/api/v1/equipment-models/${modelId}/images`,
      multipart('image_file', 'tx1.png', PNG, 'image/png'),
    );
    expect(added.statusCode, added.body).toBe(201);
    const image = added.json();
    expect(image.url).toMatch(/^\/api\/v1\/files\/model-images\/tx1-\d+-[0-9a-f]{16}\.png$/);
    const key = keyOf(image.url);
    expect(await keys()).toContain(key);
    expect((await object(key)).equals(PNG)).toBe(true);
    expect((await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).ContentType).toBe(
      'image/png',
    );
    // Nothing went to the local folder.
    expect(existsSync(ctx.config.filesDir)).toBe(false);

    const served = await as('member', 'GET', image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const removed = await as('owner', 'DELETE', `/api/v1/equipment-models/${modelId}/images/${image.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await keys()).not.toContain(key);
    expect((await as('owner', 'GET', image.url)).statusCode).toBe(404);
  });

  it('streams a large PDF back whole, and removes the replaced one from the bucket', async () => {
    expect(PDF.length).toBeGreaterThan(150_000);
    const upload = (bytes: Buffer, name: string) =>
      send(
        'owner',
        `/api/v1/equipment-models/${modelId}/documents?type=pm_report`,
        multipart('documentation_file', name, bytes, 'application/pdf'),
      );
    const first = await upload(PDF, 'report.pdf');
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().url as string;
    expect((await object(keyOf(firstUrl))).equals(PDF)).toBe(true);
    const served = await as('member', 'GET', firstUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(PDF)).toBe(true);

    const second = await upload(textPdf('PM report', ['Second inspection']), 'report-2.pdf');
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().url as string;
    expect(await keys()).toEqual(expect.arrayContaining([keyOf(secondUrl)]));
    expect(await keys()).not.toContain(keyOf(firstUrl));
  });

  it('answers 404 through the files route when the object behind a recorded file is missing', async () => {
    const added = await send(
      'owner',
      `/api/v1/equipment-models/${modelId}/images`,
      multipart('image_file', 'gone.png', PNG, 'image/png'),
    );
    expect(added.statusCode).toBe(201);
    const url = added.json().url as string;
    await bucket.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: keyOf(url) }));
    const missing = await as('member', 'GET', url);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
  });

  it('never replaces an object, takes only our kinds and names, and removes a missing object quietly', async () => {
    const store = createS3Storage(ctx.config.s3 as S3Settings);
    try {
      const name = 'clash-1-0123456789abcdef.png';
      expect(await store.put('companys', name, PNG)).toBe(`/api/v1/files/companys/${name}`);
      await expect(store.put('companys', name, Buffer.from('other bytes'))).rejects.toThrow(
        'stored file companys/clash-1-0123456789abcdef.png already exists',
      );
      expect((await object(`sdp/test/companys/${name}`)).equals(PNG)).toBe(true);
      expect((await readAll((await store.open('companys', name)) as Readable)).equals(PNG)).toBe(true);

      // Not our kind or not the server's name: refused before any request, whatever the bucket holds.
      await bucket.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'sdp/test/secrets/a.png', Body: PNG }));
      expect(await store.open('secrets', 'a.png')).toBeNull();
      expect(await store.open('companys', '../secrets/a.png')).toBeNull();
      expect(await store.open('companys', 'x.svg')).toBeNull();
      await expect(store.put('companys', '../x.png', PNG)).rejects.toThrow('unsafe file name');
      await expect(store.put('secrets' as 'companys', 'a.png', PNG)).rejects.toThrow('unsafe file name');

      expect(await store.open('companys', 'never-1-0123456789abcdef.png')).toBeNull();
      await store.remove('companys', 'never-1-0123456789abcdef.png');
      await store.remove('companys', name);
      expect(await keys()).not.toContain(`sdp/test/companys/${name}`);
    } finally {
      store.close();
    }
  });

  it('fails, rather than answering "missing", when the store cannot be reached or refuses the key', async () => {
    const settings = ctx.config.s3 as S3Settings;
    // s3rver knows one access key id (it does not check SigV4 signatures themselves): another one is refused, 403.
    const wrongKey = createS3Storage({ ...settings, accessKeyId: 'NOT-OURS' });
    const nobody = createS3Storage({ ...settings, endpoint: 'http://127.0.0.1:1' });
    try {
      await expect(wrongKey.open('companys', 'never-1-0123456789abcdef.png')).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
      await expect(wrongKey.put('companys', 'new-1-0123456789abcdef.png', PNG)).rejects.toThrow();
      await expect(nobody.open('companys', 'never-1-0123456789abcdef.png')).rejects.toThrow();
    } finally {
      wrongKey.close();
      nobody.close();
    }
  });

  it('answers 500 and keeps nothing when the bucket cannot be reached, never a 404 or a half-stored file', async () => {
    const settings = ctx.config.s3 as S3Settings;
    const down = await createTestContext({
      FILES_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      S3_BUCKET: settings.bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    });
    try {
      const { users } = await seedTenants(down.db);
      const cookie = await signIn(down.app, 'admin@acme.test');
      const part = multipart('image_file', 'logo.png', PNG);
      const upload = await down.app.inject({
        method: 'POST',
        url: '/api/v1/upload/companys',
        payload: part.payload,
        headers: { ...part.headers, cookie },
      });
      expect(upload.statusCode).toBe(500);
      expect(upload.json()).toEqual({ detail: 'Internal server error.' });
      expect(await down.db.selectFrom('stored_files').select('name').execute()).toEqual([]);

      const name = 'logo-1-0123456789abcdef.png';
      await down.db
        .insertInto('stored_files')
        .values({
          kind: 'companys',
          name,
          content_type: 'image/png',
          size_bytes: 1,
          uploaded_by: users.admin,
        })
        .execute();
      const read = await down.app.inject({
        method: 'GET',
        url: `/api/v1/files/companys/${name}`,
        headers: { cookie },
      });
      expect(read.statusCode).toBe(500);

      // Readiness says so, without naming the bucket to an unauthenticated probe; liveness stays up.
      const ready = await down.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        database: 'up',
        files: 'down',
        detail: 'Uploaded files cannot be stored.',
      });
      expect((await down.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('is ready when the bucket exists and takes the credentials; says which is wrong otherwise', async () => {
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up', files: 'up' });

    const settings = ctx.config.s3 as S3Settings;
    const stores = {
      missing: createS3Storage({ ...settings, bucket: 'no-such-bucket' }),
      wrongKey: createS3Storage({ ...settings, accessKeyId: 'NOT-OURS' }),
      nobody: createS3Storage({ ...settings, endpoint: 'http://127.0.0.1:1' }),
    };
    try {
      await expect(createS3Storage(settings).check()).resolves.toBeUndefined();
      await expect(stores.missing.check()).rejects.toThrow('bucket no-such-bucket does not exist');
      await expect(stores.wrongKey.check()).rejects.toThrow(`bucket ${BUCKET} refuses these credentials`);
      await expect(stores.nobody.check()).rejects.toThrow(`bucket ${BUCKET} is not reachable`);
    } finally {
      for (const store of Object.values(stores)) store.close();
    }
  });
});
