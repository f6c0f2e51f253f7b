import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { startServer } from './lib/server.ts';

// Runs the browser journeys against the built web app served by the real server on the embedded database.
// Build first (`npm run build`); this script builds nothing.
const repoRoot = path.resolve(import.meta.dirname, '..');
const journeysDir = path.join(import.meta.dirname, 'journeys');
const only = process.argv.slice(2);

const files = (await readdir(journeysDir))
  .filter((name) => name.endsWith('.ts') && (only.length === 0 || only.some((part) => name.includes(part))))
  .sort()
  .map((name) => path.join(journeysDir, name));

const server = await startServer(repoRoot);
process.stdout.write(`SDP server ready at ${server.baseUrl}\n`);
process.env.SDP_E2E_BASE_URL = server.baseUrl;

let failed = false;
try {
  const stream = run({ files, concurrency: 1, timeout: 120_000 });
  stream.on('test:fail', () => {
    failed = true;
  });
  await new Promise<void>((resolve, reject) => {
    stream.compose(spec).on('end', resolve).on('error', reject).pipe(process.stdout);
  });
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
