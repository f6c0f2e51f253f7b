import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, type TestContext } from '../../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';
import { BUSY } from './admission.ts';

// Issue 17 item 2: more batches than the queue holds are refused with 503, Retry-After and {detail} (once their key
// is verified and their bodies have arrived, issue 23 item 2); the portal keeps answering; every acknowledged point is stored once, every refused one not at
// all, and a client that retries after Retry-After stores everything exactly once. Loopback only, bounded.
const BATCHES = 24;
const POINTS = 5_000;
const START = Date.parse('2026-10-01T00:00:00Z');

let ctx: TestContext;
let key: string;
let model: { id: string; code: string };
let base: string;

beforeAll(async () => {
  ctx = await createTestContext({
    INGEST_MAX_ACTIVE: '1',
    INGEST_MAX_WAITING: '2',
    INGEST_MAX_WAIT_MS: '3000',
  });
  const tenants = await seedTenants(ctx.db);
  model = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'OV1'), 1);
  key = await createIngestKey(ctx.app, tenants.companyId);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => ctx.close());

const body = (batch: number) =>
  JSON.stringify({
    modelCode: model.code,
    points: Array.from({ length: POINTS }, (_, i) => ({
      tag: 'h2',
      ts: START + (batch * POINTS + i) * 1000,
      value: i % 113,
    })),
  });
const send = (batch: number) =>
  fetch(`${base}/api/v1/ingest/measurements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body(batch),
  });
const stored = async () =>
  (
    await ctx.database.pool.query<{ n: number; distinct_ts: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT m.ts)::int AS distinct_ts
       FROM measurements m JOIN series s ON s.id = m.series_id WHERE s.model_id = $1`,
      [model.id],
    )
  ).rows[0];

describe('ingestion under overload', () => {
  it('refuses what does not fit with 503 and Retry-After, keeps answering, and loses or doubles nothing', async () => {
    const health = (async () => {
      const answers: number[] = [];
      for (let i = 0; i < 10; i++) answers.push((await fetch(`${base}/healthz`)).status);
      return answers;
    })();
    const answers = await Promise.all(
      Array.from({ length: BATCHES }, async (_, batch) => {
        const response = await send(batch);
        return {
          batch,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as { detail?: string; accepted?: number },
        };
      }),
    );
    expect(await health).toEqual(Array(10).fill(200));

    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe('1');
      expect(answer.body).toEqual({ detail: BUSY });
    }
    // Exactly the acknowledged batches are stored, each once.
    expect(await stored()).toEqual({ n: accepted.length * POINTS, distinct_ts: accepted.length * POINTS });

    // The client retries what was refused, after Retry-After, one at a time: then everything is there once.
    for (const { batch } of refused) {
      for (let attempt = 0; ; attempt++) {
        const response = await send(batch);
        if (response.ok) break;
        expect(response.status).toBe(503);
        expect(attempt).toBeLessThan(20);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    expect(await stored()).toEqual({ n: BATCHES * POINTS, distinct_ts: BATCHES * POINTS });
  }, 120_000);
});
