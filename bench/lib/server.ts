import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { passwordFiles } from '../../apps/server/src/db/embedded.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdp-bench-'));
  await chmod(dir, 0o755);
  return dir;
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  readyMs: number;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`apps/server/src/main.ts`) as a child process and waits for /healthz 200. With `onLog`,
 * the server's standard output (its JSON log lines, at the LOG_LEVEL given) is handed over line by line.
 */
export async function startServer(
  env: Record<string, string>,
  onLog?: (line: string) => void,
): Promise<RunningServer> {
  const port = await freePort();
  // Two benchmarks (or a developer's server) must not fight over the embedded database's port.
  const pgPort = env.EMBEDDED_PG_PORT ?? String(await freePort());
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
      EMBEDDED_PG_PORT: pgPort,
    },
    stdio: ['ignore', onLog ? 'pipe' : 'ignore', 'inherit'],
  });
  if (onLog && child.stdout) {
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onLog(line);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 120_000) throw new Error('server not ready in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    process: child,
    readyMs,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident set size of a process in MB, from /proc. */
export async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** The p-th percentile (nearest rank) of some timings. */
export function percentile(values: number[], p: number): number {
  return [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1] as number;
}

/** A client of the server's embedded PostgreSQL (its password is in DATA_DIR/secrets), for baselines. */
export async function embeddedClient(dataDir: string, pgPort: number) {
  const { readFile } = await import('node:fs/promises');
  const { default: pg } = await import('pg');
  const password = (await readFile(passwordFiles(dataDir).current, 'utf8')).trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/sdp`,
  });
  await client.connect();
  return client;
}
