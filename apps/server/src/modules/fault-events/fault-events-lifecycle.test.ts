import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
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
 * The fault-event lifecycle (issue 26 items 1, 6, 7): repeats count on the open event, Done on a condition that still
 * holds warns first and is continued by a linked event, 'In alarm since' from the status history, escalation of
 * unacknowledged events by mail (read back from a real SMTP server) and in the history log, mail preferences.
 */
interface Received {
  to: string[];
  raw: string;
}
const inbox: Received[] = [];
let smtp: SMTPServer;
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
let key: string;
let tr1: { id: string; code: string };
let tr2: { id: string; code: string };

const as = (...args: Parameters<typeof requestAs> extends [unknown, unknown, ...infer R] ? R : never) =>
  requestAs(ctx.app, cookies, ...args);

const t0 = Date.parse('2026-11-21T00:00:00Z');
const minutes = (n: number) => t0 + n * 60_000;
let clock = 0;

function bodyOf(raw: string): string {
  const [, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(raw))
    return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8');
  return body
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
}
const mailsTo = (email: string, containing: string) =>
  inbox.filter((mail) => mail.to.includes(email) && bodyOf(mail.raw).includes(containing));

async function waitFor(check: () => Promise<boolean> | boolean, timeout = 20_000) {
  for (let waited = 0; waited < timeout; waited += 200) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timed out');
}

/** Sends h2 values ten minutes apart after the last ones sent, and waits until the analysis took them all. */
async function send(model: { id: string; code: string }, values: number[]) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/measurements',
    headers: { authorization: `Bearer ${key}` },
    payload: {
      modelCode: model.code,
      points: values.map((value, i) => ({ tag: 'h2', ts: minutes(clock + 10 * (i + 1)), value })),
    },
  });
  expect(response.statusCode).toBe(200);
  clock += 10 * values.length;
  await waitFor(async () => {
    const { rows } = await sql<{ queued: number }>`SELECT count(*)::int AS queued FROM measurement_arrivals a
      JOIN series s ON s.id = a.series_id WHERE s.model_id = ${model.id}`.execute(ctx.db);
    return rows[0]?.queued === 0;
  });
}

