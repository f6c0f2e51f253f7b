import type { AlarmPrecision, EventDiagnosis, EventFailureMode } from '@sdp/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  requestAs,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../test/harness.ts';
import { createModel, seedEquipment } from '../../test/plant.ts';
import { closeDemoHistory } from './demo-outcomes.ts';

// Issue 25 item 6: the demo history holds closed events with outcomes, so the precision figures are not empty.
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
let model: { id: string };
const DAY = 86_400_000;

/** An event as the analysis stores it, with its diagnosed failure mode (migration 0038). */
async function event(alarmType: 1 | 2, daysAgo: number, tag: string, mode: EventFailureMode) {
  const diagnosis: EventDiagnosis = {
    mode,
    part: 'bearing',
    location: 'Pump DE',
    quantity: 'Acceleration',
    value: 1,
    limit: 0.5,
    unit: 'm/s²',
    level: alarmType,
    direction: 'high',
    engine: null,
    workbookRecommendation: null,
  };
  await sql`INSERT INTO fault_events (company_id, model_id, tag, event_date, alarm_type, alarm_message, alarm_value,
      sensor_id, diagnosis)
    VALUES (${tenants.companyId}, ${model.id}, ${tag}, ${new Date(Date.now() - daysAgo * DAY)}::timestamptz,
      ${alarmType}, 'demo', 1, 'S1', ${JSON.stringify(diagnosis)}::jsonb)`.execute(ctx.db);
}

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  model = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'P1'), 1);
  // The acceleration's first five events diagnosed an outer-race defect, the next three misalignment, the last two
  // no spectral signature (an overall level past its limit).
  const modes = ['bearing_outer_race', 'misalignment', 'vibration_acceleration'] as const;
  for (let i = 0; i < 10; i++)
    await event(i % 2 === 0 ? 1 : 2, 60 - i * 5, `S1.acceleration.x`, modes[i < 5 ? 0 : i < 8 ? 1 : 2]);
  await event(2, 1, 'S1.velocity.x', 'unbalance');
  // A warning and an alarm on a tag still in alarm at the end of the history.
  await event(1, 40, 'S1.envelope.x', 'bearing_outer_race');
  await event(2, 20, 'S1.envelope.x', 'bearing_outer_race');
  // The evaluated tags: the acceleration back to normal, the envelope still in alarm.
  for (const [tag, status] of [
    ['S1.acceleration.x', 0],
    ['S1.envelope.x', 2],
  ] as const)
    await sql`WITH s AS (INSERT INTO series (model_id, tag) VALUES (${model.id}, ${tag}) RETURNING id)
      INSERT INTO alarm_states (series_id, state, status) SELECT id, '{}', ${status} FROM s`.execute(ctx.db);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('closeDemoHistory', () => {
  it('closes the events older than a week whose condition has cleared with outcomes, once, and the precision figures count them', async () => {
    expect(await closeDemoHistory(ctx.db, tenants.companyId, 'owner@acme.test')).toBe(10);
    const response = await requestAs(
      ctx.app,
      cookies,
      'owner',
      'GET',
      `/api/v1/fault-events/precision?company_id=${tenants.companyId}`,
    );
    const figures = response.json() as AlarmPrecision;
    expect(figures.total).toMatchObject({ closed: 10, confirmed: 6, noFault: 2, planned: 2, precision: 0.6 });
    expect(figures.total.warnedFirst).toBeGreaterThan(0);
    // A confirmed fault names the failure mode its event diagnosed (the first three confirmed: the outer-race defect,
    // the next three: misalignment), never one guessed from the tag.
    expect(figures.failureModes.map((row) => [row.failureMode, row.confirmed])).toEqual([
      ['bearing', 3],
      ['misalignment', 3],
    ]);
    // The recent event stays open, and so do the events of the tag still in alarm (issue 26 item 1: closed while
    // their condition holds, the next evaluation would continue them in new events at once); every tag in warning or
    // alarm keeps an open event of its level or above. A second call (a restart) changes nothing.
    const open = await sql<{
      tag: string;
      alarm_type: number;
    }>`SELECT tag, alarm_type FROM fault_events WHERE done_at IS NULL ORDER BY tag, alarm_type`.execute(
      ctx.db,
    );
    expect(open.rows).toEqual([
      { tag: 'S1.envelope.x', alarm_type: 1 },
      { tag: 'S1.envelope.x', alarm_type: 2 },
      { tag: 'S1.velocity.x', alarm_type: 2 },
    ]);
    const uncovered = await sql<{
      tag: string;
    }>`SELECT s.tag FROM series s JOIN alarm_states a ON a.series_id = s.id
      WHERE a.status > 0 AND NOT EXISTS (SELECT 1 FROM fault_events f WHERE f.model_id = s.model_id AND f.tag = s.tag
        AND f.alarm_type >= a.status AND f.done_at IS NULL)`.execute(ctx.db);
    expect(uncovered.rows).toEqual([]);
    // Each closed a day after the model's last crossing of the closed events, never after its condition cleared.
    const closedAt = await sql<{
      days: number;
    }>`SELECT DISTINCT round(extract(epoch FROM now() - done_at) / 86400)::int
      AS days FROM fault_events WHERE done_at IS NOT NULL`.execute(ctx.db);
    expect(closedAt.rows).toEqual([{ days: 14 }]);
    await event(2, 30, 'S1.velocity.x', 'unbalance');
    expect(await closeDemoHistory(ctx.db, tenants.companyId, 'owner@acme.test')).toBe(0);
  });
});
