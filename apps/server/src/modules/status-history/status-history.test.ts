import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  requestAs,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../../test/harness.ts';
import { assignEquipment, createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';

/**
 * The stored status history (issue 26 items 1 and 4): built by ingest and the analysis, read back as days in the
 * company's zone (Asia/Bangkok, UTC+7 all year) with the worst status of each, the changes and 'In alarm since'.
 */
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
let key: string;
let model: { id: string; code: string };

const as = (...args: Parameters<typeof requestAs> extends [unknown, unknown, ...infer R] ? R : never) =>
  requestAs(ctx.app, cookies, ...args);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Midnight in Bangkok ten days ago: day n of the test starts at `day(n)`. */
const bangkokDay = (t: number) => new Date(t + 7 * HOUR).toISOString().slice(0, 10);
const t0 = Date.parse(`${bangkokDay(Date.now() - 10 * DAY)}T00:00:00+07:00`);
const day = (n: number) => t0 + n * DAY;

async function waitFor(check: () => Promise<boolean>, timeout = 20_000) {
  for (let waited = 0; waited < timeout; waited += 200) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timed out');
}

/** Sends h2 values an hour apart from `first` hours into day n, and waits until the analysis took them all. */
async function send(n: number, values: number[], first = 1) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/measurements',
    headers: { authorization: `Bearer ${key}` },
    payload: {
      modelCode: model.code,
      points: values.map((value, i) => ({ tag: 'h2', ts: day(n) + (first + i) * HOUR, value })),
    },
  });
  expect(response.statusCode).toBe(200);
  // Taken from the queue and the model's analysis job finished (the status is set after the last round).
  await waitFor(async () => {
    const { rows } = await sql<{ busy: number }>`SELECT
        (SELECT count(*) FROM measurement_arrivals a JOIN series s ON s.id = a.series_id WHERE s.model_id = ${model.id})
      + (SELECT count(*) FROM pgboss.job WHERE name = 'analyse' AND singleton_key = ${model.id}
           AND state IN ('created', 'retry', 'active')) AS busy`.execute(ctx.db);
    return Number(rows[0]?.busy) === 0;
  });
}

