import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  createTestContext,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../../test/harness.ts';
import { assignEquipment, createModel, seedEquipment } from '../../../test/plant.ts';
import { createEmailSchedulesRepository } from './email-schedules.repository.ts';
import { createEmailSchedulesService } from './email-schedules.service.ts';

/** Equipment e-mail notification (spec 01 §2, §4, §5; issue 16 item 1) against a real database and pg-boss. */
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
let tagId: string;
let otherTagId: string;
let modelId: string;

const call = (who: Tenant, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...CSRF, cookie: cookies[who] },
    ...(body ? { payload: body } : {}),
  });

const payload = (overrides: Record<string, unknown> = {}) => ({
  companies_id: tenants.companyId,
  equipment_tag_id: tagId,
  is_daily: true,
  is_daily_warning: true,
  is_daily_alarm: true,
  daily_start_time: ['08:00:00', 'Asia/Bangkok'],
  is_weekly: true,
  is_weekly_warning: false,
  is_weekly_alarm: true,
  weekly_start_time: ['09:30', 'America/New_York'],
  weekly_day: 1,
  is_monthly: false,
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'http://portal.test' });
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  tagId = await seedEquipment(ctx.db, tenants.companyId, 'P102');
  otherTagId = await seedEquipment(ctx.db, tenants.otherCompanyId, 'X1');
  modelId = (await createModel(ctx.app, tagId, 2)).id;
  await assignEquipment(ctx.db, tenants.users.member, tagId);
  await assignEquipment(ctx.db, tenants.users.supmem, tagId);
}, 60_000);
afterAll(() => ctx.close());

const keyed = async () =>
  (await ctx.jobs.keyedSchedules('email-schedule')).sort((a, b) => a.key.localeCompare(b.key));