interface Listed {
  id: number;
  alarmType: number;
  isAcknowledged: boolean;
  occurrences: number;
  lastValue: number | null;
  lastAt: string | null;
  reopenedFrom: number | null;
  escalationStage: number;
  stillActive: { value: number; limit: number | null; unit: string; above: boolean } | null;
}
const list = async (model: { id: string }) => {
  const response = await as('owner', 'GET', `/api/v1/fault-event/${model.id}?month=0&year=0`);
  expect(response.statusCode).toBe(200);
  return response.json() as { new_alarm: Listed[]; alarm_history: Listed[] };
};
const comment = (id: number, text: string) => ({
  comment_info: { fault_event_id: id, email_to: ['supmem@acme.test'], comment: text },
});
/** Done says what was found (helper field `outcome`); `extra` adds the confirmation. */
const done = (id: number, text: string, extra: object = {}) => ({
  ...comment(id, text),
  outcome: 'fault_confirmed',
  failure_mode: 'other',
  ...extra,
});

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  ctx = await createTestContext(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://portal.test' },
    { workers: true },
  );
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  key = await createIngestKey(ctx.app, tenants.companyId);
  const tag1 = await seedEquipment(ctx.db, tenants.companyId, 'TR1');
  const tag2 = await seedEquipment(ctx.db, tenants.companyId, 'TR2');
  await assignEquipment(ctx.db, tenants.users.member, tag1, tag2);
  await assignEquipment(ctx.db, tenants.users.supmem, tag1, tag2);
  const persistence = { alarm_management: { persistence_from: 3, persistence_to: 5 } };
  tr1 = await createModel(ctx.app, tag1, 1, persistence);
  tr2 = await createModel(ctx.app, tag2, 1, persistence);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('repeats and closing (issue 26 items 1 and 6)', () => {
  it('counts a new crossing on the open event of its tag and level instead of opening another', async () => {
    await send(tr1, [150, 150, 150]);
    const [opened] = (await list(tr1)).new_alarm;
    expect(opened).toMatchObject({ alarmType: 1, occurrences: 1, lastValue: null });
    // Back to normal, then over the warning limit again: the same event, counted twice.
    await send(tr1, [40, 40, 40, 40, 40]);
    await send(tr1, [160, 170, 180]);
    const events = (await list(tr1)).new_alarm;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: opened?.id, alarmType: 1, occurrences: 2 });
    expect(events[0]?.lastValue).toBe(180);
    expect(events[0]?.lastAt).toBe(new Date(minutes(clock)).toISOString());
  });

  it('warns before Done while the condition still holds, and the next evaluation opens an event linked to the closed one', async () => {
    await send(tr1, [900, 900, 900]);
    const alarm = (await list(tr1)).new_alarm.find((event) => event.alarmType === 2) as Listed;
    expect(alarm.stillActive).toMatchObject({ value: 900, limit: 700, above: true });
    expect(
      (await as('owner', 'POST', '/api/v1/fault-event/acknowledge', comment(alarm.id, 'Seen'))).statusCode,
    ).toBe(200);
    const warned = await as('owner', 'POST', '/api/v1/fault-event/done', done(alarm.id, 'Replaced'));
    expect(warned.statusCode).toBe(409);
    expect(warned.json().code).toBe('condition-holds');
    expect(warned.json().detail).toContain(`Fault event ${alarm.id} is still above its limit: 900 > 700`);
    expect(warned.json().detail).toContain(
      'a new event opens at the next evaluation unless the limit or the machine changes',
    );
    // Nothing changed.
    expect((await list(tr1)).new_alarm.map((event) => event.id)).toContain(alarm.id);

    const confirmed = await as(
      'owner',
      'POST',
      '/api/v1/fault-event/done',
      done(alarm.id, 'Replaced', { confirm_still_active: true }),
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().isDone).toBe(true);

    // The machine did not change: the next evaluation opens a new alarm event that names the closed one.
    await send(tr1, [910]);
    const after = await list(tr1);
    const reopened = after.new_alarm.find((event) => event.alarmType === 2) as Listed;
    expect(reopened.id).not.toBe(alarm.id);
    expect(reopened.reopenedFrom).toBe(alarm.id);
    expect(after.alarm_history.map((event) => event.id)).toEqual([alarm.id]);
    const detail = (await as('member', 'GET', `/api/v1/fault-event/details/${reopened.id}`)).json();
    expect(detail.reopenedFrom).toBe(alarm.id);
  });

  it('keeps a model in alarm with an open event, and dates "in alarm since" from the status history', async () => {
    const rows = (
      await as('owner', 'GET', `/api/v1/model_summary/overall_status?company_id=${tenants.companyId}`)
    ).json() as { model_id: string; status: number; alarmSince: string | null }[];
    const row = rows.find((r) => r.model_id === tr1.id);
    expect(row?.status).toBe(2);
    const count = (await as('owner', 'GET', `/api/v1/fault-event/count?equipment_model_id=${tr1.id}`)).json();
    expect(count.alarm).toBeGreaterThanOrEqual(1);
    // The third 900 (3 of 5) raised the alarm; the event closed since then does not move it.
    expect(row?.alarmSince).toBe(new Date(minutes(clock - 10)).toISOString());
  });

  it('refuses Done of several still-active events from the list unless confirmed, all or nothing', async () => {
    const open = (await list(tr1)).new_alarm;
    const ids = open.map((event) => event.id);
    const ack = await as('owner', 'POST', '/api/v1/fault-event/bulk', {
      action: 'acknowledge',
      fault_event_ids: ids,
      comment: 'On it',
    });
    expect(ack.statusCode).toBe(200);
    const refused = await as('owner', 'POST', '/api/v1/fault-event/bulk', {
      action: 'done',
      fault_event_ids: ids,
      comment: 'Closed',
      outcome: 'other',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('condition-holds');
    for (const id of ids) expect(refused.json().detail).toContain(`Fault event ${id} is still above`);
    expect((await list(tr1)).new_alarm.map((event) => event.id).sort()).toEqual([...ids].sort());
  });
});

