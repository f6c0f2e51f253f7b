import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDINGS } from './landing-hints.ts';
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

// A landing page's index.html names its code and first calls (issue 29), from the build's manifest.
describe('landing hints', () => {
  let hinted: FastifyInstance;
  let hintedDist: string;
  const model = '3baeef62-2763-47a9-9c25-d347fcb4334d';
  beforeAll(async () => {
    hintedDist = await mkdtemp(path.join(os.tmpdir(), 'sdp-web-hints-'));
    await mkdir(path.join(hintedDist, '.vite'), { recursive: true });
    await writeFile(
      path.join(hintedDist, 'index.html'),
      '<!doctype html><html><head><title>SDP</title></head><body></body></html>',
    );
    await writeFile(
      path.join(hintedDist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_web.js'] },
        '_web.js': { file: 'assets/web-2.js' },
        '_Select.js': { file: 'assets/Select-3.js', imports: ['_web.js'] },
        'src/features/models/pages/model-view-page.tsx': {
          file: 'assets/model-view-page-4.js',
          imports: ['_web.js', '_Select.js'],
        },
        'src/features/models/pages/model-view-body.tsx': { file: 'assets/model-view-body-5.js' },
      }),
    );
    hinted = Fastify();
    await hinted.register(fastifyCookie);
    await hinted.register(webRoutes, { webDist: hintedDist });
    await hinted.ready();
  });
  afterAll(async () => {
    await hinted?.close();
    if (hintedDist) await rm(hintedDist, { recursive: true, force: true });
  });
  const links = (html: string) =>
    [...html.matchAll(/<link rel="([^"]+)"(?: as="fetch")? crossorigin href="([^"]+)">/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );

  it('names the page’s chunks not loaded by the entry, and its first calls for a browser with a session', async () => {
    const answer = await hinted.inject({
      method: 'GET',
      url: `/model/${model}`,
      headers: { 'accept-encoding': 'br', cookie: 'sdp_session=abc' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(answer.rawPayload).toString();
    expect(html).toMatch(/<\/head><body>/);
    expect(links(html)).toEqual([
      'modulepreload /assets/model-view-page-4.js',
      'modulepreload /assets/Select-3.js',
      'modulepreload /assets/model-view-body-5.js',
      'preload /api/v1/users/me',
      'preload /auth/config',
      `preload /api/v1/equipment-models/${model}`,
      `preload /api/v1/equipment-models/${model}/summary`,
    ]);
  });

  it('hints no call that needs a session to a browser without one, and nothing for other paths', async () => {
    const anonymous = await hinted.inject({ method: 'GET', url: `/model/${model}` });
    expect(links(anonymous.body)).toEqual([
      'modulepreload /assets/model-view-page-4.js',
      'modulepreload /assets/Select-3.js',
      'modulepreload /assets/model-view-body-5.js',
      'preload /auth/config',
    ]);
    for (const url of [
      '/model/1234',
      `/model/${model}"><script>`,
      '/company/abc/members',
      '/setting/audit',
    ]) {
      const answer = await hinted.inject({ method: 'GET', url, headers: { cookie: 'sdp_session=abc' } });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('<!doctype html><html><head><title>SDP</title></head><body></body></html>');
    }
  });

  it('names modules that exist in the web app', () => {
    for (const landing of LANDINGS) {
      for (const module of landing.modules) {
        expect(existsSync(path.join(import.meta.dirname, '../../../web', module)), module).toBe(true);
      }
    }
  });
});
