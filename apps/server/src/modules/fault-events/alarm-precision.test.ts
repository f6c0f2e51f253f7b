import { DIAGNOSTIC_FAULT_SERIES, FAILURE_MODES } from '@sdp/analytics';
import {
  type AlarmPrecision,
  type FaultEventDetail,
  type FaultEventHistory,
  OUTCOME_FAILURE_MODES,
} from '@sdp/contracts';
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
import { assignEquipment, createModel, seedEquipment } from '../../../test/plant.ts';

// Issue 25 item 5: marking a fault event done records its outcome, and alarm precision is counted from them.
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
/** TR1 is assigned to the MEMBER and the SUPERMEMBER; TR2 to nobody. */
let seen: { id: string };
let unseen: { id: string };

const as = (...args: Parameters<typeof requestAs> extends [unknown, unknown, ...infer R] ? R : never) =>
  requestAs(ctx.app, cookies, ...args);
const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY);

/** A fault event as the analysis opens it; acknowledged, or closed with an outcome in the past when asked. */
async function event(
  modelId: string,
  alarmType: 1 | 2,
  opened: Date,
  closed?: { at: Date; outcome: string | null; mode?: string },
) {
  const { rows } = await sql<{ id: string }>`INSERT INTO fault_events (company_id, model_id, tag, event_date,
      alarm_type, alarm_message, alarm_value, warning_limit, alarm_limit, sensor_id, is_acknowledged, done_at, outcome,
      outcome_failure_mode)
    SELECT company_id, id, 'h2', ${opened}::timestamptz, ${alarmType}, 'Hydrogen high', 900, 100, 700, 'TR', true,
      ${closed?.at ?? null}::timestamptz, ${closed?.outcome ?? null}, ${closed?.mode ?? null}
    FROM equipment_models WHERE id = ${modelId} RETURNING id`.execute(ctx.db);
  return Number(rows[0]?.id);
}
const done = (who: Tenant, id: number, extra: object) =>
  as(who, 'POST', '/api/v1/fault-event/done', {
    comment_info: { fault_event_id: id, email_to: ['owner@acme.test'], comment: 'Inspected' },
    ...extra,
  });
