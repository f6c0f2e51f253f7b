import { randomBytes } from 'node:crypto';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  createTestContext,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';

let ctx: TestContext;
let cookies: Record<Tenant, string>;
let tenants: Awaited<ReturnType<typeof seedTenants>>;

// A real 1×1 PNG and a whole (arithmetic-coded) 1×1 JPEG: recognised by content, whatever their names say.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// The 1×1 PNG passed around the web: its IDAT chunk is one byte short of its declared length.
const BROKEN_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa1d6c2ae0000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.from(
  'ffd8ffe000104a46494600010101004800480000ffdb004300030202020202030202020303030304060404040404080606050609080a0a090809090a0c0f0c0a0b0e0b09090d110d0e0f101011100a0c12131210130f101010ffc9000b080001000101011100ffcc000600101005ffda0008010100003f00d2cf20ffd9',
  'hex',
);

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * Bytes of noise from a fixed seed (mulberry32). Fresh random noise made this file flaky: about one PNG in 20,000
 * happens to hold a run like `<svg` or `<\xa0html`, which the upload refuses as markup (415).
 */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0;
  for (let i = 0; i < length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    bytes[i] = (t ^ (t >>> 14)) & 0xff;
  }
  return bytes;
}

let noiseSeed = 1;

/** A PNG of noise (incompressible), `side`×`side` RGBA, with extra chunks before IEND; the same bytes every run. */
function noisePng(side: number, extra: Buffer[] = []): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: side }, () => Buffer.concat([Buffer.from([0]), noise(side * 4, noiseSeed++)])),
  );
  return Buffer.concat([
    PNG.subarray(0, 8),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    ...extra,
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PNG whose header declares `width`×`height` at `bitDepth` (grey, colour type 0) over image data of zero rows
 * that inflate to `rows` scanlines of that width: the inflation bomb of issue 23 item 8 (zeros deflate ~1000:1).
 */
function zerosPng(width: number, height: number, rows = height, bitDepth = 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, 0, 0, 0, 0], 8);
  const rowBytes = 1 + Math.ceil((width * bitDepth) / 8);
  return Buffer.concat([
    PNG.subarray(0, 8),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(rowBytes * rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The 1×1 JPEG with its frame header declaring `width`×`height`. */
function jpegOf(width: number, height: number): Buffer {
  const bytes = Buffer.from(JPEG);
  const frame = bytes.indexOf(Buffer.from([0xff, 0xc9]));
  bytes.writeUInt16BE(height, frame + 5);
  bytes.writeUInt16BE(width, frame + 7);
  return bytes;
}

const QUOTA = 200 * 1024;
// DATA_DIR of this test: the files folder inside it, and a password file beside it as the embedded database had.
const dataDir = path.join(os.tmpdir(), `sdp-uploads-${randomBytes(4).toString('hex')}`);

beforeAll(async () => {
  ctx = await createTestContext({
    UPLOAD_MAX_BYTES: String(64 * 1024),
    IMAGE_MAX_PIXELS: String(40_000_000),
    UPLOAD_QUOTA_BYTES_PER_COMPANY: String(QUOTA),
    DATA_DIR: dataDir,
    FILES_DIR: path.join(dataDir, 'files'),
  });
  await mkdir(ctx.config.filesDir, { recursive: true });
  await writeFile(path.join(dataDir, 'pg-password'), 'secret-password\n');
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (who: Tenant | null, url: string, part: ReturnType<typeof multipart>) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: part.payload,
    headers: { ...part.headers, ...(who ? { cookie: cookies[who] } : {}) },
  });
const get = (who: Tenant | null, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: cookies[who] } : {} });

async function uploaded(who: Tenant, url: string, bytes: Buffer = PNG, name = 'a.png'): Promise<string> {
  const response = await upload(who, url, multipart('image_file', name, bytes));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().url;
}

describe('image uploads', () => {
  it("stores a company's logo under a new name and serves it to that company's people only, with safe headers", async () => {
    const response = await upload(
      'admin',
      `/api/v1/upload/companys?company_id=${tenants.companyId}`,
      multipart('image_file', 'Plant Logo.png', PNG),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ image_name: 'Plant Logo.png', image_size: PNG.length });
    expect(body.url).toMatch(/^\/api\/v1\/files\/companys\/Plant-Logo-\d{1,5}-[0-9a-f]{16}\.png$/);
    const served = await get('member', body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(`inline; filename="${body.url.split('/').pop()}"`);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await get('admin', body.url)).statusCode).toBe(200);
    // Another company's people: as if it did not exist.
    const other = await get('outsider', body.url);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Not found.' });
    expect((await get(null, body.url)).statusCode).toBe(401);
  });

  it('keeps a logo uploaded for a company not yet saved to administrators, until a company is saved with it', async () => {
    const url = await uploaded('admin', '/api/v1/upload/companys');
    expect((await get('admin', url)).statusCode).toBe(200);
    expect((await get('outsider', url)).statusCode).toBe(404);
    await ctx.db
      .updateTable('companies')
      .set({ image_path: url })
      .where('id', '=', tenants.otherCompanyId)
      .execute();
    expect((await get('outsider', url)).statusCode).toBe(200);
    expect((await get('member', url)).statusCode).toBe(404);
  });

  it('shows a profile picture to its owner, the people sharing a company with them and administrators', async () => {
    const url = await uploaded('member', '/api/v1/upload/profiles', JPEG, 'me.jpeg');
    expect(url).toMatch(/^\/api\/v1\/files\/profiles\/me-\d+-[0-9a-f]{16}\.jpg$/);
    const own = await get('member', url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect((await get('owner', url)).statusCode).toBe(200);
    expect((await get('admin', url)).statusCode).toBe(200);
    expect((await get('outsider', url)).statusCode).toBe(404);
  });

  it('lets only the roles that edit equipment or models upload equipment images, into their own company', async () => {
    const url = await uploaded('owner', `/api/v1/upload/equipment-tags?company_id=${tenants.companyId}`);
    expect((await get('supmem', url)).statusCode).toBe(200);
    expect((await get('outsider', url)).statusCode).toBe(404);
    for (const who of ['member', 'supmem'] as const) {
      const refused = await upload(
        who,
        `/api/v1/upload/equipment-tags?company_id=${tenants.companyId}`,
        multipart('image_file', 'a.png', PNG),
      );
      expect(refused.statusCode).toBe(403);
    }
    const elsewhere = await upload(
      'owner',
      `/api/v1/upload/equipment-tags?company_id=${tenants.otherCompanyId}`,
      multipart('image_file', 'a.png', PNG),
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses files that are not whole images, and polyglots, with the spec alert text', async () => {
    const withScript = noisePng(4, [chunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>'))]);
    const badCrc = Buffer.from(PNG);
    badCrc[30] = (badCrc[30] as number) ^ 0xff;
    const cases: [string, Buffer][] = [
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['png then html', Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')])],
      ['png with a script chunk', withScript],
      ['png without IEND', PNG.subarray(0, PNG.length - 12)],
      ['png with a broken CRC', badCrc],
      ['png with a short chunk', BROKEN_PNG],
      ['jpeg first bytes only', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)])],
      ['jpeg without EOI', JPEG.subarray(0, JPEG.length - 2)],
      ['jpeg then html', Buffer.concat([JPEG, Buffer.from('<!doctype html><p>hi')])],
    ];
    for (const [what, bytes] of cases) {
      const response = await upload(
        'member',
        '/api/v1/upload/profiles',
        multipart('image_file', 'x.png', bytes),
      );
      expect(response.statusCode, what).toBe(415);
      expect(response.json(), what).toEqual({ detail: 'Please upload file with type: jpeg, jpg, png' });
    }
    expect(await uploaded('member', '/api/v1/upload/profiles', noisePng(8))).toMatch(/\.png$/);
  });

  it('refuses an image whose header declares more than IMAGE_MAX_PIXELS with 413, before inflating it (issue 23 item 8)', async () => {
    const cases: [string, Buffer, string][] = [
      // The header alone declares 10 gigapixels; the data is one row, never inflated.
      ['png', zerosPng(100_000, 100_000, 1), 'The image is 100000 × 100000 pixels (10000 megapixels)'],
      [
        'png of 2^31-1 square',
        zerosPng(0x7fffffff, 0x7fffffff, 0, 1),
        'The image is 2147483647 × 2147483647 pixels',
      ],
      ['png just over', zerosPng(8000, 5001, 1), 'The image is 8000 × 5001 pixels (40.01 megapixels)'],
      ['jpeg', jpegOf(65_535, 65_535), 'The image is 65535 × 65535 pixels (4294.84 megapixels)'],
    ];
    for (const [what, bytes, start] of cases) {
      expect(bytes.length, what).toBeLessThan(64 * 1024);
      const response = await upload(
        'member',
        '/api/v1/upload/profiles',
        multipart('image_file', 'x.png', bytes),
      );
      expect(response.statusCode, what).toBe(413);
      expect(response.json().detail, what).toMatch(
        new RegExp(`^${start.replace(/[()]/g, '\\$&')}.*; the largest accepted is 40 megapixels\\.$`),
      );
    }
    const stored = await ctx.db
      .selectFrom('stored_files')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_user_id', '=', tenants.users.member)
      .where('kind', '=', 'profiles')
      .where('name', 'like', 'x-%')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(0);
  });

  it('checks a large image under the cap whole (its data inflated off the event loop), and refuses data that inflates past its header', async () => {
    // 6000 × 6000 grey: 36 MB of scanlines from a 35 KB file, exactly as its header says: a valid image.
    const large = zerosPng(6000, 6000);
    expect(large.length).toBeLessThan(64 * 1024);
    expect(await uploaded('member', '/api/v1/upload/profiles', large)).toMatch(/\.png$/);
    // A 100 × 100 header over data that would inflate to 60 MB: refused once it passes the 10 KB it promised.
    const liar = zerosPng(100, 100, 600_000);
    const response = await upload(
      'member',
      '/api/v1/upload/profiles',
      multipart('image_file', 'l.png', liar),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Please upload file with type: jpeg, jpg, png' });
    // Too little data for its header is refused as well.
    const short = await upload(
      'member',
      '/api/v1/upload/profiles',
      multipart('image_file', 's.png', zerosPng(100, 100, 99)),
    );
    expect(short.statusCode).toBe(415);
  });

  it('refuses a file over the size limit with 413 quoting the limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(70 * 1024)]);
    const response = await upload(
      'admin',
      '/api/v1/upload/companys',
      multipart('image_file', 'big.png', big),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      detail: 'The file is larger than the limit of 65536 bytes (0.06 MB).',
    });
  });

  it("refuses uploads past the company's quota with 413 quoting it", async () => {
    const into = `/api/v1/upload/equipment-tags?company_id=${tenants.otherCompanyId}`;
    let refused: Awaited<ReturnType<typeof upload>> | null = null;
    for (let attempt = 0; attempt < 8 && !refused; attempt++) {
      const response = await upload('outsider', into, multipart('image_file', 'n.png', noisePng(100)));
      if (response.statusCode !== 200) refused = response;
    }
    expect(refused?.statusCode).toBe(413);
    expect(refused?.json()).toEqual({
      detail: `The uploaded files would exceed the storage quota of ${QUOTA} bytes (0.2 MB).`,
    });
    // Another company's quota is its own.
    await uploaded('owner', `/api/v1/upload/equipment-tags?company_id=${tenants.companyId}`, noisePng(100));
  });

  it('refuses a body that is not multipart, and a missing image_file field', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/upload/profiles',
      headers: { cookie: cookies.member },
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
    const wrongField = await upload('member', '/api/v1/upload/profiles', multipart('file', 'a.png', PNG));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ detail: 'The field image_file is required.' });
  });

  it('keeps company logos to the administrator and uploads to signed-in users', async () => {
    expect(
      (await upload('owner', '/api/v1/upload/companys', multipart('image_file', 'a.png', PNG))).statusCode,
    ).toBe(403);
    expect(
      (await upload(null, '/api/v1/upload/profiles', multipart('image_file', 'a.png', PNG))).statusCode,
    ).toBe(401);
  });
});

