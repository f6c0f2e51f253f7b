import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export type RunningServer = {
  baseUrl: string;
  stop: () => Promise<void>;
};

// A loaded machine (other servers and builds beside the journeys) may take longer: SDP_E2E_HEALTH_TIMEOUT_MS.
const HEALTH_TIMEOUT_MS = Number(process.env.SDP_E2E_HEALTH_TIMEOUT_MS ?? 60_000);
const STOP_TIMEOUT_MS = 20_000;

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('Could not find a free port.');
  return address.port;
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with code ${child.exitCode} before it was healthy.`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  throw new Error(`GET ${baseUrl}/healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s.`);
}

/**
 * Starts `apps/server` on a free port with the demo seed and a fresh embedded PostgreSQL, and waits until
 * it is healthy. The server's output is printed only when it fails to start.
 */
export async function startServer(
  repoRoot: string,
  /** Overrides of the environment below (e.g. a journey that needs the streaming demo plant). */
  overrides: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  // A dev server may already hold the default embedded PostgreSQL port; take another free one.
  const postgresPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Tests run as root and the embedded PostgreSQL runs as `postgres`: the data directory must be writable by it.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sdp-e2e-'));
  await chmod(dataDir, 0o777);

  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(postgresPort),
      SDP_DEMO: '1',
      // The journeys build their own structure: the demo company without the streaming plant keeps them quick and independent.
      SDP_DEMO_STREAM: '0',
      // Without a mail server the journeys read invitation links on the Mail outbox page, which hides them unless told.
      MAIL_OUTBOX_SHOWS_LINKS: '1',
      ...overrides,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const exited = once(child, 'exit');
      const timeout = sleep(STOP_TIMEOUT_MS).then(() => 'timeout' as const);
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await stop();
    process.stderr.write(output.join(''));
    throw error;
  }
  return { baseUrl, stop };
}
