// Budget (issue 2): server RSS when idle ≤ 200 MB, PostgreSQL not counted (it is a separate process).
// Baseline: a bare Node process that has loaded nothing, measured in the same run.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { freshDataDir, rssMb, startServer } from './lib/server.ts';

const dataDir = await freshDataDir();
// Idle: the demo company and accounts, but no streaming plant (that is sustained ingest, measured by ingest.ts).
const server = await startServer({ DATA_DIR: dataDir, SDP_DEMO: '1', SDP_DEMO_STREAM: '0' });
// Let start-up garbage settle, then read the resident set of the server process alone.
await new Promise((resolve) => setTimeout(resolve, 5_000));
const serverMb = await rssMb(server.process.pid ?? 0);
await server.stop();
await rm(dataDir, { recursive: true, force: true });

const bare = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 3000)']);
await new Promise((resolve) => setTimeout(resolve, 1_000));
const bareMb = await rssMb(bare.pid ?? 0);
bare.kill();

console.log(
  `idle-rss: server ${serverMb.toFixed(0)} MB (budget ≤ 200 MB); baseline bare node ${bareMb.toFixed(0)} MB; ${serverMb <= 200 ? 'PASS' : 'FAIL'}`,
);
