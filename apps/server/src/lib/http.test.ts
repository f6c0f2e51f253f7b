import { connect } from 'node:net';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  createTestContext,
  requestAs,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../test/harness.ts';
import { createIngestKey } from '../../test/plant.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/pool.ts';
import { helmetOptions } from './security-headers.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
beforeAll(async () => {
  ctx = await createTestContext({ BODY_LIMIT_BYTES: '2048', INGEST_BODY_LIMIT_BYTES: '4096' });
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
});
afterAll(() => ctx.close());

describe('bad input never answers 5xx', () => {
  it('answers 400 with detail for malformed JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^The body is not valid JSON/);
  });

  it('answers 413 with detail for an oversized body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The request body is too large (limit 2048 bytes).' });
  });

  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])(
    'answers 415 for %s',
    async (type) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': type, ...CSRF },
        payload: 'email=a',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().detail).toContain(`Unsupported content type '${type}'`);
    },
  );

  it('answers 404 with detail for an unknown API path and method', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing-here'],
      ['DELETE', '/api/v1/users/me'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('GET /healthz', () => {
  it('answers 200 when the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 when the database does not, and API calls say the service is starting', async () => {
    const dead = openDatabase('postgres://nobody@127.0.0.1:9/none');
    const { app } = await buildApp({
      config: ctx.config,
      database: dead,
      jobs: ctx.jobs,
      events: ctx.events,
      isReady: () => false,
    });
    try {
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: 'down' });
      const api = await app.inject({ method: 'GET', url: '/api/v1/users/me' });
      expect(api.statusCode).toBe(503);
      expect(api.json().detail).toBe('The service is starting: the database is not reachable yet.');
    } finally {
      await app.close();
      await dead.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every API route with its schemas at /api/docs/json', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/users/me', '/auth/login', '/healthz']),
    );
    expect(
      spec.paths['/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('a NUL character', () => {
  it('is refused with 400 naming the field in a JSON body, at any depth', async () => {
    const company = await requestAs(ctx.app, cookies, 'admin', 'POST', '/api/v1/companies', {
      title: 'Nul\u0000Works',
      initial_code: 'NUL',
      image_path: null,
      start_date: '2026-01-01',
      end_date: '2027-01-01',
    });
    expect(company.statusCode).toBe(400);
    expect(company.json()).toEqual({ detail: 'body.title: must not contain a NUL character.' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'owner@acme.test', password: 'a\u0000b' },
    });
    expect(login.json()).toEqual({ detail: 'body.password: must not contain a NUL character.' });
  });

  it('is refused in a query string and a path parameter', async () => {
    const search = await requestAs(
      ctx.app,
      cookies,
      'owner',
      'GET',
      `/api/v1/companies/${tenants.companyId}/members?search=a%00b`,
    );
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ detail: 'querystring.search: must not contain a NUL character.' });
    const param = await requestAs(ctx.app, cookies, 'member', 'GET', '/api/v1/files/profiles/a%00.png');
    expect(param.statusCode).toBe(400);
    expect(param.json()).toEqual({ detail: 'params.name: must not contain a NUL character.' });
  });
});

describe('every error is {detail} JSON', () => {
  it('answers 400 for a malformed percent-encoding in the URL', async () => {
    const response = await requestAs(ctx.app, cookies, 'owner', 'GET', '/api/v1/companies/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'The URL is not valid: it holds a malformed percent-encoding.',
    });
  });

  it("quotes the route's own body limit in 413 (ingest), not the general one", async () => {
    // A real key: without one the body is never looked at (401 first, issue 23).
    const key = await createIngestKey(ctx.app, tenants.companyId);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/measurements',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ modelCode: 'X', points: [], pad: 'x'.repeat(8192) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The request body is too large (limit 4096 bytes).' });
  });

  it('answers 400 for a malformed multipart body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/upload/profiles',
      headers: { cookie: cookies.member, 'content-type': 'multipart/form-data; boundary=xyz', ...CSRF },
      payload: '--xyz\r\nContent-Disposition: form-data; name="image_file"; filename="a.png"\r\n\r\nabc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^The multipart body is malformed/);
  });

  it('answers 404 for an unknown route of any method, without the CSRF header', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/v1/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers 431 for headers over the limit, on a real socket', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = new URL(address);
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
        });
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString();
        });
        socket.on('close', () => resolve(data));
        socket.on('error', (error) => (data ? resolve(data) : reject(error)));
      });
      expect(raw).toMatch(/^HTTP\/1\.1 431 /);
      expect(raw).toContain('Content-Type: application/json');
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
        detail: 'The request headers are too large.',
      });
    } finally {
      await ctx.app.server.close();
    }
  });
});

describe('security headers', () => {
  it('sends a CSP the web app runs under, nosniff, a referrer policy and no framing; no HSTS over http', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(csp).toContain("connect-src 'self' https://nominatim.openstreetmap.org");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // Errors and the API carry them too.
    const error = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(error.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the Swagger UI under the same policy (its scripts and styles are files of its own)', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const init = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
  });

  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https, and takes extra map sources', async () => {
    const app = Fastify();
    const config = loadConfig({
      PUBLIC_URL: 'https://sdp.example.com',
      CSP_IMG_SOURCES: 'https://tiles.example.com https://*.tile.example.org',
      CSP_CONNECT_SOURCES: 'https://geo.example.com',
    });
    await app.register(fastifyHelmet, helmetOptions(config));
    app.get('/', async () => 'ok');
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.com https://*.tile.example.org");
    expect(csp).toContain("connect-src 'self' https://geo.example.com");
    await app.close();
  });
});

describe('behind a TLS proxy', () => {
  const login = (app: TestContext['app'], headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/auth/login',
      headers,
      payload: { email: 'member@acme.test', password: 'correct horse battery' },
    });
  const sessionCookie = (response: Awaited<ReturnType<typeof login>>) =>
    response.cookies.find((cookie) => cookie.name === 'sdp_session');

  it('believes X-Forwarded-Proto only with TRUST_PROXY, and then makes the cookie Secure', async () => {
    // Without TRUST_PROXY, anybody could claim https (or another address): the header is ignored.
    const untrusted = await login(ctx.app, { 'x-forwarded-proto': 'https' });
    expect(untrusted.statusCode).toBe(200);
    expect(sessionCookie(untrusted)?.secure).toBeUndefined();

    const proxied = await createTestContext({ TRUST_PROXY: '1' });
    try {
      await seedTenants(proxied.db);
      const viaTls = await login(proxied.app, {
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.9',
      });
      expect(viaTls.statusCode).toBe(200);
      expect(sessionCookie(viaTls)?.secure).toBe(true);
      const plain = await login(proxied.app, {});
      expect(sessionCookie(plain)?.secure).toBeUndefined();
      // The throttle keys on the client address the proxy reports.
      await login(proxied.app, { 'x-forwarded-for': '203.0.113.10' }).then(() =>
        proxied.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: { 'x-forwarded-for': '203.0.113.10' },
          payload: { email: 'member@acme.test', password: 'wrong' },
        }),
      );
      const row = await proxied.db
        .selectFrom('login_throttle')
        .select('key')
        .where('key', '=', 'ip:203.0.113.10')
        .executeTakeFirst();
      expect(row).toBeDefined();
    } finally {
      await proxied.close();
    }
  });
});
