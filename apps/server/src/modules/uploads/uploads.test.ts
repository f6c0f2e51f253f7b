import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let admin: string;
let member: string;

// A real 1×1 PNG and the first bytes of a JPEG: recognised by content, whatever their names say.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa1d6c2ae0000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);

function multipart(field: string, filename: string, bytes: Buffer, type = 'image/png') {
  const boundary = '----sdp-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...CSRF } };
}

beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_MAX_BYTES: String(64 * 1024) });
  await seedTenants(ctx.db);
  admin = await signIn(ctx.app, 'admin@acme.test');
  member = await signIn(ctx.app, 'member@acme.test');
});
afterAll(() => ctx.close());

const upload = (cookie: string | null, url: string, part: ReturnType<typeof multipart>) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: part.payload,
    headers: { ...part.headers, ...(cookie ? { cookie } : {}) },
  });

describe('image uploads', () => {
  it('stores a real PNG under a new name with a random suffix and serves it to signed-in users', async () => {
    const response = await upload(
      admin,
      '/api/v1/upload/companys',
      multipart('image_file', 'Plant Logo.png', PNG),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ image_name: 'Plant Logo.png', image_size: PNG.length });
    expect(body.url).toMatch(/^\/api\/v1\/files\/companys\/Plant-Logo-\d{1,5}-[0-9a-f]{8}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: body.url, headers: { cookie: member } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: body.url })).statusCode).toBe(401);
  });

  it('accepts a JPEG profile image from any signed-in user', async () => {
    const response = await upload(
      member,
      '/api/v1/upload/profiles',
      multipart('image_file', 'me.jpeg', JPEG, 'image/jpeg'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/\.jpg$/);
  });

  it('refuses a file that only claims to be an image, with the spec alert text', async () => {
    const fake = multipart(
      'image_file',
      'logo.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/png',
    );
    const response = await upload(admin, '/api/v1/upload/companys', fake);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Please upload file with type: jpeg, jpg, png' });
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(70 * 1024)]);
    const response = await upload(admin, '/api/v1/upload/companys', multipart('image_file', 'big.png', big));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The file is larger than 0.1 MB.' });
  });

  it('refuses a body that is not multipart, and a missing image_file field', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/upload/profiles',
      headers: { cookie: member },
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
    const wrongField = await upload(member, '/api/v1/upload/profiles', multipart('file', 'a.png', PNG));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ detail: 'The field image_file is required.' });
  });

  it('keeps company logos to the administrator and uploads to signed-in users', async () => {
    expect(
      (await upload(member, '/api/v1/upload/companys', multipart('image_file', 'a.png', PNG))).statusCode,
    ).toBe(403);
    expect(
      (await upload(null, '/api/v1/upload/profiles', multipart('image_file', 'a.png', PNG))).statusCode,
    ).toBe(401);
  });

  it('answers 404 for a missing file and refuses path tricks', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/files/companys/none.png',
          headers: { cookie: member },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/files/..%2F..%2Fetc/passwd',
          headers: { cookie: member },
        })
      ).statusCode,
    ).toBe(404);
  });
});
