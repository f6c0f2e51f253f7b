import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, createTestContext, type TestContext } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/pool.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ BODY_LIMIT_BYTES: '2048' });
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
