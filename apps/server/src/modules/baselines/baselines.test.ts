import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
let key: string;
let model: { id: string; code: string };

const HOUR = 3_600_000;
const t0 = Date.parse('2026-10-01T00:00:00Z');
const limits = (warning: number, alarm: number) => ({ warning, alarm });

beforeAll(async () => {
  ctx = await createTestContext({}, { workers: true });
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  key = await createIngestKey(ctx.app, tenants.companyId);
  const tag = await seedEquipment(ctx.db, tenants.companyId, 'FAN9');
  model = await createModel(ctx.app, tag, 4, {
    alarm_management: { persistence_from: 2, persistence_to: 3 },
    // Two days and 40 values of learning, so the test's history completes it.
    baseline_in: { learning_days: 2, learning_captures: 40, warning_deviations: 6, alarm_deviations: 12 },
    vibration_sensor_in: [
      // No fixed velocity limit: only the learned baseline can raise it.
      {
        sensorId: 'S1',
        sensorName: 'Motor',
        acceleration: limits(0, 0),
        velocity: limits(0, 0),
        temperature: limits(70, 85),
      },
      // A fixed warning at 2.5 mm/s that a rise to 3.0 crosses as well as the learned band.
      {
        sensorId: 'S2',
        sensorName: 'Fan',
        acceleration: limits(0, 0),
        velocity: limits(2.5, 10),
        temperature: limits(70, 85),
      },
    ],
  });
});
afterAll(() => ctx.close());

const ingest = (points: { tag: string; ts: number; value: number }[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/measurements',
    headers: { authorization: `Bearer ${key}` },
    payload: { modelCode: model.code, points },
  });
const events = () =>
  ctx.db
    .selectFrom('fault_events')
    .select(['tag', 'alarm_type', 'alarm_value', 'warning_limit', 'alarm_message', 'tripped_by'])
    .where('model_id', '=', model.id)
    .orderBy('id')
    .execute();
const baseline = (who: Tenant = 'owner') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/equipment-models/${model.id}/baseline`,
    headers: { cookie: cookies[who], 'x-sdp-csrf': '1' },
  });
const reset = (who: Tenant) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/equipment-models/${model.id}/baseline/reset`,
    headers: { cookie: cookies[who], 'x-sdp-csrf': '1' },
  });

