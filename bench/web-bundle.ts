// Budget (issue 2): initial JavaScript of the web app ≤ 300 KB gzip; charts and maps load lazily.
// Baseline: all JavaScript the build emitted, gzipped the same way, to show how much is left to lazy chunks.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './lib/server.ts';

const dist = path.join(repoRoot, 'apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The entry script and every chunk it preloads are fetched before the first paint.
const initial = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((match) => match[1] as string);
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const initialKb = initial.reduce((sum, file) => sum + gz(file), 0) / 1024;
const all = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
const allKb = all.reduce((sum, file) => sum + gz(path.join('assets', file)), 0) / 1024;
console.log(
  `web-bundle: initial JS ${initialKb.toFixed(1)} KB gzip in ${initial.length} file(s) (budget ≤ 300 KB); baseline all JS ${allKb.toFixed(1)} KB gzip in ${all.length} files; ${initialKb <= 300 ? 'PASS' : 'FAIL'}`,
);
