import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/net.ts';
import { canConnect, passwordFiles } from './db/embedded.ts';

// Issue 22 item 1: supervisors (systemd's Restart=on-failure, container orchestrators) restart a server only when
// it exits non-zero. A fatal error after the embedded PostgreSQL started must exit 1 and stop that PostgreSQL;
// SIGTERM is an orderly stop (exit 0).

const mainTs = path.resolve(import.meta.dirname, 'main.ts');

async function postgresAnswers(dataDir: string, port: number): Promise<boolean> {
  const password = (await readFile(passwordFiles(dataDir).current, 'utf8')).trim();
  return canConnect(
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    'postgres',
  );
}

function startMain(dataDir: string, port: number, pgPort: number): ChildProcess {
  return spawn(process.execPath, [mainTs], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      PORT: String(port),
      HOST: '127.0.0.1',
      SDP_DEMO: '0',
      LOG_LEVEL: 'fatal',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

describe('the server process with the embedded PostgreSQL', { timeout: 180_000 }, () => {
  let dataDir: string;
  let pgPort: number;
  let blocker: Server;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sdp-exit-'));
    pgPort = await freePort();
  });

  afterAll(async () => {
    blocker?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits 1 and stops its PostgreSQL when the HTTP port is taken after the database started', async () => {
    blocker = createServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const takenPort = (blocker.address() as { port: number }).port;
    const child = startMain(dataDir, takenPort, pgPort);
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
    }
    const code = await exitOf(child);
    expect(code, output).toBe(1);
    expect(output).toContain('EADDRINUSE');
    expect(await postgresAnswers(dataDir, pgPort)).toBe(false);
  });

  it('exits 0 on SIGTERM after serving, and leaves no PostgreSQL running', async () => {
    const port = await freePort();
    const child = startMain(dataDir, port, pgPort);
    let ready = false;
    for (let i = 0; i < 600 && !ready && child.exitCode === null; i++) {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(ready).toBe(true);
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    expect(await postgresAnswers(dataDir, pgPort)).toBe(false);
  });
});