describe('escalation (issue 26 items 6 and 7)', () => {
  let eventId: number;
  const MESSAGE = 'Escalation probe: hydrogen';

  beforeAll(async () => {
    const { rows } = await sql<{
      id: string;
    }>`INSERT INTO fault_events (company_id, model_id, tag, event_date,
        alarm_type, alarm_message, alarm_value, warning_limit, alarm_limit, sensor_id, escalation_watched_from)
      VALUES (${tenants.companyId}, ${tr2.id}, 'h2', now() - interval '90 minutes', 2, ${MESSAGE}, 800, 100, 700,
        'h2', now() - interval '90 minutes') RETURNING id`.execute(ctx.db);
    eventId = Number(rows[0]?.id);
  });

  it('lets owners set the times, members read them, and refuses bad values and other companies', async () => {
    const url = `/api/v1/fault-event/escalation-policy?company_id=${tenants.companyId}`;
    expect((await as('member', 'GET', url)).json()).toEqual({ alarmMinutes: 240, warningMinutes: 1440 });
    expect((await as('member', 'PUT', url, { alarmMinutes: 60, warningMinutes: 600 })).statusCode).toBe(403);
    expect((await as('supmem', 'PUT', url, { alarmMinutes: 60, warningMinutes: 600 })).statusCode).toBe(403);
    expect((await as('outsider', 'GET', url)).statusCode).toBeGreaterThanOrEqual(403);
    const bad = await as('owner', 'PUT', url, { alarmMinutes: 1, warningMinutes: 600 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('alarmMinutes: at least 5');
    const set = await as('owner', 'PUT', url, { alarmMinutes: 60, warningMinutes: 43200 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ alarmMinutes: 60, warningMinutes: 43200 });
  });

  it('reminds the assignees after the time, then the owners after twice the time, once each, and records both', async () => {
    // Stored when it was raised, 90 minutes ago, with a 60-minute time: its reminder is due (the API says so).
    const before = (await as('owner', 'GET', `/api/v1/fault-event/details/${eventId}`)).json();
    expect(before.escalation.state).toBe('pending');
    expect(Date.parse(before.escalation.firstReminderAt)).toBe(Date.parse(before.eventDate) + 60 * 60_000);
    await ctx.services.faultEvents.escalate();
    await waitFor(() => mailsTo('member@acme.test', MESSAGE).length > 0);
    await waitFor(() => mailsTo('supmem@acme.test', MESSAGE).length > 0);
    const reminder = bodyOf((mailsTo('member@acme.test', MESSAGE)[0] as Received).raw);
    expect(reminder).toContain('Nobody has acknowledged this event within 1 h.');
    expect(mailsTo('owner@acme.test', MESSAGE)).toHaveLength(0);
    const sent = (await as('owner', 'GET', `/api/v1/fault-event/details/${eventId}`)).json();
    expect(sent.escalationStage).toBe(1);
    expect(sent.escalation.state).toBe('reminded');

    // Once per stage: a second run sends nothing more.
    await ctx.services.faultEvents.escalate();
    await sql`UPDATE fault_events SET event_date = now() - interval '130 minutes' WHERE id = ${eventId}`.execute(
      ctx.db,
    );
    await ctx.services.faultEvents.escalate();
    await waitFor(() => mailsTo('owner@acme.test', MESSAGE).length > 0);
    await waitFor(() => mailsTo('owner.rvs@acme.test', MESSAGE).length > 0);
    expect(bodyOf((mailsTo('owner@acme.test', MESSAGE)[0] as Received).raw)).toContain('within 2 h.');
    await ctx.services.faultEvents.escalate();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo('member@acme.test', MESSAGE)).toHaveLength(1);
    expect(mailsTo('owner@acme.test', MESSAGE)).toHaveLength(1);

    // The model's history log (whoever sees it) and the company audit log name both steps.
    const history = (
      await as('member', 'GET', `/api/v1/fault-event/history?equipment_model_id=${tr2.id}`)
    ).json() as { items: { action: string; faultEventId: number; user: unknown; recipients: string[] }[] };
    const steps = history.items.filter((item) => item.faultEventId === eventId && item.action === 'escalate');
    expect(steps).toHaveLength(2);
    expect(steps.map((step) => step.user)).toEqual([null, null]);
    expect(steps[1]?.recipients.sort()).toEqual(['member@acme.test', 'supmem@acme.test']);
    expect(steps[0]?.recipients).toContain('owner@acme.test');
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('entity', '=', 'fault-event')
      .where('entity_id', '=', String(eventId))
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['escalate', 'escalate']);
  });

  it('never reminds about an event already past its reminder time when the server first had it (history, late data)', async () => {
    // Stored now with a date three days back (the demo's history, a gateway's backfill): the reminder time had
    // passed before anyone could act on it, so no mail goes out, now or later; one raised since is reminded.
    const late = 'Escalation probe: history';
    const { rows } = await sql<{
      id: string;
    }>`INSERT INTO fault_events (company_id, model_id, tag, event_date,
        alarm_type, alarm_message, alarm_value, warning_limit, alarm_limit, sensor_id)
      VALUES (${tenants.companyId}, ${tr2.id}, 'h2', now() - interval '3 days', 2, ${late}, 800, 100, 700, 'h2'),
        (${tenants.companyId}, ${tr2.id}, 'h2', now() - interval '3 days', 1, ${late}, 300, 100, 700, 'h2')
      RETURNING id`.execute(ctx.db);
    const recent = 'Escalation probe: raised since';
    // Stored 30 minutes after it was raised, within its 60-minute time: reminded when that time is over.
    const raised = await sql<{ id: string }>`INSERT INTO fault_events (company_id, model_id, tag, event_date,
        alarm_type, alarm_message, alarm_value, warning_limit, alarm_limit, sensor_id, escalation_watched_from)
      VALUES (${tenants.companyId}, ${tr2.id}, 'h2', now() - interval '61 minutes', 2, ${recent}, 800, 100, 700,
        'h2', now() - interval '31 minutes') RETURNING id`.execute(ctx.db);
    await ctx.services.faultEvents.escalate();
    await waitFor(() => mailsTo('member@acme.test', recent).length > 0);
    await ctx.services.faultEvents.escalate();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inbox.filter((mail) => bodyOf(mail.raw).includes(late))).toHaveLength(0);
    for (const { id } of rows) {
      const detail = (await as('owner', 'GET', `/api/v1/fault-event/details/${id}`)).json();
      expect(detail.escalationStage).toBe(0);
    }
    // The API says why: the alarm's reminder time (its date + 60 min) had passed when it was stored. The warning's
    // (its date + 30 days, the company's warning time) is still ahead: it will be reminded then.
    const listed = (await as('owner', 'GET', `/api/v1/fault-event/${tr2.id}?month=0&year=0`)).json() as {
      new_alarm: { id: number; eventDate: string; escalation: { state: string; firstReminderAt: string } }[];
    };
    const [alarmLate, warningLate] = rows.map(({ id }) =>
      listed.new_alarm.find((event) => event.id === Number(id)),
    );
    expect(alarmLate?.escalation.state).toBe('not_reminded_late');
    expect(Date.parse(alarmLate?.escalation.firstReminderAt ?? '')).toBe(
      Date.parse(alarmLate?.eventDate ?? '') + 60 * 60_000,
    );
    expect(warningLate?.escalation.state).toBe('pending');
    expect(Date.parse(warningLate?.escalation.firstReminderAt ?? '')).toBe(
      Date.parse(warningLate?.eventDate ?? '') + 43_200 * 60_000,
    );
    const { items } = (
      await as('owner', 'GET', `/api/v1/fault-events?company_id=${tenants.companyId}&status=open`)
    ).json() as { items: { id: number; escalation: { state: string } }[] };
    expect(items.find((event) => event.id === alarmLate?.id)?.escalation.state).toBe('not_reminded_late');
    const reminded = (await as('owner', 'GET', `/api/v1/fault-event/details/${raised.rows[0]?.id}`)).json();
    expect(reminded.escalationStage).toBe(1);
    await sql`DELETE FROM fault_events WHERE alarm_message IN (${late}, ${recent})`.execute(ctx.db);
  });

  it('does not escalate an acknowledged event', async () => {
    const { rows } = await sql<{
      id: string;
    }>`INSERT INTO fault_events (company_id, model_id, tag, event_date,
        alarm_type, alarm_message, alarm_value, warning_limit, alarm_limit, sensor_id, is_acknowledged, acknowledged_at)
      VALUES (${tenants.companyId}, ${tr2.id}, 'h2', now() - interval '5 hours', 2, 'Acknowledged probe', 800, 100,
        700, 'h2', true, now()) RETURNING id`.execute(ctx.db);
    await ctx.services.faultEvents.escalate();
    const detail = (await as('owner', 'GET', `/api/v1/fault-event/details/${rows[0]?.id}`)).json();
    expect(detail.escalationStage).toBe(0);
    expect(detail.escalation.state).toBe('acknowledged');
  });
});

