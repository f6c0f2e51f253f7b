import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, PASSWORD, seedTenants, type TestContext } from '../test/harness.ts';
import { freePort } from '../test/net.ts';
import { createIngestKey, createModel, seedEquipment } from '../test/plant.ts';
import { startSmtpInbox } from '../test/smtp-inbox.ts';
import { CSRF_HEADER } from './auth/csrf.ts';

// Issue 17 item 1: two API instances and one worker as separate processes (main.ts, as production runs them) on one
// PostgreSQL. Sessions hold on both, events raised through one reach a stream on the other, a scheduled job runs
// once, and an instance killed mid-request loses nothing the client was told was stored.

const mainTs = path.resolve(import.meta.dirname, 'main.ts');

interface Instance {
  url: string;
  child: ChildProcess;
}

let ctx: TestContext;
let companyId: string;
let tagId: string;
let model: { id: string; code: string };
let key: string;
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
let filesDir: string;
const running: ChildProcess[] = [];

/** One process of the topology on the test database; answers once its /healthz is 200. */
async function start(role: 'api' | 'worker'): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [mainTs], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: ctx.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ROLE: role,
      SDP_DEMO: '0',
      LOG_LEVEL: 'error',
      WEB_DIST: '/nonexistent',
      FILES_DIR: filesDir,
      SMTP_URL: smtp.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: 'ignore',
  });
  running.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the ${role} instance did not start`);
}

async function signInAt(instance: Instance, email: string): Promise<string> {
  const response = await fetch(`${instance.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
}

const call = (instance: Instance, cookie: string, method: string, url: string, body?: unknown) =>
  fetch(`${instance.url}${url}`, {
    method,
    headers: {
      cookie,
      [CSRF_HEADER]: '1',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

let a: Instance;
let b: Instance;

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtpInbox();
  filesDir = await mkdtemp(path.join(os.tmpdir(), 'sdp-topology-files-'));
  const tenants = await seedTenants(ctx.db);
  companyId = tenants.companyId;
  tagId = await seedEquipment(ctx.db, companyId, 'TOPO');
  model = await createModel(ctx.app, tagId, 1);
  key = await createIngestKey(ctx.app, companyId);
  // The test context is only the seeding hand: the topology under test is three processes of their own.
  [a, b] = await Promise.all([start('api'), start('api')]);
  await start('worker');
}, 120_000);

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await smtp?.close();
  await ctx?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

describe('two API instances and a worker on one database', () => {
  it('a session made on one instance holds on the other, and a sign-out on one ends it on both', async () => {
    const cookie = await signInAt(a, 'owner@acme.test');
    const onB = await call(b, cookie, 'GET', '/api/v1/users/me');
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { email: string }).email).toBe('owner@acme.test');
    expect((await call(a, cookie, 'GET', '/api/v1/users/me')).status).toBe(200);

    expect((await call(b, cookie, 'POST', '/auth/logout')).status).toBeLessThan(300);
    // Instance A cached the session; the sign-out's NOTIFY empties that cache.
    await until(
      'the sign-out reaching instance A',
      async () => ((await call(a, cookie, 'GET', '/api/v1/users/me')).status === 401 ? true : undefined),
      5_000,
    );
  });

  it('an event raised through instance A reaches a stream open on instance B', async () => {
    const cookie = await signInAt(a, 'owner@acme.test');
    const controller = new AbortController();
    const stream = await fetch(`${b.url}/api/v1/events?company_id=${companyId}`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const received = (async () => {
      while (!/event: note\n(?:.*\n)*?data: .*"topic-created"/.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      return text;
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const created = await call(a, cookie, 'POST', '/api/v1/note/note-topic', {
      topic: 'Oil sample taken',
      description: 'Sent to the lab on both instances',
      equipmentModelId: model.id,
    });
    expect(created.status).toBe(200);
    const timer = setTimeout(() => controller.abort(), 10_000);
    try {
      expect(await received).toContain(model.id);
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  });

  it('a queued job (an invitation mail) is delivered once by the worker, not by the API instances', async () => {
    const cookie = await signInAt(b, 'owner@acme.test');
    const invited = await call(b, cookie, 'POST', `/api/v1/companies/${companyId}/members/invite`, {
      email: 'new.engineer@acme.test',
      role: 'MEMBER',
    });
    expect(invited.status, await invited.clone().text()).toBeLessThan(300);
    await until(
      'the invitation mail',
      async () => (smtp.inbox.some((m) => m.to.includes('new.engineer@acme.test')) ? true : undefined),
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.inbox.filter((m) => m.to.includes('new.engineer@acme.test'))).toHaveLength(1);
  });

  it('a cron schedule saved on instance A runs once, on the worker', async () => {
    const cookie = await signInAt(a, 'owner@acme.test');
    // Daily at the next whole minute, UTC: far enough ahead that the cron job exists before it comes due.
    const due = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
    const hhmm = due.toISOString().slice(11, 16);
    const saved = await call(a, cookie, 'POST', '/api/v1/email_task_scheduler/scheduler', {
      companies_id: companyId,
      equipment_tag_id: tagId,
      is_daily: true,
      is_daily_warning: true,
      is_daily_alarm: true,
      daily_start_time: [hhmm, 'UTC'],
      is_weekly: false,
      is_monthly: false,
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const scheduleId = ((await saved.json()) as { items: { id: string }[] }).items[0]?.id as string;
    const runsOf = async () =>
      (
        await ctx.database.pool.query<{ run_key: string }>(
          'SELECT run_key FROM schedule_runs WHERE run_key LIKE $1',
          [`email:${scheduleId}:%`],
        )
      ).rows;
    await until('the scheduled run', async () => ((await runsOf()).length > 0 ? true : undefined), 150_000);
    // Three processes watched the same minute come: still one run, for that occurrence.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const runs = await runsOf();
    expect(runs).toHaveLength(1);
    expect(runs[0]?.run_key).toBe(`email:${scheduleId}:${due.toISOString()}`);
  }, 200_000);

  it('an instance killed mid-ingest loses nothing acknowledged and doubles nothing once the client retries on the other', async () => {
    const BATCH = 5_000;
    const BATCHES = 30;
    const START = Date.parse('2026-10-01T00:00:00Z');
    let target = a;
    let killed = false;
    for (let batch = 0; batch < BATCHES; batch++) {
      const points = Array.from({ length: BATCH }, (_, i) => ({
        tag: 'h2',
        ts: START + (batch * BATCH + i) * 1000,
        value: (batch * BATCH + i) % 997,
      }));
      const send = () =>
        fetch(`${target.url}/api/v1/ingest/measurements`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ modelCode: model.code, points }),
        }).catch(() => null);
      if (batch === 10) {
        // Instance A dies with this batch in flight: the client cannot know whether it was stored.
        const inflight = send();
        await new Promise((resolve) => setTimeout(resolve, 20));
        a.child.kill('SIGKILL');
        killed = true;
        await inflight;
        target = b;
      }
      for (;;) {
        const response = await send();
        if (response?.ok) break;
        // The proxy's part: what a dead instance did not acknowledge goes to the live one.
        target = b;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(killed).toBe(true);
    const { rows } = await ctx.database.pool.query<{ n: number; distinct_ts: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT m.ts)::int AS distinct_ts
       FROM measurements m JOIN series s ON s.id = m.series_id WHERE s.model_id = $1 AND s.tag = 'h2'`,
      [model.id],
    );
    expect(rows[0]).toEqual({ n: BATCH * BATCHES, distinct_ts: BATCH * BATCHES });
  }, 120_000);
});
