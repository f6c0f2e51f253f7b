import type { AuditPage, FaultEventBulkResult, FaultEventDetail, FaultEventHistory } from '@sdp/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createTestContext,
  createUser,
  requestAs,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../../test/harness.ts';
import { assignEquipment, createModel, seedEquipment } from '../../../test/plant.ts';
import { startSmtpInbox } from '../../../test/smtp-inbox.ts';

// Issue 26 items 5 and 7: acknowledge and done from the company alarm list, for many events at once, with the
// single-event rules and mails; and who did what, in the model's history log and the company audit log.
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
/** TR1 is assigned to the MEMBER and the SUPERMEMBER; TR2 to nobody. */
let seen: { id: string };
let unseen: { id: string };
const UNASSIGNED = 'unassigned@acme.test';

const as = (...args: Parameters<typeof requestAs> extends [unknown, unknown, ...infer R] ? R : never) =>
  requestAs(ctx.app, cookies, ...args);
const bulk = (who: Tenant, body: object) => as(who, 'POST', '/api/v1/fault-event/bulk', body);

/** A fault event of the model as the analysis opens it; acknowledged or done when asked. */
async function event(modelId: string, state: { acknowledged?: boolean; done?: boolean } = {}) {
  const { rows } = await sql<{ id: string }>`INSERT INTO fault_events (company_id, model_id, tag, event_date,
      alarm_type, alarm_message, alarm_value, warning_limit, alarm_limit, sensor_id, is_acknowledged, done_at)
    SELECT company_id, id, 'h2', now(), 2, 'Alarm: hydrogen high', 900, 100, 700, 'TR', ${state.acknowledged ?? false},
      ${state.done ? new Date() : null}::timestamptz
    FROM equipment_models WHERE id = ${modelId} RETURNING id`.execute(ctx.db);
  return Number(rows[0]?.id);
}
const detail = async (id: number) =>
  (await as('owner', 'GET', `/api/v1/fault-event/details/${id}`)).json() as FaultEventDetail;

/** Decodes a quoted-printable mail body enough to read its text. */
const bodyOf = (raw: string) =>
  raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
const mailsTo = (email: string, containing: string) =>
  smtp.inbox.filter((mail) => mail.to.includes(email) && bodyOf(mail.raw).includes(containing));