describe('mail preferences (issue 26 item 6)', () => {
  const url = '/api/v1/fault-event/scheduler/preferences';

  it('answers the defaults, refuses bad input with a detail, and keeps what each person chose', async () => {
    expect((await as('member', 'GET', url)).json()).toEqual({
      warning: true,
      alarm: true,
      models: 'all',
      quietFrom: null,
      quietTo: null,
    });
    const badTime = await as('member', 'PUT', url, {
      warning: true,
      alarm: true,
      models: 'all',
      quietFrom: '25:00',
      quietTo: '06:00',
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().detail).toContain('quiet period: a time HH:MM');
    const half = await as('member', 'PUT', url, {
      warning: true,
      alarm: true,
      models: 'all',
      quietFrom: '22:00',
      quietTo: null,
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().detail).toContain('give both its start and its end');
    expect((await as(null, 'GET', url)).statusCode).toBe(401);
  });

  it('mails a new event at once only to those whose levels, models and quiet period take it', async () => {
    // Everyone turns the switch on; then each narrows it.
    for (const who of ['owner', 'ownerRvs', 'supmem', 'member'] as const)
      expect((await as(who, 'POST', '/api/v1/fault-event/scheduler/enable?language=en')).statusCode).toBe(
        200,
      );
    const bangkokHour = (Math.floor(Date.now() / 3_600_000) + 7) % 24;
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const put = (who: Tenant, body: object) =>
      as(who, 'PUT', url, {
        warning: true,
        alarm: true,
        models: 'all',
        quietFrom: null,
        quietTo: null,
        ...body,
      });
    expect((await put('supmem', { warning: false })).json().warning).toBe(false);
    expect((await put('ownerRvs', { models: 'assigned' })).statusCode).toBe(200);
    expect(
      (await put('owner', { quietFrom: hh(bangkokHour - 1), quietTo: hh(bangkokHour + 1) })).json().quietFrom,
    ).toBe(hh(bangkokHour - 1));
    // A warning on TR2 (assigned to member and supmem only).
    await send(tr2, [150, 150, 150]);
    const warning = (await list(tr2)).new_alarm.find((event) => event.alarmType === 1) as Listed;
    const link = `?event=${warning.id}`;
    const isNew = (mail: Received) => bodyOf(mail.raw).includes(link) && !bodyOf(mail.raw).includes('Nobody');
    await waitFor(() => inbox.some((mail) => mail.to.includes('member@acme.test') && isNew(mail)));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const fresh = inbox.filter(isNew);
    const to = fresh.flatMap((mail) => mail.to);
    expect(to).toContain('member@acme.test');
    expect(to).not.toContain('supmem@acme.test');
    expect(to).not.toContain('owner.rvs@acme.test');
    expect(to).not.toContain('owner@acme.test');
  });
});
