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

/**
 * Journeys that have not yet passed once end to end on this machine. They run when named (`npm run e2e -- mca`) or
 * with SDP_E2E_ALL=1; the full run lists them as held back instead of failing CI on an unproven journey. Remove a
 * name here once its journey passes. Every journey has passed: none is held back.
 */
const HELD_BACK = new Set<string>([]);
const all = process.env.SDP_E2E_ALL === '1';

const names = (await readdir(journeysDir))
  .filter((name) => name.endsWith('.ts') && (only.length === 0 || only.some((part) => name.includes(part))))
  .sort();
const heldBack = only.length === 0 && !all ? names.filter((name) => HELD_BACK.has(name)) : [];
for (const name of heldBack) process.stdout.write(`held back (not yet passed once): ${name}\n`);
const files = names.filter((name) => !heldBack.includes(name)).map((name) => path.join(journeysDir, name));

const server = await startServer(repoRoot);
process.stdout.write(`SDP server ready at ${server.baseUrl}\n`);
process.env.SDP_E2E_BASE_URL = server.baseUrl;

let failed = false;
try {
  // Five minutes a test: the RVS and accessibility walks take 90–120 s when CI loads both cores.
  const stream = run({ files, concurrency: 1, timeout: 300_000 });
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