describe('image URL fields', () => {
  it('take only URLs of our own upload route, of their own kind (issue 11 items 3, 12)', async () => {
    const send = (who: Tenant, method: 'POST' | 'PUT', url: string, payload: object) =>
      ctx.app.inject({ method, url, payload, headers: { ...CSRF, cookie: cookies[who] } });
    const company = (image_path: string) => ({
      image_path,
      title: 'Logo Test',
      initial_code: 'LOGOT',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    });
    const refusals = [
      'https://evil.example/logo.png',
      'javascript:alert(1)',
      '/api/v1/files/profiles/me-1-0123456789abcdef.png',
      '/api/v1/files/companys/../secrets/pg-password',
      '/api/v1/files/companys/logo.svg',
    ];
    for (const url of refusals) {
      const response = await send('admin', 'POST', '/api/v1/companies', company(url));
      expect(response.statusCode, url).toBe(400);
      expect(response.json().detail, url).toContain('Upload the image through /api/v1/upload/companys');
      const image = await send('admin', 'POST', '/api/v1/equipment-tag-images', {
        equipmentTagId: tenants.companyId,
        url: url.replace('companys', 'equipment-tags'),
        image_name: 'a.png',
        image_size: 1,
      });
      expect(image.statusCode, url).toBe(400);
      const diagram = await send('admin', 'PUT', `/api/v1/equipment-models/${tenants.companyId}`, {
        model_in: { title: 'M' },
        rvs_diagram_in: { diagram_url: url.replace('companys', 'equipment-tags') },
      });
      expect(diagram.statusCode, url).toBe(400);
    }
    const logo = await uploaded('admin', '/api/v1/upload/companys');
    expect((await send('admin', 'POST', '/api/v1/companies', company(logo))).statusCode).toBe(201);
  });
});