beforeAll(async () => {
  smtp = await startSmtpInbox();
  ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.test' }, { workers: true });
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  const tr1 = await seedEquipment(ctx.db, tenants.companyId, 'TR1');
  const tr2 = await seedEquipment(ctx.db, tenants.companyId, 'TR2');
  await assignEquipment(ctx.db, tenants.users.member, tr1);
  await assignEquipment(ctx.db, tenants.users.supmem, tr1);
  seen = await createModel(ctx.app, tr1, 1);
  unseen = await createModel(ctx.app, tr2, 1);
  await addMember(ctx.db, tenants.companyId, await createUser(ctx.db, { email: UNASSIGNED }), 'member');
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('POST /fault-event/bulk', () => {
  it('acknowledges several events with one comment and mails, per event, everyone who sees the model', async () => {
    const [a, b] = [await event(seen.id), await event(seen.id)];
    const response = await bulk('supmem', {
      action: 'acknowledge',
      fault_event_ids: [b, a],
      comment: 'Oil sampled on site',
    });
    expect(response.statusCode).toBe(200);
    const result = response.json() as FaultEventBulkResult;
    expect(result.changed).toEqual([
      { id: a, action: 'acknowledged' },
      { id: b, action: 'acknowledged' },
    ]);
    const seeing = ['member@acme.test', 'owner.rvs@acme.test', 'owner@acme.test', 'supmem@acme.test'];
    for (const item of result.items) {
      expect(item).toMatchObject({ isAcknowledged: true, acknowledged_msg: 'Oil sampled on site' });
      expect(item.acknowledged_by_user?.email).toBe('supmem@acme.test');
      expect(item.acknowledged_to_user.map((person) => person.email).sort()).toEqual(seeing);
    }
    // One mail per event and recipient, read back from the SMTP server; nobody who does not see TR1 gets one.
    await expect
      .poll(() => mailsTo('owner@acme.test', 'Oil sampled on site').length, { timeout: 20_000 })
      .toBe(2);
    await expect
      .poll(() => mailsTo('member@acme.test', 'Oil sampled on site').length, { timeout: 20_000 })
      .toBe(2);
    expect(mailsTo(UNASSIGNED, 'Oil sampled on site')).toHaveLength(0);

    // Again on acknowledged events: the single-event rule, the comment is updated.
    const again = await bulk('owner', { action: 'acknowledge', fault_event_ids: [a], comment: 'Resampled' });
    expect(again.statusCode).toBe(200);
    expect((again.json() as FaultEventBulkResult).changed).toEqual([{ id: a, action: 'comment' }]);
    expect((await detail(a)).acknowledged_msg).toBe('Resampled');
  });

  it('marks events of two models done with chosen recipients, who must see every one of them', async () => {
    const [a, b] = [
      await event(seen.id, { acknowledged: true }),
      await event(unseen.id, { acknowledged: true }),
    ];
    const refused = await bulk('owner', {
      action: 'done',
      outcome: 'no_fault_found',
      fault_event_ids: [a, b],
      comment: 'Gasket replaced',
      email_to: ['member@acme.test'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/^email_to: member@acme\.test does not see this equipment/);
    expect((await detail(a)).isDone).toBe(false);

    const response = await bulk('owner', {
      action: 'done',
      outcome: 'no_fault_found',
      fault_event_ids: [a, b],
      comment: 'Gasket replaced',
      email_to: ['owner.rvs@acme.test'],
    });
    expect(response.statusCode).toBe(200);
    const result = response.json() as FaultEventBulkResult;
    expect(result.changed.map((entry) => entry.action)).toEqual(['done', 'done']);
    for (const item of result.items) {
      expect(item).toMatchObject({ isDone: true, done_msg: 'Gasket replaced' });
      expect(item.done_to_user.map((person) => person.email)).toEqual(['owner.rvs@acme.test']);
    }
    await expect
      .poll(() => mailsTo('owner.rvs@acme.test', 'Gasket replaced').length, { timeout: 20_000 })
      .toBe(2);
  });

  it('changes nothing when one event breaks a rule, and names it', async () => {
    const acknowledged = await event(seen.id, { acknowledged: true });
    const open = await event(seen.id);
    const response = await bulk('owner', {
      action: 'done',
      outcome: 'no_fault_found',
      fault_event_ids: [acknowledged, open],
      comment: 'Closing both',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      `Acknowledge the fault event before marking it done. Nothing was changed. Fault event: ${open}.`,
    );
    expect((await detail(acknowledged)).isDone).toBe(false);

    const closed = await event(seen.id, { acknowledged: true, done: true });
    const twice = await bulk('owner', {
      action: 'acknowledge',
      fault_event_ids: [open, closed],
      comment: 'x',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toContain('This fault event is already done.');
    expect((await detail(open)).isAcknowledged).toBe(false);
  });

  it('answers 404 for the whole request when one event is of equipment the caller does not see', async () => {
    const mine = await event(seen.id);
    const notMine = await event(unseen.id);
    const response = await bulk('supmem', {
      action: 'acknowledge',
      fault_event_ids: [mine, notMine],
      comment: 'Checked',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('detail');
    expect((await detail(mine)).isAcknowledged).toBe(false);
    const unknown = await bulk('owner', {
      action: 'acknowledge',
      fault_event_ids: [mine, 987654321],
      comment: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await detail(mine)).isAcknowledged).toBe(false);
    // Another company's owner sees none of them.
    expect(
      (await bulk('outsider', { action: 'acknowledge', fault_event_ids: [mine], comment: 'x' })).statusCode,
    ).toBe(404);
  });

  it('refuses a MEMBER with 403, as the single-event actions do', async () => {
    const id = await event(seen.id);
    const response = await bulk('member', { action: 'acknowledge', fault_event_ids: [id], comment: 'Seen' });
    expect(response.statusCode).toBe(403);
    expect((await detail(id)).isAcknowledged).toBe(false);
  });

  it.each([
    [{ action: 'acknowledge', fault_event_ids: [], comment: 'x' }, /fault_event_ids: choose at least one/],
    [{ action: 'close', fault_event_ids: [1], comment: 'x' }, /action/],
    [{ action: 'acknowledge', fault_event_ids: [1], comment: ' ' }, /comment: \* Messages is required/],
    [{ action: 'acknowledge', fault_event_ids: [1], comment: 'x'.repeat(1001) }, /comment: at most 1000/],
    [{ action: 'acknowledge', fault_event_ids: [1], comment: 'x', email_to: [] }, /email_to: leave it out/],
    [
      { action: 'done', fault_event_ids: Array.from({ length: 101 }, (_, i) => i + 1), comment: 'x' },
      /at most 100/,
    ],
  ])('answers 400 with a reason for bad input %#', async (body, reason) => {
    const response = await bulk('owner', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(reason);
  });
});

describe('who did what', () => {
  it('the model history log and the company audit log record acknowledge, comment updates and done with user and time', async () => {
    const id = await event(seen.id);
    const before = Date.now();
    const single = await as('supmem', 'POST', '/api/v1/fault-event/acknowledge', {
      comment_info: { fault_event_id: id, email_to: ['owner@acme.test'], comment: 'Looked at it' },
    });
    expect(single.statusCode).toBe(200);
    expect(
      (
        await bulk('owner', {
          action: 'done',
          fault_event_ids: [id],
          comment: 'Breather cleaned',
          outcome: 'planned_maintenance',
        })
      ).statusCode,
    ).toBe(200);

    const history = await as('member', 'GET', `/api/v1/fault-event/history?equipment_model_id=${seen.id}`);
    expect(history.statusCode).toBe(200);
    const mine = (history.json() as FaultEventHistory).items.filter((entry) => entry.faultEventId === id);
    expect(mine.map((entry) => [entry.action, entry.user?.email, entry.comment])).toEqual([
      ['done', 'owner@acme.test', 'Breather cleaned'],
      ['acknowledge', 'supmem@acme.test', 'Looked at it'],
    ]);
    expect(mine[1]?.recipients).toEqual(['owner@acme.test']);
    expect(mine[0]?.alarmMessage).toBe('Alarm: hydrogen high');
    for (const entry of mine) expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);
    // The other model's log holds none of it; a caller who does not see TR2 cannot read its log.
    const other = (
      await as('owner', 'GET', `/api/v1/fault-event/history?equipment_model_id=${unseen.id}`)
    ).json();
    expect((other as FaultEventHistory).items.some((entry) => entry.faultEventId === id)).toBe(false);
    expect(
      (await as('member', 'GET', `/api/v1/fault-event/history?equipment_model_id=${unseen.id}`)).statusCode,
    ).toBe(404);
    // A period that ends before the actions shows none of them.
    const earlier = await as(
      'member',
      'GET',
      `/api/v1/fault-event/history?equipment_model_id=${seen.id}&endDate=${new Date(before - 60_000).toISOString()}`,
    );
    expect((earlier.json() as FaultEventHistory).items).toEqual([]);

    const audit = await as(
      'owner',
      'GET',
      `/api/v1/companies/${tenants.companyId}/audit-log?entity=fault-event&q=${encodeURIComponent('Breather cleaned')}`,
    );
    expect(audit.statusCode).toBe(200);
    const [done] = (audit.json() as AuditPage).items;
    expect(done).toMatchObject({
      action: 'done',
      entity: 'fault-event',
      entityId: String(id),
      user: { email: 'owner@acme.test' },
      detail: {
        modelId: seen.id,
        comment: 'Breather cleaned',
        alarmMessage: 'Alarm: hydrogen high',
        bulk: 1,
        outcome: 'planned_maintenance',
        failureMode: null,
      },
    });
    const acknowledged = (
      await as('owner', 'GET', `/api/v1/companies/${tenants.companyId}/audit-log?entity=fault-event&q=Looked`)
    ).json() as AuditPage;
    expect(acknowledged.items.map((entry) => [entry.action, entry.user?.email])).toEqual([
      ['acknowledge', 'supmem@acme.test'],
    ]);
  });
});