describe('the schedules API', () => {
  it('creates one schedule and one cron job per active period, in its zone; an update keeps one each', async () => {
    const created = await call('owner', 'POST', '/api/v1/email_task_scheduler/scheduler', payload());
    expect(created.statusCode, created.body).toBe(201);
    const items = created.json().items as {
      id: string;
      type: string;
      start_time: string;
      day: number | null;
    }[];
    expect(items.map((i) => [i.type, i.start_time, i.day])).toEqual([
      ['daily', '08:00:00', null],
      ['weekly', '09:30:00', 1],
    ]);
    const daily = items.find((i) => i.type === 'daily')?.id as string;
    expect(await keyed()).toEqual(
      [
        { key: daily, cron: '0 8 * * *', tz: 'Asia/Bangkok' },
        { key: items.find((i) => i.type === 'weekly')?.id, cron: '30 9 * * 1', tz: 'America/New_York' },
      ].sort((a, b) => String(a.key).localeCompare(String(b.key))),
    );

    const updated = await call(
      'owner',
      'PUT',
      '/api/v1/email_task_scheduler/scheduler',
      payload({ daily_start_time: ['06:30', 'Asia/Bangkok'] }),
    );
    expect(updated.statusCode).toBe(200);
    const after = await keyed();
    expect(after).toHaveLength(2);
    expect(after.find((s) => s.key === daily)?.cron).toBe('30 6 * * *');
    const listed = await call('member', 'GET', `/api/v1/email_task_scheduler/scheduler/${tagId}`);
    expect(listed.statusCode).toBe(403);
    expect(
      (await call('owner', 'GET', `/api/v1/email_task_scheduler/scheduler/${tagId}`)).json().items,
    ).toHaveLength(2);
  });

  it('refuses bad input with a detail and stores nothing', async () => {
    const before = await ctx.db.selectFrom('email_schedules').selectAll().orderBy('id').execute();
    const bad = [
      payload({ is_daily_warning: false, is_daily_alarm: false }),
      payload({ weekly_day: null }),
      payload({ weekly_day: 8 }),
      payload({ daily_start_time: ['25:00', 'Asia/Bangkok'] }),
      payload({ daily_start_time: ['08:00', 'Mars/Olympus'] }),
      payload({ daily_start_time: [] }),
    ];
    for (const body of bad) {
      const answer = await call('owner', 'PUT', '/api/v1/email_task_scheduler/scheduler', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().detail).toBeTruthy();
    }
    // Another company's tag answers as a tag that does not exist.
    const foreign = await call(
      'owner',
      'POST',
      '/api/v1/email_task_scheduler/scheduler',
      payload({ equipment_tag_id: otherTagId }),
    );
    expect(foreign.statusCode).toBe(404);
    expect(await ctx.db.selectFrom('email_schedules').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it("'none' deletes: every period off removes the schedules and their jobs; DELETE /{id} removes one", async () => {
    const ids = (
      (await call('owner', 'GET', `/api/v1/email_task_scheduler/scheduler/${tagId}`)).json().items as {
        job_id: string;
      }[]
    ).map((i) => i.job_id);
    const one = await call('owner', 'DELETE', `/api/v1/email_task_scheduler/scheduler/${ids[0]}`);
    expect(one.statusCode).toBe(204);
    expect((await keyed()).map((s) => s.key)).toEqual([ids[1]]);
    const none = await call(
      'owner',
      'PUT',
      '/api/v1/email_task_scheduler/scheduler',
      payload({ is_daily: false, is_weekly: false }),
    );
    expect(none.statusCode).toBe(200);
    expect(none.json().items).toEqual([]);
    expect(await keyed()).toEqual([]);
    expect(
      (await call('owner', 'DELETE', `/api/v1/email_task_scheduler/scheduler/${ids[0]}`)).statusCode,
    ).toBe(404);
  });
});

describe('the digest run (fake clock)', () => {
  it('mails the assigned members once per occurrence, nothing when the period had no events, once after downtime', async () => {
    const saved = await call(
      'owner',
      'POST',
      '/api/v1/email_task_scheduler/scheduler',
      payload({ is_weekly: false, daily_start_time: ['08:00', 'Europe/Berlin'] }),
    );
    const scheduleId = saved.json().items[0].id as string;
    // The schedule existed before the occurrences below.
    await ctx.db
      .updateTable('email_schedules')
      .set({ updated_at: new Date('2026-03-20T00:00:00Z') })
      .execute();
    let clock = new Date('2026-03-28T07:00:30Z'); // 08:00:30 in Berlin (CET)
    const service = () =>
      createEmailSchedulesService({
        db: ctx.db,
        repository: createEmailSchedulesRepository(ctx.db),
        jobs: ctx.jobs,
        mail: ctx.services.mail,
        publicUrl: 'http://portal.test',
        now: () => clock,
      });
    const insertEvent = (at: string, type: 1 | 2) =>
      ctx.db
        .insertInto('fault_events')
        .values({
          company_id: tenants.companyId,
          model_id: modelId,
          series_id: null,
          tag: 'current_unbalance',
          event_date: new Date(at),
          alarm_type: type,
          alarm_message: type === 2 ? 'Current unbalance alarm' : 'Current unbalance warning',
          alarm_value: 7.25,
          warning_limit: 5,
          alarm_limit: 7,
          sensor_id: 'current_unbalance',
        })
        .execute();
    // The super member reads the portal in Thai: their digest is written in Thai (issue 27 item 5).
    expect((await call('supmem', 'PUT', '/api/v1/users/me/language', { language: 'th' })).statusCode).toBe(
      204,
    );
    // Nothing in 27 Mar 08:00 – 28 Mar 08:00 Berlin: no mail.
    expect(await service().run(scheduleId)).toBe(0);
    // The DST day: 28 Mar 08:00 CET (07:00Z) to 29 Mar 08:00 CEST (06:00Z) is 23 hours.
    await insertEvent('2026-03-28T20:00:00Z', 2);
    await insertEvent('2026-03-29T06:30:00Z', 1); // after the occurrence: the next day's digest
    clock = new Date('2026-03-29T06:00:10Z');
    expect(await service().run(scheduleId)).toBe(2); // member and supmem
    expect(await service().run(scheduleId)).toBe(0); // a retry of the same occurrence
    const mails = await ctx.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'body_text', 'run_key'])
      .where('run_key', 'like', `email:${scheduleId}:%`)
      .orderBy('recipient')
      .execute();
    expect(mails.map((m) => m.recipient)).toEqual(['member@acme.test', 'supmem@acme.test']);
    expect(mails[0]?.run_key).toBe(`email:${scheduleId}:2026-03-29T06:00:00.000Z:member@acme.test`);
    expect(mails[0]?.subject).toContain('1 alarm, 0 warnings');
    expect(mails[0]?.body_text).toContain('28 Mar 2026, 21:00'); // the event in Berlin time (CET)
    expect(mails[0]?.body_text).toContain(`http://portal.test/model/${modelId}`);
    expect(mails[0]?.body_text).not.toContain('warning\n');
    expect(mails[1]?.subject).toContain('SDP การแจ้งเตือนรายวัน');
    expect(mails[1]?.subject).toContain('แจ้งเตือนอันตราย 1 ครั้ง เตือน 0 ครั้ง');
    expect(mails[1]?.body_text).toContain('28 มี.ค. 2026, 21:00');
    expect(mails[1]?.body_text).toContain('คุณได้รับอีเมลนี้เพราะ');
    expect(mails[1]?.body_text).not.toContain('You receive this');

    // Down from before 30 Mar 08:00 until 10:00: the start-up sends that occurrence once, a second start-up nothing.
    clock = new Date('2026-03-30T08:00:00Z');
    expect(await service().startUp()).toBe(2);
    expect(await service().startUp()).toBe(0);
    expect(await service().run(scheduleId)).toBe(0);
  });
});
