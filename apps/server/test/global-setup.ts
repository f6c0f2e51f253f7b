import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { createJobs } from '../src/jobs/jobs.ts';
import { freePort } from './net.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    templateDatabase: string;
    runId: string;
  }
}

/**
 * One real PostgreSQL for the whole run: TEST_DATABASE_URL when set (CI points it at the machine's service),
 * otherwise an embedded server in a temporary directory. Migrations run once into a template database;
 * each test file clones it, so files never see each other's rows.
 */
export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  let baseUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  if (!baseUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sdp-test-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), log: () => undefined });
    baseUrl = embedded.url;
    stopEmbedded = () => embedded.stop();
  }
  const templateDatabase = `sdp_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDatabase}`);
  const pool = new pg.Pool({ connectionString: withDatabase(baseUrl, templateDatabase), max: 1 });
  await migrate(pool);
  await pool.end();
  // pg-boss installs its schema at first start; doing it once here gives every cloned database a ready queue.
  const jobs = createJobs(withDatabase(baseUrl, templateDatabase), () => undefined);
  await jobs.start();
  await jobs.stop();

  project.provide('databaseUrl', baseUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('runId', runId);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`sdp_%${runId}%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await stopEmbedded?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
