import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, type TestContext } from '../../../test/harness.ts';
import { freePort } from '../../../test/net.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';

const mainTs = path.resolve(import.meta.dirname, '../../main.ts');
const TOTAL = 1_000_000;
const BATCH = 10_000;
const START = Date.parse('2026-10-01T00:00:00Z');

let ctx: TestContext;
let key: string;
let model: { id: string; code: string };
let port: number;
let server: ChildProcess | null = null;

/** The real server as its own process on the test database, answering on `port`. */
async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [mainTs], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: ctx.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ROLE: 'api',
      SDP_DEMO: '0',
      LOG_LEVEL: 'error',
      WEB_DIST: '/nonexistent',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

beforeAll(async () => {
  ctx = await createTestContext();
  const tenants = await seedTenants(ctx.db);
  model = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'CR1'), 1);
  key = await createIngestKey(ctx.app, tenants.companyId);
  port = await freePort();
}, 60_000);

afterAll(async () => {
  server?.kill('SIGKILL');
  await ctx.close();
});

describe('a crash in the middle of an ingest', () => {
  it('loses and doubles nothing when the client retries unacknowledged batches', async () => {
    server = await startServer();
    let killed = false;
    for (let batch = 0; batch < TOTAL / BATCH; batch++) {
      const points = Array.from({ length: BATCH }, (_, i) => ({
        tag: 'h2',
        ts: START + (batch * BATCH + i) * 1000,
        value: (batch * BATCH + i) % 997,
      }));
      const body = JSON.stringify({ modelCode: model.code, points });
      if (batch === 40 && !killed) {
        // Kill while this batch is in flight: it may or may not have committed; the client cannot know.
        const inflight = fetch(`http://127.0.0.1:${port}/api/v1/ingest/measurements`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body,
        }).catch(() => null);
        await new Promise((resolve) => setTimeout(resolve, 30));
        server.kill('SIGKILL');
        killed = true;
        await inflight;
        server = await startServer();
      }
      for (;;) {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/ingest/measurements`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body,
        }).catch(() => null);
        if (response?.ok) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    expect(killed).toBe(true);
    const { rows } = await ctx.database.pool.query<{
      n: number;
      distinct_ts: number;
      first: Date;
      last: Date;
    }>(
      `SELECT count(*)::int AS n, count(DISTINCT m.ts)::int AS distinct_ts, min(m.ts) AS first, max(m.ts) AS last
       FROM measurements m JOIN series s ON s.id = m.series_id WHERE s.model_id = $1`,
      [model.id],
    );
    expect(rows[0]).toMatchObject({ n: TOTAL, distinct_ts: TOTAL });
    expect(rows[0]?.first.getTime()).toBe(START);
    expect(rows[0]?.last.getTime()).toBe(START + (TOTAL - 1) * 1000);
  }, 300_000);
});
