import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/net.ts';
import { CSRF_HEADER } from '../auth/csrf.ts';

// Issue 28 item 2: the real server (main.ts) with DATABASE_URL on a PostgreSQL this test starts and DATABASE_READ_URL
// on a streaming replica of it (pg_basebackup, hot standby). Page calls read the replica; a user's reads right after
// their own write read the primary; a replica that falls behind or goes down leaves the pages answering from the
// primary, and the server says so in its log.

const run = promisify(execFile);
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const available = existsSync(path.join(PG_BIN, 'pg_basebackup'));
const asRoot = process.getuid?.() === 0;
const mainTs = path.resolve(import.meta.dirname, '../main.ts');
const ADMIN = { email: 'replica-admin@example.com', password: 'replica-password-1' };

/**
 * Runs a PostgreSQL binary to its end, as the postgres user when the test runs as root (PostgreSQL refuses to run as
 * root). Its output is not kept: `pg_ctl start` leaves the server holding whatever it inherited (the logs are in the
 * cluster's directory).
 */
function pgTool(tool: string, args: string[]): Promise<void> {
  const binary = path.join(PG_BIN, tool);
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command as string, argv as string[], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} exited with ${code}`))));
  });
}

let dir = '';
let primaryPort = 0;
let replicaPort = 0;
let server: ChildProcess | null = null;
let url = '';
const logs: string[] = [];
let cookie = '';
let companyId = '';
let modelId = '';
let modelCode = '';
let key = '';

const cluster = (name: string) => path.join(dir, name);
const connect = async (port: number) => {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/sdp` });
  await client.connect();
  return client;
};
async function sql<T extends pg.QueryResultRow>(port: number, text: string): Promise<T[]> {
  const client = await connect(port);
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function api<T>(method: string, route: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      cookie,
      [CSRF_HEADER]: '1',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function ingest(value: number, ts: string) {
  const response = await fetch(`${url}/api/v1/ingest/measurements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ modelCode, points: [{ tag: 'h2', ts, value }] }),
  });
  expect(await response.json()).toMatchObject({ accepted: 1 });
}

/** What the model page's series list shows as hydrogen's latest value. */
async function latestH2(): Promise<number | null> {
  const answer = await api<{ tag: string; lastValue: number | null }[]>(
    'GET',
    `/api/v1/equipment-models/${modelId}/series`,
  );
  expect(answer.status).toBe(200);
  return answer.body.find((series) => series.tag === 'h2')?.lastValue ?? null;
}

/** The start of the last statement the server's read connections ran on the replica (null: none yet). */
async function lastReplicaRead(): Promise<number | null> {
  const rows = await sql<{ at: Date | null }>(
    replicaPort,
    `SELECT max(query_start) AS at FROM pg_stat_activity WHERE application_name = 'sdp-read'`,
  );
  return rows[0]?.at ? rows[0].at.getTime() : null;
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}; server log:\n${logs.slice(-20).join('\n')}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!available)('reads on a streaming replica (DATABASE_READ_URL)', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sdp-replica-'));
    if (asRoot) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const uid = Number(stdout.trim());
      const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
      await chown(dir, uid, gid);
    }
    await chmod(dir, 0o700);
    primaryPort = await freePort();
    replicaPort = await freePort();
    const options = (port: number) =>
      `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
    await pgTool('initdb', ['-D', cluster('primary'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    await pgTool('pg_ctl', [
      '-D',
      cluster('primary'),
      '-o',
      options(primaryPort),
      '-l',
      cluster('primary.log'),
      '-w',
      'start',
    ]);
    const admin = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    });
    await admin.connect();
    await admin.query('CREATE DATABASE sdp');
    await admin.end();
    // The replica: a base backup of the running primary, started as a hot standby streaming from it (-R).
    await pgTool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      cluster('replica'),
      '-R',
      '-X',
      'stream',
      // A fast checkpoint to start from: the default spreads it over minutes.
      '-c',
      'fast',
    ]);
    await pgTool('pg_ctl', [
      '-D',
      cluster('replica'),
      '-o',
      options(replicaPort),
      '-l',
      cluster('replica.log'),
      '-w',
      'start',
    ]);
    expect(await sql<{ standby: boolean }>(replicaPort, 'SELECT pg_is_in_recovery() AS standby')).toEqual([
      { standby: true },
    ]);

    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [mainTs], {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: `postgres://postgres@127.0.0.1:${primaryPort}/sdp`,
        DATABASE_READ_URL: `postgres://postgres@127.0.0.1:${replicaPort}/sdp`,
        DATABASE_READ_MAX_LAG_SECONDS: '1',
        DATABASE_READ_STICKY_SECONDS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        ROLE: 'api',
        SDP_DEMO: '0',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
        FILES_DIR: cluster('files'),
        PUBLIC_URL: url,
        SDP_ADMIN_EMAIL: ADMIN.email,
        SDP_ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [server.stdout, server.stderr])
      stream?.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean)));
    await until(
      'the server',
      () =>
        fetch(`${url}/healthz`).then(
          (response) => response.ok,
          () => false,
        ),
      180_000,
    );

    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    // The session cookie only, never the read-the-primary one: stickiness here is the instance's memory of the user.
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
    companyId = (
      await api<{ id: string }>('POST', '/api/v1/companies', {
        image_path: '/api/v1/files/companys/replica-logo.png',
        title: 'Replica',
        initial_code: 'REPLICA',
        start_date: '2026-01-01',
        end_date: '2027-12-31',
      })
    ).body.id;
    const tag = await api<{ id: string }>('POST', '/api/v1/equipment-tag', {
      structureItemTitle: 'R1',
      structureItemAlias: 'Replica unit',
      equipmentGroupType: 'electric',
      posLat: 13.7,
      posLng: 100.5,
      companies_id: companyId,
    });
    modelId = (
      await api<{ id: string }>('POST', '/api/v1/equipment-models', {
        equipment_tag_id: tag.body.id,
        model_in: { title: 'Replica transformer', equipmentModelTypeId: 1 },
      })
    ).body.id;
    modelCode = (await api<{ modelCode: string }>('GET', `/api/v1/equipment-models/${modelId}`)).body
      .modelCode;
    key = (
      await api<{ key: string }>('POST', `/api/v1/companies/${companyId}/ingest-keys`, { name: 'replica' })
    ).body.key;
    await ingest(1, '2026-11-01T00:00:00Z');
  }, 300_000);

  afterAll(async () => {
    server?.kill('SIGKILL');
    for (const name of ['replica', 'primary'])
      await pgTool('pg_ctl', ['-D', cluster(name), '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('answers page calls from the replica once the user has not written for the sticky window', async () => {
    await sleep(2_500);
    await until('the replica to serve the series list', async () => {
      const before = await lastReplicaRead();
      const value = await latestH2();
      const after = await lastReplicaRead();
      return value === 1 && after !== null && after !== before;
    });
    const statements = await sql<{ query: string }>(
      replicaPort,
      `SELECT query FROM pg_stat_activity WHERE application_name = 'sdp-read'`,
    );
    expect(statements.map((row) => row.query).join('\n')).toMatch(/series/);
  }, 30_000);

  it("reads the primary right after the user's own write, on any instance (cookie) and in this one", async () => {
    const created = await fetch(`${url}/api/v1/companies/${companyId}/ingest-keys`, {
      method: 'POST',
      headers: { cookie, [CSRF_HEADER]: '1', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'second' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('set-cookie')).toMatch(/sdp_read_primary=1; Max-Age=2/);
    const before = await lastReplicaRead();
    expect(await latestH2()).toBe(1);
    expect(await lastReplicaRead()).toBe(before);
    await sleep(2_500);
    await until('reads back on the replica', async () => {
      const start = await lastReplicaRead();
      await latestH2();
      return (await lastReplicaRead()) !== start;
    });
  }, 30_000);

  it('reads the primary while the replica is behind, and the replica again once it caught up (logged)', async () => {
    await sql(replicaPort, 'SELECT pg_wal_replay_pause()');
    await ingest(2, '2026-11-01T00:10:00Z');
    await until('the server to notice the lag', () => logs.some((line) => line.includes('is behind')));
    // The replica has not replayed the new point; the page shows it all the same.
    const before = await lastReplicaRead();
    expect(await latestH2()).toBe(2);
    expect(await lastReplicaRead()).toBe(before);
    await sql(replicaPort, 'SELECT pg_wal_replay_resume()');
    await until(
      'the replica to be fresh again',
      () =>
        logs.some((line) => line.includes('is behind')) &&
        logs.findLastIndex((line) => line.includes('is fresh')) >
          logs.findLastIndex((line) => line.includes('is behind')),
    );
    expect(await latestH2()).toBe(2);
  }, 30_000);

  it('keeps answering from the primary when the replica goes down (logged)', async () => {
    await pgTool('pg_ctl', ['-D', cluster('replica'), '-m', 'immediate', '-w', 'stop']);
    await ingest(3, '2026-11-01T00:20:00Z');
    for (let i = 0; i < 3; i++) expect(await latestH2()).toBe(3);
    await until('the log to say so', () => logs.some((line) => line.includes('is down')));
  }, 30_000);
});