interface History {
  status: number;
  alarmSince: string | null;
  timeZone: string;
  days: { day: string; status: number | null }[];
  changes: { at: string; status: number; source: string; tag: string | null; value: number | null }[];
  truncated: boolean;
}
const read = async (from: number, to: number, who: Tenant = 'owner') => {
  const url = `/api/v1/equipment-models/${model.id}/status-history?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
  return as(who, 'GET', url);
};

beforeAll(async () => {
  ctx = await createTestContext({}, { workers: true });
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  key = await createIngestKey(ctx.app, tenants.companyId);
  const tag = await seedEquipment(ctx.db, tenants.companyId, 'TR9');
  await assignEquipment(ctx.db, tenants.users.member, tag);
  model = await createModel(ctx.app, tag, 1, {
    alarm_management: { persistence_from: 3, persistence_to: 5 },
  });
  // The maintenance job turns a model silent past its interval offline: not while the test builds its days.
  await ctx.db
    .updateTable('equipment_models')
    .set({ expected_interval_seconds: 60 * 86_400 })
    .where('id', '=', model.id)
    .execute();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the status history (issue 26 items 1 and 4)', () => {
  it('records each change of the model status in the values’ time, and answers the worst status of each day', async () => {
    await send(0, [40, 40, 40, 40, 40]);
    await send(1, [150, 150, 150]); // warning at the third (3 of 5)
    await send(2, [900, 900, 900]); // alarm at the third
    await send(3, [40, 40, 40, 40, 40]); // normal again at the third
    await send(4, [40]);
    await send(5, [40]);
    const answer = await read(day(-1), day(6));
    expect(answer.statusCode, answer.body).toBe(200);
    const history = answer.json() as History;
    expect(history.timeZone).toBe('Asia/Bangkok');
    expect(history.days).toEqual([
      { day: bangkokDay(day(-1)), status: null }, // before the first change: nothing recorded
      { day: bangkokDay(day(0)), status: 0 },
      { day: bangkokDay(day(1)), status: 1 },
      { day: bangkokDay(day(2)), status: 2 },
      { day: bangkokDay(day(3)), status: 2 }, // in alarm when the day began
      { day: bangkokDay(day(4)), status: 0 },
      { day: bangkokDay(day(5)), status: 0 },
    ]);
    expect(history.changes).toEqual([
      { at: new Date(day(0) + HOUR).toISOString(), status: 0, source: 'evaluation', tag: null, value: null },
      {
        at: new Date(day(1) + 3 * HOUR).toISOString(),
        status: 1,
        source: 'evaluation',
        tag: 'h2',
        value: 150,
      },
      {
        at: new Date(day(2) + 3 * HOUR).toISOString(),
        status: 2,
        source: 'evaluation',
        tag: 'h2',
        value: 900,
      },
      {
        at: new Date(day(3) + 3 * HOUR).toISOString(),
        status: 0,
        source: 'evaluation',
        tag: 'h2',
        value: 40,
      },
    ]);
    expect(history).toMatchObject({ status: 0, alarmSince: null, truncated: false });
  }, 60_000);

  it('dates "In alarm since" from the start of the run: no data meanwhile and closed events do not move it', async () => {
    await send(6, [900, 900, 900]);
    const since = new Date(day(6) + 3 * HOUR).toISOString();
    // Silent past its interval: offline from the last value plus the interval, recorded as 'no_data'.
    await ctx.db
      .updateTable('equipment_models')
      .set({ expected_interval_seconds: 3600 })
      .where('id', '=', model.id)
      .execute();
    await ctx.services.analysis.maintain();
    const offline = (await read(day(6), day(7))).json() as History;
    expect(offline.status).toBe(-1);
    expect(offline.changes.at(-1)).toMatchObject({
      at: new Date(day(6) + 4 * HOUR).toISOString(),
      status: -1,
      source: 'no_data',
    });
    await ctx.db
      .updateTable('equipment_models')
      .set({ expected_interval_seconds: 60 * 86_400 })
      .where('id', '=', model.id)
      .execute();
    // The open alarm closed (confirmed while the condition holds): the history does not follow events.
    await sql`UPDATE fault_events SET done_at = now(), is_acknowledged = true WHERE model_id = ${model.id}`.execute(
      ctx.db,
    );
    await send(7, [950]);
    const history = (await read(day(6), day(8))).json() as History;
    expect(history.status).toBe(2);
    expect(history.alarmSince).toBe(since);
    expect(history.days).toEqual([
      { day: bangkokDay(day(6)), status: 2 },
      { day: bangkokDay(day(7)), status: 2 },
    ]);
    // The company page reads the same start.
    const rows = (
      await as('owner', 'GET', `/api/v1/model_summary/overall_status?company_id=${tenants.companyId}`)
    ).json() as { model_id: string; status: number; alarmSince: string | null }[];
    expect(rows.find((row) => row.model_id === model.id)).toMatchObject({ status: 2, alarmSince: since });
  }, 60_000);

  it('forgets an offline that values arriving late show never was, and stores no change that is none', async () => {
    await send(8, [950, 950]); // 01:00, 02:00
    await ctx.db
      .updateTable('equipment_models')
      .set({ expected_interval_seconds: 3600 })
      .where('id', '=', model.id)
      .execute();
    await ctx.services.analysis.maintain(); // offline from 03:00
    expect(((await read(day(8), day(9))).json() as History).status).toBe(-1);
    await ctx.db
      .updateTable('equipment_models')
      .set({ expected_interval_seconds: 60 * 86_400 })
      .where('id', '=', model.id)
      .execute();
    await send(8, [950], 2.5); // 02:30: the model was not silent at 03:00 after all
    const history = (await read(day(0), day(9))).json() as History;
    expect(history.changes.filter((change) => change.source === 'no_data')).toHaveLength(1); // day 6's, a real one
    expect(history.changes.at(-1)).toMatchObject({ status: 2 });
    // Every row is a change.
    history.changes.forEach((change, i) => {
      if (i > 0) expect(change.status, change.at).not.toBe(history.changes[i - 1]?.status);
    });
    expect(history.alarmSince).toBe(new Date(day(6) + 3 * HOUR).toISOString());
  }, 60_000);

  it('is read by whoever sees the model; others get 404, a bad range 400 naming the field', async () => {
    expect((await read(day(0), day(1), 'member')).statusCode).toBe(200);
    expect((await read(day(0), day(1), 'supmem')).statusCode).toBe(404);
    expect((await read(day(0), day(1), 'outsider')).statusCode).toBe(404);
    expect((await read(day(0), day(1), null as unknown as Tenant)).statusCode).toBe(401);
    const reversed = await read(day(2), day(1));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toContain('to');
    const long = await read(day(0) - 400 * DAY, day(1));
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toContain('366 days');
  });
});
