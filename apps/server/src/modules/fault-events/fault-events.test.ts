import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
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
import { assignEquipment, createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';

/** A real SMTP server on a loopback port: the acknowledge and done mails are what a mail server receives. */
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
let model: { id: string; code: string };
/** A MEMBER of the company who is not assigned TR1: sees nothing of it, so is mailed nothing of it. */
const UNASSIGNED = 'unassigned@acme.test';

const as = (...args: Parameters<typeof requestAs> extends [unknown, unknown, ...infer R] ? R : never) =>
  requestAs(ctx.app, cookies, ...args);

const t0 = Date.parse('2026-11-21T00:00:00Z');
const minutes = (n: number) => t0 + n * 60_000;

/** Decodes a quoted-printable / base64 mail body enough to read its text. */
function bodyOf(raw: string): string {
  const [, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(raw))
    return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8');
  return body
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
}

async function mailTo(email: string, containing: string) {
  let found: Received | undefined;
  await expect
    .poll(
      () => {
        found = inbox.find((mail) => mail.to.includes(email) && bodyOf(mail.raw).includes(containing));
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return bodyOf((found as Received).raw);
}

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
  const tag = await seedEquipment(ctx.db, tenants.companyId, 'TR1');
  await assignEquipment(ctx.db, tenants.users.member, tag);
  await assignEquipment(ctx.db, tenants.users.supmem, tag);
  model = await createModel(ctx.app, tag, 1, {
    alarm_management: { persistence_from: 3, persistence_to: 5 },
  });
  await ctx.db
    .insertInto('model_recommendations')
    .values({
      model_id: model.id,
      tag_code: 'h2',
      alarm_type: 1,
      message: 'Hydrogen rising',
      cause: 'Partial discharge',
      recommendation: 'Resample oil',
    })
    .execute();
  const unassigned = await createUser(ctx.db, { email: UNASSIGNED, name: 'Not Assigned' });
  await addMember(ctx.db, tenants.companyId, unassigned, 'member');
  await sql`INSERT INTO user_settings (user_id, realtime_fault_event, language) VALUES (${unassigned}, true, 'en')`.execute(
    ctx.db,
  );
  // The supervisor reads mail in Thai and wants every new event.
  expect((await as('supmem', 'POST', '/api/v1/fault-event/scheduler/enable?language=th')).json()).toEqual({
    enable: true,
    language: 'th',
  });
  const h2 = [40, 45, 150, 50, 160, 48, 120, 130, 140, 150, 800, 820, 850, 900];
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/measurements',
    headers: { authorization: `Bearer ${key}` },
    payload: {
      modelCode: model.code,
      points: h2.map((value, i) => ({ tag: 'h2', ts: minutes(i * 10), value })),
    },
  });
  expect(response.statusCode).toBe(200);
  // The analysis job opens the events: wait for both (expect.poll only runs inside a test).
  for (let waited = 0; waited < 20_000; waited += 200) {
    const count = (
      await as('owner', 'GET', `/api/v1/fault-event/count?equipment_model_id=${model.id}`)
    ).json();
    if (count.count === 2) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const list = async (query = 'month=0&year=0') => {
  const response = await as('owner', 'GET', `/api/v1/fault-event/${model.id}?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    new_alarm: { id: number; alarmType: number; alarmValue: number; isAcknowledged: boolean }[];
    alarm_history: { id: number }[];
  };
};
const body = (id: number, emails: string[], comment: string) => ({
  comment_info: { fault_event_id: id, email_to: emails, comment },
  data: { modelName: 'ignored', alarmValue: 1 },
});

describe('fault events', () => {
  it('lists the events the analysis opened, newest first, by month in the company zone, and counts at both paths', async () => {
    const all = await list();
    expect(all.new_alarm.map((e) => [e.alarmType, e.alarmValue])).toEqual([
      [2, 850],
      [1, 120],
    ]);
    expect(all.alarm_history).toEqual([]);
    expect((await list('month=11&year=2026')).new_alarm).toHaveLength(2);
    expect((await list('month=10&year=2026')).new_alarm).toHaveLength(0);
    const spec = await as(
      'member',
      'GET',
      `/api/v1/fault-eventfault-event-count?equipment_model_id=${model.id}`,
    );
    expect(spec.json()).toEqual({ count: 2, alarm: 1, warning: 1 });
    const bad = await as('owner', 'GET', `/api/v1/fault-event/${model.id}?month=3&year=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('year');
  });

  it('stores evidence once: value against limits, persistence, the 24 h trend; and mails it to who asked (in Thai)', async () => {
    const warning = (await list()).new_alarm.find((e) => e.alarmType === 1) as { id: number };
    const detail = (await as('member', 'GET', `/api/v1/fault-event/details/${warning.id}`)).json();
    expect(detail.evidence).toMatchObject({
      tag: 'h2',
      value: 120,
      warningLimit: 100,
      alarmLimit: 700,
      persistence: { x: 3, y: 5 },
      failureMode: 'Partial discharge',
      recommendation: 'Resample oil',
    });
    // 20 % past the warning limit of 100; the trend holds the 7 samples up to the event (minute 60).
    expect(detail.evidence.exceedPercent).toBeCloseTo(20, 9);
    expect(detail.evidence.trend.map((p: [number, number]) => p[1])).toEqual([40, 45, 150, 50, 160, 48, 120]);
    // Editing the limits later does not rewrite it.
    const again = (await as('owner', 'GET', `/api/v1/fault-event/details/${warning.id}`)).json();
    expect(again.evidence.capturedAt).toBe(detail.evidence.capturedAt);
    const mail = await mailTo('supmem@acme.test', 'Hydrogen rising');
    // Issue 23 item 10: the member who turned the switch on but does not see TR1 gets no mail of its events.
    const queued = await ctx.db.selectFrom('mail_outbox').select('recipient').execute();
    expect(queued.map((row) => row.recipient)).toContain('supmem@acme.test');
    expect(queued.map((row) => row.recipient)).not.toContain(UNASSIGNED);
    expect(inbox.some((received) => received.to.includes(UNASSIGNED))).toBe(false);
    expect(mail).toContain('สถานะรวม');
    expect(mail).toContain('120.00');
    expect(mail).toContain('3 / 5');
  });

  it('refuses bad input with a clear detail and changes nothing', async () => {
    const alarm = (await list()).new_alarm[0] as { id: number };
    const early = await as(
      'owner',
      'POST',
      '/api/v1/fault-event/done',
      body(alarm.id, ['supmem@acme.test'], 'x'),
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('Acknowledge the fault event before marking it done.');
    const outside = await as(
      'owner',
      'POST',
      '/api/v1/fault-event/acknowledge',
      body(alarm.id, ['outsider@other.test'], 'x'),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().detail).toBe('email_to: outsider@other.test is not a member of this company.');
    const unseen = await as(
      'owner',
      'POST',
      '/api/v1/fault-event/acknowledge',
      body(alarm.id, [UNASSIGNED], 'x'),
    );
    expect(unseen.statusCode).toBe(400);
    expect(unseen.json().detail).toBe(
      `email_to: ${UNASSIGNED} does not see this equipment, so cannot be mailed about it.`,
    );
    const long = await as(
      'owner',
      'POST',
      '/api/v1/fault-event/acknowledge',
      body(alarm.id, ['supmem@acme.test'], 'x'.repeat(1001)),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toContain('comment');
    const empty = await as('owner', 'POST', '/api/v1/fault-event/acknowledge', body(alarm.id, [], 'x'));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain('* User is required');
    const member = await as(
      'member',
      'POST',
      '/api/v1/fault-event/acknowledge',
      body(alarm.id, ['owner@acme.test'], 'x'),
    );
    expect(member.statusCode).toBe(403);
    const other = await as(
      'outsider',
      'POST',
      '/api/v1/fault-event/acknowledge',
      body(alarm.id, ['outsider@other.test'], 'x'),
    );
    expect(other.statusCode).toBe(404);
    expect((await list()).new_alarm.every((e) => !e.isAcknowledged)).toBe(true);
  });

  it('runs new → acknowledged → done, mails the chosen members, and the history shows who and when', async () => {
    const alarm = (await list()).new_alarm[0] as { id: number };
    const acked = await as(
      'supmem',
      'POST',
      '/api/v1/fault-event/acknowledge?equipment_id=TR1',
      body(alarm.id, ['owner@acme.test', 'member@acme.test'], 'Oil sample taken'),
    );
    expect(acked.statusCode).toBe(200);
    expect(acked.json()).toMatchObject({
      isAcknowledged: true,
      isDone: false,
      acknowledged_msg: 'Oil sample taken',
      acknowledged_by_user: { email: 'supmem@acme.test' },
    });
    expect(acked.json().acknowledged_to_user.map((p: { email: string }) => p.email)).toEqual([
      'member@acme.test',
      'owner@acme.test',
    ]);
    const ackMail = await mailTo('member@acme.test', 'Oil sample taken');
    expect(ackMail).toContain('Acknowledged by');
    expect(ackMail).toContain('Alarm value: 850.00');
    expect(ackMail).toContain('Warning limit: 100.00');
    expect(ackMail).toContain('http://portal.test/model/');

    const update = await as('owner', 'PATCH', '/api/v1/fault-event/comment', {
      ...body(alarm.id, ['member@acme.test'], 'Lab says acetylene low'),
      comment_type: 1,
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().acknowledged_msg).toBe('Lab says acetylene low');
    await mailTo('member@acme.test', 'Lab says acetylene low');

    // Issue 23 item 13: a typed address reaches the mailbox defanged, whatever its domain; the comment is stored as typed.
    const typed = 'Results: https://lab-results.ru/tx1 or www.oil-lab.example';
    const linked = await as('owner', 'PATCH', '/api/v1/fault-event/comment', {
      ...body(alarm.id, ['member@acme.test'], typed),
      comment_type: 1,
    });
    expect(linked.json().acknowledged_msg).toBe(typed);
    const defanged = await mailTo('member@acme.test', 'lab-results');
    expect(defanged).toContain('Results: https[:]//lab-results[.]ru/tx1 or www[.]oil-lab[.]example');
    expect(defanged).not.toContain('lab-results.ru');
    expect(defanged).toContain('http://portal.test/model/');
    await as('owner', 'PATCH', '/api/v1/fault-event/comment', {
      ...body(alarm.id, ['member@acme.test'], 'Lab says acetylene low'),
      comment_type: 1,
    });

    // H2 is still at 900 (over its 700 alarm limit): Done says so first (409 condition-holds) and closes once
    // confirmed; the next evaluation would open a new event (fault-events-lifecycle.test.ts).
    const holding = await as('ownerRvs', 'POST', '/api/v1/fault-event/done', {
      ...body(alarm.id, ['owner@acme.test'], 'Degassed and refilled'),
      outcome: 'planned_maintenance',
    });
    expect(holding.statusCode).toBe(409);
    expect(holding.json().code).toBe('condition-holds');
    const done = await as('ownerRvs', 'POST', '/api/v1/fault-event/done', {
      ...body(alarm.id, ['owner@acme.test'], 'Degassed and refilled'),
      outcome: 'planned_maintenance',
      confirm_still_active: true,
    });
    expect(done.statusCode).toBe(200);
    await mailTo('owner@acme.test', 'Degassed and refilled');
    const second = await as('owner', 'POST', '/api/v1/fault-event/done', {
      ...body(alarm.id, ['member@acme.test'], 'again'),
      outcome: 'other',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe('This fault event is already done.');

    const after = await list();
    expect(after.new_alarm.map((e) => e.id)).not.toContain(alarm.id);
    const history = (await as('member', 'GET', `/api/v1/fault-event/details/${alarm.id}`)).json();
    expect(history).toMatchObject({
      isDone: true,
      acknowledged_by_user: { email: 'owner@acme.test' },
      acknowledged_msg: 'Lab says acetylene low',
      done_by_user: { email: 'owner.rvs@acme.test' },
      done_msg: 'Degassed and refilled',
      done_to_user: [{ email: 'owner@acme.test' }],
    });
    expect(Date.parse(history.acknowledgedAt)).toBeLessThanOrEqual(Date.parse(history.doneAt));
    expect(
      (await as('owner', 'GET', `/api/v1/fault-event/count?equipment_model_id=${model.id}`)).json(),
    ).toEqual({
      count: 1,
      alarm: 0,
      warning: 1,
    });
  });

  it('lists the company alarms by status, acknowledgement and model type, and downloads the model workbook', async () => {
    const open = (await as('member', 'GET', `/api/v1/fault-events?company_id=${tenants.companyId}`)).json();
    expect(open.items.map((e: { alarmType: number }) => e.alarmType)).toEqual([1]);
    expect(open.items[0]).toMatchObject({ modelCode: model.code, modelTypeId: 1, equipmentTagName: 'TR1' });
    const done = (
      await as('owner', 'GET', `/api/v1/fault-events?company_id=${tenants.companyId}&status=done`)
    ).json();
    expect(done.total).toBe(1);
    const acked = (
      await as('owner', 'GET', `/api/v1/fault-events?company_id=${tenants.companyId}&acknowledged=yes`)
    ).json();
    expect(acked.total).toBe(0);
    const vca = (
      await as('owner', 'GET', `/api/v1/fault-events?company_id=${tenants.companyId}&model_type_id=3`)
    ).json();
    expect(vca.total).toBe(0);
    const other = await as('outsider', 'GET', `/api/v1/fault-events?company_id=${tenants.companyId}`);
    expect(other.statusCode).toBe(404);
    const file = await as('member', 'GET', `/api/v1/fault-event/export?model_id=${model.id}`);
    expect(file.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'New Fault Event Alarm',
      'Fault Event Alarm History',
      'Alarm Precision',
    ]);
    expect(workbook.getWorksheet('Fault Event Alarm History')?.getRow(2).getCell(18).value).toBe(
      'owner@acme.test',
    );
  });

  it.each([
    ['admin', 200],
    ['owner', 200],
    ['ownerRvs', 200],
    ['supmem', 200],
    ['member', 403],
    ['outsider', 404],
    [null, 401],
  ] as const)(
    'GET /fault-event/members as %s answers %i: only the members who see the model (issue 23 item 16)',
    async (who, status) => {
      const response = await as(who, 'GET', `/api/v1/fault-event/members?equipment_model_id=${model.id}`);
      expect(response.statusCode).toBe(status);
      if (status !== 200) {
        expect(response.json()).toEqual({ detail: expect.any(String) });
        return;
      }
      expect(
        response
          .json()
          .items.map((m: { email: string }) => m.email)
          .sort(),
      ).toEqual(['member@acme.test', 'owner.rvs@acme.test', 'owner@acme.test', 'supmem@acme.test']);
    },
  );

  it("keeps each user's 'Real time fault event' switch", async () => {
    expect((await as('owner', 'GET', '/api/v1/fault-event/scheduler/status')).json()).toEqual({
      enable: false,
      language: 'en',
    });
    expect((await as('supmem', 'DELETE', '/api/v1/fault-event/scheduler/disable')).json()).toEqual({
      enable: false,
      language: 'th',
    });
    expect((await as(null, 'GET', '/api/v1/fault-event/scheduler/status')).statusCode).toBe(401);
  });

  it("turns the switch on only by a same-site POST: a link or another site's form changes nothing (issue 23 item 12)", async () => {
    const status = async () => (await as('owner', 'GET', '/api/v1/fault-event/scheduler/status')).json();
    expect(await status()).toMatchObject({ enable: false });
    const link = await as('owner', 'GET', '/api/v1/fault-event/scheduler/enable?language=en');
    expect(link.statusCode).toBe(404);
    expect(link.json()).toEqual({ detail: expect.any(String) });
    // What a form on another site sends: no CSRF header, a form content type, the browser's Origin.
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/fault-event/scheduler/enable?language=en',
      headers: {
        cookie: cookies.owner,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ detail: 'Cross-site requests are refused.' });
    expect(await status()).toMatchObject({ enable: false });
    const own = await as('owner', 'POST', '/api/v1/fault-event/scheduler/enable?language=en');
    expect(own.statusCode).toBe(200);
    expect(await status()).toEqual({ enable: true, language: 'en' });
    await as('owner', 'DELETE', '/api/v1/fault-event/scheduler/disable');
  });

  it('pages both lists on the server, filters by alarm type, and gives totals and open counts for the chips', async () => {
    const tag = await seedEquipment(ctx.db, tenants.companyId, 'TRP');
    const paged = await createModel(ctx.app, tag, 1);
    // 23 events an hour apart, newest first by id: 12 open (8 alarms, 4 warnings), 11 done (5 alarms, 6 warnings).
    await sql`INSERT INTO fault_events (company_id, model_id, tag, event_date, alarm_type, alarm_message,
        alarm_value, warning_limit, alarm_limit, sensor_id, cause, recommendation, is_acknowledged, acknowledged_at,
        done_at)
      SELECT ${tenants.companyId}, ${paged.id}, 'h2', ${new Date(t0).toISOString()}::timestamptz - g * interval '1 hour',
        CASE WHEN g < 12 THEN (CASE WHEN g % 5 < 3 THEN 2 ELSE 1 END) ELSE 1 + g % 2 END,
        'event ' || g, 100 + g, 100, 150, 'S1', '', '', g >= 12,
        CASE WHEN g >= 12 THEN now() END, CASE WHEN g >= 12 THEN now() END
      FROM generate_series(0, 22) g`.execute(ctx.db);
    type Listed = {
      new_alarm: { alarmMessage: string; alarmType: number }[];
      alarm_history: { alarmMessage: string; alarmType: number }[];
      new_total: number;
      history_total: number;
      open_counts: { all: number; alarm: number; warning: number };
    };
    const get = async (query: string) => {
      const response = await as('owner', 'GET', `/api/v1/fault-event/${paged.id}?month=0&year=0&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Listed;
    };
    const names = (events: { alarmMessage: string }[]) => events.map((event) => event.alarmMessage);
    const range = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `event ${from + i}`);

    // Without page_size, every event as the spec has it, with the totals too.
    const all = await get('');
    expect(names(all.new_alarm)).toEqual(range(0, 12));
    expect(names(all.alarm_history)).toEqual(range(12, 23));
    expect([all.new_total, all.history_total]).toEqual([12, 11]);
    expect(all.open_counts).toEqual({ all: 12, alarm: 8, warning: 4 });

    const first = await get('page_size=5');
    expect(names(first.new_alarm)).toEqual(range(0, 5));
    expect(names(first.alarm_history)).toEqual(range(12, 17));
    expect([first.new_total, first.history_total]).toEqual([12, 11]);
    const last = await get('page_size=5&new_page=2&history_page=2');
    expect(names(last.new_alarm)).toEqual(range(10, 12));
    expect(names(last.alarm_history)).toEqual(['event 22']);
    expect(names((await get('page_size=5&history_page_size=10&history_page=1')).alarm_history)).toEqual(
      range(22, 23),
    );
    expect(names((await get('page_size=-1')).alarm_history)).toHaveLength(11);
    // Past the end: empty pages, the totals say where the end is.
    expect((await get('page_size=15&new_page=3')).new_alarm).toEqual([]);

    // The chips: only alarms in both lists; the open counts stay those of every type.
    const alarms = await get('page_size=5&alarm_type=2');
    expect(alarms.new_alarm.every((event) => event.alarmType === 2)).toBe(true);
    expect(alarms.alarm_history.every((event) => event.alarmType === 2)).toBe(true);
    expect([alarms.new_total, alarms.history_total]).toEqual([8, 5]);
    expect(alarms.open_counts).toEqual({ all: 12, alarm: 8, warning: 4 });
    expect((await get('alarm_type=1')).new_total).toBe(4);

    for (const bad of ['page_size=7', 'page_size=0', 'history_page_size=20', 'new_page=-1', 'alarm_type=3']) {
      const refused = await as('owner', 'GET', `/api/v1/fault-event/${paged.id}?month=0&year=0&${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().detail, bad).toContain(bad.split('=')[0]);
    }
  });
});
