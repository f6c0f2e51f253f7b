import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/pool.ts';
import { createEventBus } from '../src/events/event-bus.ts';
import { createJobs } from '../src/jobs/jobs.ts';

/**
 * The OpenAPI document the server serves at /api/docs/json, built without a database (pools connect on first use),
 * and its committed copy `docs/openapi.json`. A refactoring must leave it identical (issue 24); an intended API
 * change regenerates it (`npx node apps/server/test/openapi-document.ts --write`) and shows in the commit's diff.
 */
export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../../../docs/openapi.json');

export async function servedOpenApiDocument(): Promise<string> {
  const url = 'postgres://generator@127.0.0.1:1/none';
  const config = loadConfig({
    DATABASE_URL: url,
    SDP_DEMO: '0',
    WEB_DIST: '/nonexistent',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    FILES_DIR: path.join(os.tmpdir(), 'sdp-openapi-generator'),
  });
  const database = openDatabase(url);
  const events = createEventBus(url, () => undefined);
  const { app } = await buildApp({ config, database, jobs: createJobs(url, () => undefined), events });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}

export async function committedOpenApiDocument(): Promise<string> {
  return readFile(OPENAPI_FILE, 'utf8');
}

if (process.argv[1] === import.meta.filename) {
  const document = await servedOpenApiDocument();
  if (process.argv.includes('--write')) {
    await writeFile(OPENAPI_FILE, document);
    console.log(`${OPENAPI_FILE}: ${Object.keys(JSON.parse(document).paths).length} paths`);
  } else process.stdout.write(document);
}
