import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  createTestContext,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../test/harness.ts';
import { createIngestKey, seedEquipment } from '../../test/plant.ts';
import { CROSS_SITE, CSRF_HEADER_MISSING } from './csrf.ts';

const PUBLIC_URL = 'https://sdp.example.com';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL });
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
});
afterAll(() => ctx.close());

const restore = (headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/companies/${tenants.otherCompanyId}/restore`,
    headers: { cookie: cookies.admin, ...headers },
  });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
function upload(headers: Record<string, string>) {
  const boundary = '----csrf';
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/upload/profiles',
    headers: {
      cookie: cookies.member,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...headers,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image_file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

describe('cross-site request forgery', () => {
  it('refuses a body-less POST from a page on another port of the same host (the reported restore)', async () => {
    const response = await restore({ origin: 'https://sdp.example.com:8443', 'sec-fetch-site': 'same-site' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: CROSS_SITE });
  });

  it('refuses another origin even when it sends the custom header, and a cross-site Sec-Fetch-Site alone', async () => {
    for (const headers of [
      { origin: 'https://evil.example', ...CSRF },
      { origin: 'null', ...CSRF },
      { 'sec-fetch-site': 'cross-site', ...CSRF },
      { 'sec-fetch-site': 'same-site', ...CSRF },
    ]) {
      const response = await restore(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ detail: CROSS_SITE });
    }
  });

  it('refuses a body-less POST without the custom header, whatever its origin', async () => {
    const variants: Record<string, string>[] = [{}, { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' }];
    for (const headers of variants) {
      const response = await restore(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: CSRF_HEADER_MISSING });
    }
  });

  it('accepts the same call from our own origin with the header, and from a non-browser with the header', async () => {
    for (const headers of [{ origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin', ...CSRF }, CSRF]) {
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/companies/${tenants.otherCompanyId}`,
        headers: { cookie: cookies.admin, ...headers },
      });
      expect(deleted.statusCode).toBeLessThan(300);
      expect((await restore(headers)).statusCode).toBe(200);
    }
  });

  it('refuses a multipart upload without the header or from another origin, and accepts it with the header', async () => {
    expect((await upload({})).json()).toEqual({ detail: CSRF_HEADER_MISSING });
    expect((await upload({ origin: 'http://sdp.example.com:3000', ...CSRF })).statusCode).toBe(403);
    expect((await upload({ origin: PUBLIC_URL, ...CSRF })).statusCode).toBe(200);
  });

  it('accepts a JSON body without the header (no page of another site can send one without a preflight)', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/company',
      headers: { cookie: cookies.owner },
      payload: { company_id: tenants.companyId },
    });
    expect(response.statusCode).toBe(200);
  });

  it('holds the sign-in and sign-out calls to the same rule', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'owner@acme.test', password: 'whatever' },
    });
    expect(login.statusCode).toBe(403);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: cookies.supmem },
    });
    expect(logout.json()).toEqual({ detail: CSRF_HEADER_MISSING });
  });

  it('leaves reads and ingest-key calls alone', async () => {
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { cookie: cookies.member, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
    await seedEquipment(ctx.db, tenants.companyId);
    const key = await createIngestKey(ctx.app, tenants.companyId);
    const ingest = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/measurements',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
      payload: 'modelCode,tag,ts,value\n',
    });
    expect(ingest.statusCode).not.toBe(403);
  });
});

describe('ingest keys', () => {
  it('accept the Bearer scheme in any case', async () => {
    const key = await createIngestKey(ctx.app, tenants.companyId);
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/ingest/measurements',
        headers: { authorization: `${scheme} ${key}` },
        payload: { modelCode: 'NOPE', points: [] },
      });
      expect(response.statusCode, scheme).not.toBe(401);
    }
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/measurements',
      headers: { authorization: `Basic ${key}` },
      payload: { modelCode: 'NOPE', points: [] },
    });
    expect(wrong.statusCode).toBe(401);
  });
});