const detail = async (id: number) =>
  (await as('owner', 'GET', `/api/v1/fault-event/details/${id}`)).json() as FaultEventDetail;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  const tr1 = await seedEquipment(ctx.db, tenants.companyId, 'TR1');
  const tr2 = await seedEquipment(ctx.db, tenants.companyId, 'TR2');
  await assignEquipment(ctx.db, tenants.users.member, tr1);
  await assignEquipment(ctx.db, tenants.users.supmem, tr1);
  seen = await createModel(ctx.app, tr1, 1);
  unseen = await createModel(ctx.app, tr2, 1);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the outcome of a done', () => {
  it('names every failure mode of the engines, and other', () => {
    expect([...OUTCOME_FAILURE_MODES].sort()).toEqual(
      [...FAILURE_MODES, ...DIAGNOSTIC_FAULT_SERIES, 'other'].sort(),
    );
  });

  it.each([
    [{}, 'outcome: * Outcome is required to mark a fault event done'],
    [{ outcome: 'fixed' }, 'outcome: one of fault_confirmed, no_fault_found, planned_maintenance, other'],
    [
      { outcome: 'fault_confirmed' },
      'failure_mode: * Failure mode found is required when the fault is confirmed.',
    ],
    [{ outcome: 'fault_confirmed', failure_mode: 'gremlins' }, 'failure_mode: one of unbalance'],
    [{ outcome: 'no_fault_found', failure_mode: 'bearing' }, 'failure_mode: only a confirmed fault names'],
    [{ failure_mode: 'bearing' }, 'failure_mode: give it with outcome fault_confirmed'],
  ])('answers 400 for %j and leaves the event open', async (extra, reason) => {
    const id = await event(seen.id, 2, ago(1));
    const response = await done('owner', id, extra);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(reason);
    expect((await detail(id)).isDone).toBe(false);
  });

  it('stores the outcome and the failure mode found, shows them and writes them in the history log', async () => {
    const id = await event(seen.id, 2, ago(1));
    const response = await done('ownerRvs', id, { outcome: 'fault_confirmed', failure_mode: 'bearing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      isDone: true,
      outcome: 'fault_confirmed',
      outcomeFailureMode: 'bearing',
    });
    const history = (
      await as('member', 'GET', `/api/v1/fault-event/history?equipment_model_id=${seen.id}`)
    ).json() as FaultEventHistory;
    expect(history.items.find((item) => item.faultEventId === id && item.action === 'done')).toMatchObject({
      outcome: 'fault_confirmed',
    });

    // The done comment's update may correct what was found; an acknowledge records none.
    const corrected = await as('owner', 'PATCH', '/api/v1/fault-event/comment', {
      comment_info: { fault_event_id: id, email_to: ['owner@acme.test'], comment: 'Was the coupling' },
      comment_type: 2,
      outcome: 'fault_confirmed',
      failure_mode: 'misalignment',
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({
      outcomeFailureMode: 'misalignment',
      done_msg: 'Was the coupling',
    });
    const open = await event(seen.id, 1, ago(1));
    const acknowledge = await as('owner', 'POST', '/api/v1/fault-event/acknowledge', {
      comment_info: { fault_event_id: open, email_to: ['owner@acme.test'], comment: 'Seen' },
      outcome: 'other',
    });
    expect(acknowledge.statusCode).toBe(400);
    expect(acknowledge.json().detail).toMatch(/^outcome: only marking done/);
    await sql`DELETE FROM fault_events WHERE id IN (${id}, ${open})`.execute(ctx.db);
  });

  it('needs one outcome for a bulk done, and gives it to every event', async () => {
    const ids = [await event(seen.id, 2, ago(1)), await event(seen.id, 1, ago(1))];
    const missing = await as('owner', 'POST', '/api/v1/fault-event/bulk', {
      action: 'done',
      fault_event_ids: ids,
      comment: 'Greased',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^outcome: \* Outcome is required/);
    expect((await detail(ids[0] as number)).isDone).toBe(false);
    const response = await as('owner', 'POST', '/api/v1/fault-event/bulk', {
      action: 'done',
      fault_event_ids: ids,
      comment: 'Greased',
      outcome: 'planned_maintenance',
    });
    expect(response.statusCode).toBe(200);
    for (const id of ids)
      expect(await detail(id)).toMatchObject({ outcome: 'planned_maintenance', outcomeFailureMode: null });
    await sql`DELETE FROM fault_events WHERE id = ANY(${ids}::bigint[])`.execute(ctx.db);
  });
});

describe('alarm precision', () => {
  beforeAll(async () => {
    await sql`DELETE FROM fault_events`.execute(ctx.db);
    // TR1: a bearing fault warned 10 days before its alarm, both closed as confirmed.
    await event(seen.id, 1, ago(30), { at: ago(18), outcome: 'fault_confirmed', mode: 'bearing' });
    await event(seen.id, 2, ago(20), { at: ago(18), outcome: 'fault_confirmed', mode: 'bearing' });
    await event(seen.id, 2, ago(10), { at: ago(9), outcome: 'no_fault_found' });
    await event(seen.id, 1, ago(8), { at: ago(7), outcome: 'planned_maintenance' });
    // An unbalance alarm with no warning since the previous close: not warned first.
    await event(seen.id, 2, ago(5), { at: ago(4), outcome: 'fault_confirmed', mode: 'unbalance' });
    // Not counted: open, and closed before outcomes were recorded.
    await event(seen.id, 2, ago(2));
    await event(seen.id, 2, ago(40), { at: ago(39), outcome: null });
    // TR2, which the MEMBER does not see: a false alarm.
    await event(unseen.id, 2, ago(3), { at: ago(2), outcome: 'no_fault_found' });
  });

  const figures = async (who: Tenant, query: string) => {
    const response = await as(who, 'GET', `/api/v1/${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AlarmPrecision;
  };

  it("counts a model's closed events by outcome, its precision, and the confirmed faults warned first", async () => {
    const model = await figures('member', `fault-event/precision?model_id=${seen.id}`);
    expect(model.total).toEqual({
      closed: 5,
      confirmed: 3,
      noFault: 1,
      planned: 1,
      other: 0,
      precision: 0.6,
      warnedFirst: 2,
      medianLeadDays: 10,
    });
    expect(model.failureModes).toEqual([
      expect.objectContaining({
        failureMode: 'bearing',
        confirmed: 2,
        precision: 0.4,
        warnedFirst: 2,
        medianLeadDays: 10,
      }),
      expect.objectContaining({
        failureMode: 'unbalance',
        confirmed: 1,
        precision: 0.2,
        warnedFirst: 0,
        medianLeadDays: null,
      }),
    ]);
    expect(model.models).toHaveLength(1);
  });

  it('counts a company over the models the caller sees', async () => {
    const owner = await figures('owner', `fault-events/precision?company_id=${tenants.companyId}`);
    expect(owner.total).toMatchObject({ closed: 6, confirmed: 3, noFault: 2, precision: 0.5 });
    expect(owner.models.map((row) => [row.modelId, row.closed, row.precision])).toEqual(
      expect.arrayContaining([
        [seen.id, 5, 0.6],
        [unseen.id, 1, 0],
      ]),
    );
    const member = await figures('member', `fault-events/precision?company_id=${tenants.companyId}`);
    expect(member.total).toMatchObject({ closed: 5, confirmed: 3, precision: 0.6 });
    expect(member.models.map((row) => row.modelId)).toEqual([seen.id]);
  });

  it("puts the outcome of each closed event and the model's precision in the fault-event workbook", async () => {
    const file = await as('member', 'GET', `/api/v1/fault-event/export?model_id=${seen.id}`);
    expect(file.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const history = workbook.getWorksheet('Fault Event Alarm History');
    expect(history?.getRow(1).getCell(20).value).toBe('Outcome');
    expect(history?.getRow(1).getCell(21).value).toBe('Failure mode found');
    const outcomes = [2, 3, 4, 5, 6, 7].map((row) => [
      String(history?.getRow(row).getCell(20).value ?? ''),
      String(history?.getRow(row).getCell(21).value ?? ''),
    ]);
    expect(outcomes).toEqual([
      ['Fault confirmed', 'Unbalance'],
      ['Planned maintenance', ''],
      ['No fault found', ''],
      ['Fault confirmed', 'Bearing'],
      ['Fault confirmed', 'Bearing'],
      ['', ''],
    ]);
    const summary = workbook.getWorksheet('Alarm Precision');
    expect(summary?.getRow(2).values).toEqual([undefined, 'All events', 5, 3, 1, 1, 0, 60, 2, 10]);
    expect(summary?.getRow(3).values).toEqual([undefined, 'Confirmed: Bearing', 2, 2, 0, 0, 0, 40, 2, 10]);
  });

  it('counts the events closed in a period', async () => {
    const from = ago(8.5).toISOString();
    const period = await figures('owner', `fault-event/precision?model_id=${seen.id}&from=${from}`);
    expect(period.from).toBe(from);
    expect(period.total).toMatchObject({ closed: 2, confirmed: 1, planned: 1, precision: 0.5 });
    const empty = await figures(
      'owner',
      `fault-event/precision?model_id=${seen.id}&to=${ago(100).toISOString()}`,
    );
    expect(empty.total).toMatchObject({ closed: 0, precision: null, medianLeadDays: null });
    expect(empty.failureModes).toEqual([]);
  });

  it('refuses bad input with 400, other companies with 404, those who do not see the model with 404', async () => {
    const bad = await as('owner', 'GET', '/api/v1/fault-event/precision?model_id=nope');
    expect(bad.statusCode).toBe(400);
    const reversed = await as(
      'owner',
      'GET',
      `/api/v1/fault-events/precision?company_id=${tenants.companyId}&from=${ago(1).toISOString()}&to=${ago(2).toISOString()}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toContain('to: must be after from');
    expect(
      (await as('outsider', 'GET', `/api/v1/fault-event/precision?model_id=${seen.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await as('outsider', 'GET', `/api/v1/fault-events/precision?company_id=${tenants.companyId}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await as('member', 'GET', `/api/v1/fault-event/precision?model_id=${unseen.id}`)).statusCode,
    ).toBe(404);
    expect((await as(null, 'GET', `/api/v1/fault-event/precision?model_id=${seen.id}`)).statusCode).toBe(401);
  });
});
