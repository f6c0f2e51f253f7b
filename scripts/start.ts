// `npm start`: build the web app when its sources are newer than the last build, then run the server
// in this process (so Ctrl-C and SIGTERM reach it directly).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function builtAt(): number {
  try {
    return statSync(path.join(web, 'dist/index.html')).mtimeMs;
  } catch {
    return 0;
  }
}

const sources = Math.max(newest(path.join(web, 'src')), statSync(path.join(web, 'index.html')).mtimeMs);
if (builtAt() < sources) {
  process.stdout.write('Building the web app…\n');
  const result = spawnSync('npm', ['run', 'build', '-w', '@sdp/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../apps/server/src/main.ts');
