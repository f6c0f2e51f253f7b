// Budget (issue 2): start to ready ≤ 5 s when built and initialised; first start on an empty data directory ≤ 15 s.
// Baseline: the embedded PostgreSQL alone starting on an initialised data directory, measured in the same run.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { freePort, freshDataDir, startServer } from './lib/server.ts';

const dataDir = await freshDataDir();
const pgPort = String(await freePort());
const first = await startServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: pgPort });
await first.stop();
const warm = await startServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: pgPort });
await warm.stop();

const pgStarted = performance.now();
const pg = await startEmbeddedPostgres({ dataDir, port: Number(pgPort), log: () => undefined });
const pgMs = performance.now() - pgStarted;
await pg.stop();
await rm(path.resolve(dataDir), { recursive: true, force: true });

const pass = first.readyMs <= 15_000 && warm.readyMs <= 5_000;
console.log(
  `startup: first start ${(first.readyMs / 1000).toFixed(2)} s (budget ≤ 15 s), warm start ${(warm.readyMs / 1000).toFixed(2)} s (budget ≤ 5 s); baseline embedded PostgreSQL alone ${(pgMs / 1000).toFixed(2)} s; ${pass ? 'PASS' : 'FAIL'}`,
);
