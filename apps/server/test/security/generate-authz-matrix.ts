import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/pool.ts';
import { createEventBus } from '../../src/events/event-bus.ts';
import { createJobs } from '../../src/jobs/jobs.ts';
import { buildMatrix, formatMatrix } from './authz-spec.ts';

/**
 * Writes authz-matrix.json from the route registry, permissions.ts and authz-spec.ts:
 * `npx node apps/server/test/security/generate-authz-matrix.ts`. Building the app needs no database: pools connect
 * on first use, and nothing here queries.
 */
export const MATRIX_FILE = path.join(import.meta.dirname, 'authz-matrix.json');

async function main() {
  const url = 'postgres://generator@127.0.0.1:1/none';
  const config = loadConfig({
    DATABASE_URL: url,
    SDP_DEMO: '0',
    WEB_DIST: '/nonexistent',
    FILES_DIR: path.join(os.tmpdir(), 'sdp-authz-generator'),
  });
  const database = openDatabase(url);
  const events = createEventBus(url, () => undefined);
  const { app, routes } = await buildApp({
    config,
    database,
    jobs: createJobs(url, () => undefined),
    events,
  });
  await app.close();
  await database.close();
  const { matrix, problems } = buildMatrix(routes);
  const declared = Object.entries(matrix.rows).filter(([, row]) => row.declared);
  for (const problem of problems) console.error(`✗ ${problem}`);
  if (problems.length > 0) process.exit(1);
  await writeFile(MATRIX_FILE, formatMatrix(matrix));
  console.log(`${MATRIX_FILE}: ${Object.keys(matrix.rows).length} rows`);
  for (const [key, row] of declared)
    console.warn(
      `! ${key} declares ${row.declared}; the matrix expects ${row.rule} (the test fails until they agree)`,
    );
}

if (process.argv[1] === import.meta.filename) await main();
