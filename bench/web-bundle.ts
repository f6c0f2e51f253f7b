// Budget (issue 2): initial JavaScript of the web app ≤ 300 KB gzip; charts and maps load lazily.
// Budget (issue 12): the model page's lazy JavaScript ≤ 400 KB gzip: its route chunk, the chunks it imports
// statically, and ECharts (the `echarts-setup` chunk and its imports), less what the first download already holds;
// ECharts-GL (3D, RVS only) and ExcelJS (on export) load apart and are not counted.
// Baseline: all JavaScript the build emitted, gzipped the same way, to show how much is left to lazy chunks.
// The build folder is WEB_DIST when set, else apps/web/dist.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './lib/server.ts';

const dist = process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The entry script and every chunk it preloads are fetched before the first paint.
const initial = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((match) => match[1] as string);
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const initialKb = initial.reduce((sum, file) => sum + gz(file), 0) / 1024;
const all = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
const allKb = all.reduce((sum, file) => sum + gz(path.join('assets', file)), 0) / 1024;
/** A chunk and every chunk it imports statically, transitively (file names under assets/). */
function withStaticImports(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(dist, 'assets', file), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(match[1] as string);
  }
  return seen;
}
const firstDownload = withStaticImports(initial.map((file) => path.basename(file)));
const chunk = (prefix: string) => all.filter((file) => file.startsWith(prefix));
const modelPage = withStaticImports([...chunk('model-view-page-'), ...chunk('echarts-setup-')]);
const lazy = [...modelPage].filter((file) => !firstDownload.has(file));
const lazyKb = lazy.reduce((sum, file) => sum + gz(path.join('assets', file)), 0) / 1024;
const pass = initialKb <= 300 && lazyKb <= 400 && chunk('model-view-page-').length === 1;
console.log(
  `web-bundle: initial JS ${initialKb.toFixed(1)} KB gzip in ${initial.length} file(s) (budget ≤ 300 KB); model page lazy JS with ECharts ${lazyKb.toFixed(1)} KB gzip in ${lazy.length} files (budget ≤ 400 KB); baseline all JS ${allKb.toFixed(1)} KB gzip in ${all.length} files; ${pass ? 'PASS' : 'FAIL'}`,
);