/** Each value's status as the model page reads it (GET /equipment-models/{id}/series). */
const statuses = async () => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/equipment-models/${model.id}/series`,
    headers: { cookie: cookies.owner },
  });
  expect(response.statusCode).toBe(200);
  return Object.fromEntries(
    response.json().map((one: { tag: string; status: number | null }) => [one.tag, one.status]),
  );
};

// Hourly velocity around 2.0 mm/s for 48 h (±0.05, a repeating pattern), then a rise to 3.0 mm/s (1.5 ×).
const normal = (tag: string) =>
  Array.from({ length: 49 }, (_, i) => ({ tag, ts: t0 + i * HOUR, value: 2 + ((i % 5) - 2) * 0.025 }));
const rise = (tag: string) => [49, 50, 51].map((i) => ({ tag, ts: t0 + i * HOUR, value: 3 }));

describe('learned baselines', () => {
  it('shows each value learning, with the day of its learning period', async () => {
    await ingest(normal('S1.velocity').slice(0, 10));
    await expect
      .poll(
        async () =>
          (await baseline()).json().tags.find((t: { tag: string }) => t.tag === 'S1.velocity')?.captures,
        {
          timeout: 20_000,
        },
      )
      .toBe(10);
    const body = (await baseline()).json();
    expect(body).toMatchObject({ learningDays: 2, learningCaptures: 40, learning: true, day: 2 });
    expect(body.tags.find((t: { tag: string }) => t.tag === 'S1.velocity')).toMatchObject({
      name: 'Motor velocity',
      state: 'learning',
      startedAt: new Date(t0).toISOString(),
      centre: null,
    });
  });

  it('warns when a value leaves its learned band, and the event says the learned baseline tripped', async () => {
    await ingest([...normal('S1.velocity').slice(10), ...normal('S2.velocity')]);
    await ingest([...rise('S1.velocity'), ...rise('S2.velocity')]);
    await expect.poll(async () => (await events()).length, { timeout: 20_000 }).toBe(2);
    const raised = await events();
    const learned = raised.find((e) => e.tag === 'S1.velocity');
    // Median 2.0, MAD-based σ 0.037 below the 5 % floor (0.1): warning at 2.0 + 6 × 0.1 = 2.6 mm/s.
    expect(learned).toMatchObject({ alarm_type: 1, alarm_value: 3, tripped_by: 'learned_baseline' });
    expect(learned?.warning_limit).toBeCloseTo(2.6, 9);
    expect(learned?.alarm_message).toBe('Warning: Motor velocity 3.000 (learned baseline 2.600)');
    // Both trip S2: the fixed limit a person set is named.
    expect(raised.find((e) => e.tag === 'S2.velocity')).toMatchObject({
      alarm_type: 1,
      warning_limit: 2.5,
      tripped_by: 'fixed_limit',
    });
    // An API client reads the same from the event's details.
    const ids = await ctx.db
      .selectFrom('fault_events')
      .select(['id', 'tag'])
      .where('model_id', '=', model.id)
      .execute();
    for (const { id, tag } of ids) {
      const detail = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/fault-event/details/${id}`,
        headers: { cookie: cookies.owner },
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().trippedBy).toBe(tag === 'S1.velocity' ? 'learned_baseline' : 'fixed_limit');
    }
    const band = (await baseline()).json().tags.find((t: { tag: string }) => t.tag === 'S1.velocity');
    expect(band).toMatchObject({ state: 'learned', captures: 49, centre: 2 });
    expect(band.warning).toBeCloseTo(2.6, 9);
    expect(band.alarm).toBeCloseTo(3.2, 9);
  });

  it('Reset baseline takes effect at once: learning from day 1, and the learned warning ends with its band', async () => {
    // Before: S1's velocity is in warning by its learned band only, S2's by its fixed limit too.
    expect(await statuses()).toMatchObject({ 'S1.velocity': 1, 'S2.velocity': 1 });
    expect((await baseline()).json()).toMatchObject({ learning: false, day: null });
    const response = await reset('owner');
    expect(response.statusCode, response.body).toBe(200);
    // Read straight after the reset, before any analysis round: nothing learned is left.
    const body = (await baseline()).json();
    expect(body).toMatchObject({ learning: true, day: 1, learningDays: 2 });
    for (const tag of body.tags)
      expect(tag).toMatchObject({ state: 'learning', captures: 0, centre: null, warning: null });
    expect(await statuses()).toMatchObject({ 'S1.velocity': 0, 'S2.velocity': 1 });
    // The stored state learns again from the reset, so no later reader sees the old band.
    const stored = await ctx.db
      .selectFrom('alarm_states as a')
      .innerJoin('series as s', 's.id', 'a.series_id')
      .select('a.state')
      .where('s.model_id', '=', model.id)
      .where('s.tag', '=', 'S1.velocity')
      .executeTakeFirstOrThrow();
    expect(stored.state.learned).toMatchObject({ sinceMs: Date.parse(response.json().startedAt), seen: 0 });
    expect(stored.state.learned).not.toHaveProperty('band');
  });

  it('Reset baseline: ADMIN, OWNER and OWNER_RVS start a new learning period, audited', async () => {
    for (const who of ['admin', 'owner', 'ownerRvs'] as const) {
      const response = await reset(who);
      expect(response.statusCode, `${who} ${response.body}`).toBe(200);
      expect(response.json().reset).toBe(4); // S1 and S2, acceleration and velocity
    }
    const body = (await baseline()).json();
    expect(body).toMatchObject({ learning: true, day: 1 });
    expect(
      body.tags.every((t: { state: string; captures: number }) => t.state === 'learning' && t.captures === 0),
    ).toBe(true);
    const audited = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'user_id'])
      .where('action', '=', 'reset-baseline')
      .execute();
    expect(audited).toHaveLength(4);
    expect(audited.map((row) => row.entity_id)).toEqual([model.id, model.id, model.id, model.id]);
    expect(audited.map((row) => row.user_id)).toContain(tenants.users.owner);
  });

  it('values older than the reset neither teach the new baseline nor alarm', async () => {
    await ingest([{ tag: 'S1.velocity', ts: t0 + 60 * HOUR, value: 9 }]);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await events()).filter((e) => e.tag === 'S1.velocity')).toHaveLength(1);
    const band = (await baseline()).json().tags.find((t: { tag: string }) => t.tag === 'S1.velocity');
    expect(band).toMatchObject({ state: 'learning', captures: 0 });
  });

  it('refuses Reset baseline to SUPERMEMBER and MEMBER, and to another company', async () => {
    expect((await reset('supmem')).statusCode).toBe(403);
    expect((await reset('member')).statusCode).toBe(403);
    const outsider = await reset('outsider');
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toHaveProperty('detail');
    expect((await baseline('outsider')).statusCode).toBe(404);
    const audited = await ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'reset-baseline')
      .execute();
    expect(audited).toHaveLength(4);
  });

  it('answers 400 for an id that is not a uuid and 404 for an unknown model', async () => {
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/equipment-models/nope/baseline',
      headers: { cookie: cookies.admin },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/equipment-models/00000000-0000-4000-8000-000000000000/baseline/reset',
      headers: { cookie: cookies.admin, 'x-sdp-csrf': '1' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("the learning period is set in the model's settings; a value out of bounds answers 400 naming it", async () => {
    const put = (baseline_in: Record<string, number>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/equipment-models/${model.id}`,
        headers: { cookie: cookies.owner, 'x-sdp-csrf': '1' },
        payload: { baseline_in },
      });
    const deviations = { warning_deviations: 6, alarm_deviations: 12 };
    for (const wrong of [
      { learning_days: 366, learning_captures: 50 },
      { learning_days: -1, learning_captures: 50 },
      { learning_days: 2.5, learning_captures: 50 },
      { learning_days: 14, learning_captures: 2 },
      { learning_days: 14, learning_captures: 100_001 },
    ]) {
      const response = await put({ ...wrong, ...deviations });
      expect(response.statusCode, JSON.stringify(wrong)).toBe(400);
      const field = wrong.learning_captures === 50 ? 'learning_days' : 'learning_captures';
      expect(response.json().detail).toContain(`baseline_in.${field}`);
    }
    // Refused: the rule stands as it was.
    expect((await baseline()).json()).toMatchObject({ learningDays: 2, learningCaptures: 40 });
    const saved = await put({ learning_days: 7, learning_captures: 30, ...deviations });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await baseline()).json()).toMatchObject({
      learningDays: 7,
      learningCaptures: 30,
      warningDeviations: 6,
      alarmDeviations: 12,
    });
    // Left out, the deviations take their defaults.
    expect((await put({ learning_days: 0, learning_captures: 100_000 })).statusCode).toBe(200);
    expect((await baseline()).json()).toMatchObject({ learningDays: 0, learningCaptures: 100_000 });
  });
});
