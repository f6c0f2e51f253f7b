import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

let dir: string;
const big = 'const value = "spectrum";\n'.repeat(500);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sdp-precompress-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets/app.js'), big);
  await writeFile(path.join(dir, 'index.html'), `<html>${big}</html>`);
  await writeFile(path.join(dir, 'assets/tiny.js'), 'export {};');
  await writeFile(path.join(dir, 'assets/logo.png'), Buffer.alloc(4096, 7));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const exists = (name: string) =>
  readFile(path.join(dir, name)).then(
    () => true,
    () => false,
  );

describe('precompressed build', () => {
  it('writes brotli and gzip copies of text files that decompress to the same bytes; skips tiny files and images', async () => {
    const result = await precompress(dir);
    expect(result.files).toBe(2);
    expect(result.brotli).toBeLessThan(result.raw / 10);
    const br = await readFile(path.join(dir, 'assets/app.js.br'));
    expect(brotliDecompressSync(br).toString()).toBe(big);
    expect(gunzipSync(await readFile(path.join(dir, 'index.html.gz'))).toString()).toBe(
      `<html>${big}</html>`,
    );
    expect(await exists('assets/tiny.js.br')).toBe(false);
    expect(await exists('assets/logo.png.br')).toBe(false);
  });
});