describe('the files route', () => {
  it('answers 4xx with a detail for folders outside the list and names that are not ours (issue 11 item 1)', async () => {
    for (const url of [
      '/api/v1/files/%2E%2E/pg-password',
      '/api/v1/files/..%2F..%2Fetc/passwd',
      '/api/v1/files/companys/..%2Fpg-password',
      '/api/v1/files/companys/%2E%2E',
      '/api/v1/files/companys/a.png%00.txt',
      '/api/v1/files/secrets/pg-password',
    ]) {
      const response = await get('member', url);
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.json().detail, url).toEqual(expect.any(String));
      expect(response.body).not.toContain('secret-password');
    }
  });

  it('answers 404 for a missing file, a directory, a link out of its folder and a file with no owner row', async () => {
    expect((await get('member', '/api/v1/files/companys/none.png')).statusCode).toBe(404);
    const folder = path.join(ctx.config.filesDir, 'companys');
    await mkdir(path.join(folder, 'folder.png'), { recursive: true });
    await symlink('/etc/passwd', path.join(folder, 'link.png'));
    await writeFile(path.join(folder, 'stray.png'), PNG);
    for (const name of ['folder.png', 'link.png']) {
      await ctx.db
        .insertInto('stored_files')
        .values({
          kind: 'companys',
          name,
          content_type: 'image/png',
          size_bytes: 1,
          company_id: tenants.companyId,
        })
        .execute();
    }
    for (const name of ['folder.png', 'link.png', 'stray.png']) {
      const response = await get('admin', `/api/v1/files/companys/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });
});
