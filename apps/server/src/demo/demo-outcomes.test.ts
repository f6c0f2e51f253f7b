import type { AlarmPrecision } from '@sdp/contracts';
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

async function event(alarmType: 1 | 2, daysAgo: number, tag: string) {
  await sql`INSERT INTO fault_events (company_id, model_id, tag, event_date, alarm_type, alarm_message, alarm_value,
      sensor_id)
    VALUES (${tenants.companyId}, ${model.id}, ${tag}, ${new Date(Date.now() - daysAgo * DAY)}::timestamptz,
      ${alarmType}, 'demo', 1, 'S1')`.execute(ctx.db);
}

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  model = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'P1'), 1);
  for (let i = 0; i < 10; i++) await event(i % 2 === 0 ? 1 : 2, 60 - i * 5, `S1.acceleration.x`);
  await event(2, 1, 'S1.velocity.x');
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('closeDemoHistory', () => {
  it('closes the events older than a week with outcomes, once, and the precision figures count them', async () => {
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
    expect(figures.failureModes.map((row) => row.failureMode)).toEqual(['bearing']);
    // The recent event stays open; a second call (a restart) changes nothing.
    const open = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM fault_events WHERE done_at IS NULL`.execute(ctx.db);
    expect(open.rows[0]?.n).toBe(1);
    await event(2, 30, 'S1.velocity.x');
    expect(await closeDemoHistory(ctx.db, tenants.companyId, 'owner@acme.test')).toBe(0);
  });
});
