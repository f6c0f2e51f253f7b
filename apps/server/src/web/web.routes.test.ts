import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoutes } from './web.routes.ts';

// The built web app as the server sends it: brotli or gzip copies written by the build
// (apps/web/build/precompress.ts) go to browsers that accept them, the plain file to the rest.
let dist: string;
let app: FastifyInstance;
const script = `export const chart = ${JSON.stringify('x'.repeat(4000))};\n`.repeat(4);
const page = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'sdp-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  for (const [name, text] of [
    ['assets/app-1a2b3c.js', script],
    ['index.html', page],
  ] as const) {
    await writeFile(path.join(dist, name), text);
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  app = Fastify();
  await app.register(webRoutes, { webDist: dist });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built web app', () => {
  it('sends brotli to browsers that take it, gzip to those that take only gzip, plain text to the rest', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers client routes with index.html, compressed too and never cached stale', async () => {
    const route = await get('/model/1234', 'br');
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-encoding']).toBe('br');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(route.rawPayload).toString()).toBe(page);
    expect((await get('/api/v1/nothing', 'br')).statusCode).toBe(404);
  });
});
