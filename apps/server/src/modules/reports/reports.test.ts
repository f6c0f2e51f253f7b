import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  createTestContext,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { countPixels, pdfFonts, pdfPages, pdfText } from '../../../test/pdf.ts';
import { assignEquipment, createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';
import { startSmtpInbox } from '../../../test/smtp-inbox.ts';

/**
 * Reports (issue 16): settings with their validation, the PDF rendered from stored data and read back (pdfjs-dist
 * for the text and the fonts, drawn on @napi-rs/canvas for the pictures: no system tool needed), and auto-send through the outbox to a real SMTP server.
 */
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;
let mca: { id: string; code: string };
let otherModel: { id: string; code: string };
const DAY = 86_400_000;
const HOUR = 3_600_000;
const now = Date.now();
let indicatorTags: string[] = [];
let indicatorNames: string[] = [];

const call = (who: Tenant, method: 'GET' | 'PUT', url: string, body?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...CSRF, cookie: cookies[who] },
    ...(body ? { payload: body } : {}),
  });

beforeAll(async () => {
  smtp = await startSmtpInbox();
  ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.test' }, { workers: true });
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
  await ctx.db
    .updateTable('companies')
    .set({ title: 'Acme Power บริษัทตัวอย่าง' })
    .where('id', '=', tenants.companyId)
    .execute();
  const p102 = await seedEquipment(ctx.db, tenants.companyId, 'P102');
  mca = await createModel(ctx.app, p102, 2);
  // The MEMBER sees P102; the SUPERMEMBER does not (issue 23 item 10).
  await assignEquipment(ctx.db, tenants.users.member, p102);
  otherModel = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.otherCompanyId, 'X1'), 2);
  const sensors = await ctx.db
    .selectFrom('sensor_types')
    .select(['tag_code', 'name', 'default_warning', 'default_alarm'])
    .where('model_type_id', '=', 2)
    .where('default_alarm', 'is not', null)
    .orderBy('id')
    .limit(2)
    .execute();
  indicatorTags = sensors.map((s) => s.tag_code);
  indicatorNames = sensors.map((s) => s.name);
  const key = await createIngestKey(ctx.app, tenants.companyId);
  // 20 days of hourly points, rising from the warning limit's half to past the alarm limit.
  const points = sensors.flatMap((s) =>
    Array.from({ length: 20 * 24 }, (_, i) => ({
      tag: s.tag_code,
      ts: now - 20 * DAY + i * HOUR,
      value: ((s.default_alarm ?? 1) * 1.2 * i) / (20 * 24),
    })),
  );
  const ingested = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/measurements',
    headers: { authorization: `Bearer ${key}` },
    payload: { modelCode: mca.code, points },
  });
  expect(ingested.statusCode).toBeLessThan(300);
  const tag = indicatorTags[0] as string;
  await ctx.db
    .insertInto('fault_events')
    .values({
      company_id: tenants.companyId,
      model_id: mca.id,
      series_id: null,
      tag,
      event_date: new Date(now - 3 * DAY),
      alarm_type: 2,
      alarm_message: 'Stator current unbalance high',
      alarm_value: 12.5,
      warning_limit: 5,
      alarm_limit: 10,
      sensor_id: tag,
      recommendation: 'Check the supply voltage balance and the stator winding insulation.',
      acknowledged_at: new Date(now - 2 * DAY),
      acknowledged_by: tenants.users.owner,
      acknowledged_msg: 'Seen, planning a check',
      done_at: new Date(now - DAY),
      done_by: tenants.users.admin,
      done_msg: 'Winding cleaned',
    })
    .execute();
  // The analysis of the ingested trend has finished: nothing queued, no analysis job waiting or running.
  for (let waited = 0; waited < 30_000; waited += 250) {
    const { rows } = await sql<{ busy: number }>`SELECT
      (SELECT count(*) FROM measurement_arrivals a JOIN series s ON s.id = a.series_id WHERE s.model_id = ${mca.id})
    + (SELECT count(*) FROM pgboss.job WHERE name = 'analyse' AND singleton_key = ${mca.id}
       AND state IN ('created', 'retry', 'active')) AS busy`.execute(ctx.db);
    if (Number(rows[0]?.busy) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 120_000);

afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const pdfUrl = (modelId: string, start: number, end: number, companyId = tenants.companyId) =>
  `/api/v1/companies/${companyId}/online-report/pdf?model_id=${modelId}&start=${new Date(start).toISOString()}&end=${new Date(end).toISOString()}&type=MCA`;

describe('the report PDF (spec 03 §2.17, §7.6)', () => {
  it('is rendered from stored data: model, event with who acknowledged and closed it, Thai text, drawn charts', async () => {
    const answer = await call('owner', 'GET', pdfUrl(mca.id, now - 30 * DAY, now));
    expect(answer.statusCode, answer.body).toBe(200);
    const { url } = answer.json() as { url: string };
    expect(url).toMatch(/^\/api\/v1\/companies\/[0-9a-f-]+\/report-files\/[0-9a-f-]+$/);
    const file = await call('owner', 'GET', url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    // The model page's preview may frame it; other sites may not (issue 26 item 4).
    expect(String(file.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(String(file.headers['content-security-policy'])).not.toContain("frame-ancestors 'none'");
    expect(file.headers['x-frame-options']).toBe('SAMEORIGIN');
    // SDP_REPORT_PDF_DIR keeps the PDF for a person to look at.
    if (process.env.SDP_REPORT_PDF_DIR)
      writeFileSync(path.join(process.env.SDP_REPORT_PDF_DIR, 'report.pdf'), file.rawPayload);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('Model 2');
    expect(text).toContain(mca.code);
    expect(text).toContain('P102');
    // The event and its recommendation name the tag as the fault-event page does, never by its code.
    expect(text).toContain(`${indicatorNames[0]}: Stator current unbalance high`);
    expect(text).toContain(`• ${indicatorNames[0]}: `);
    expect(text).not.toContain(indicatorTags[0]);
    expect(text).toContain('owner'); // acknowledged by
    expect(text).toContain('Winding cleaned');
    expect(text).toContain('Check the supply voltage balance');
    expect(text).toContain('บริษัทตัวอย่าง');
    expect(text).toContain('Asia/Bangkok');
    // Fonts are embedded (no system font needed to show Thai).
    const fonts = await pdfFonts(file.rawPayload);
    const sarabun = fonts.filter((font) => /Sarabun/.test(font.name));
    expect(sarabun.length, JSON.stringify(fonts)).toBeGreaterThan(0);
    expect(sarabun.every((font) => font.embedded)).toBe(true);

    const pages = await pdfPages(file.rawPayload, 50);
    expect(pages.length).toBeGreaterThanOrEqual(1);
    // The trend line is #1565C0; the status bars (the stored status history) red #D9263B for the days the falling
    // sideband levels kept the motor in alarm, green #4CAF50 for the last, normal one.
    const blue = countPixels(pages, (r, g, b) => r < 60 && g > 80 && g < 130 && b > 160);
    const green = countPixels(pages, (r, g, b) => r > 50 && r < 110 && g > 150 && b < 110);
    const red = countPixels(pages, (r, g, b) => r > 190 && g < 70 && b < 90);
    expect(blue).toBeGreaterThan(100);
    expect(green).toBeGreaterThan(10);
    expect(red).toBeGreaterThan(100);
  }, 60_000);

  it('RVS: shows the machine diagram uploaded in the model settings, and none while the model has none (issue 27 item 6)', async () => {
    const rvs = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'F201'), 5);
    const rvsPdf = async () => {
      const answer = await call(
        'owner',
        'GET',
        pdfUrl(rvs.id, now - 7 * DAY, now).replace('type=MCA', 'type=RVS'),
      );
      expect(answer.statusCode, answer.body).toBe(200);
      const file = await call('owner', 'GET', (answer.json() as { url: string }).url);
      expect(file.statusCode).toBe(200);
      return file.rawPayload;
    };
    // Magenta is nowhere else in a report: it can only come from the diagram.
    const magenta = (r: number, g: number, b: number) => r > 220 && g < 40 && b > 220;
    const before = await rvsPdf();
    expect(await pdfText(before)).not.toContain('Machine diagram');
    expect(countPixels(await pdfPages(before, 50), magenta)).toBe(0);

    const canvas = createCanvas(400, 200);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 400, 200);
    context.fillStyle = '#ff00ff';
    context.fillRect(40, 40, 320, 120);
    const { payload, headers } = multipart('image_file', 'train.png', canvas.toBuffer('image/png'));
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/upload/equipment-tags',
      headers: { ...headers, cookie: cookies.owner },
      payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const saved = await call('owner', 'PUT', `/api/v1/equipment-models/${rvs.id}`, {
      rvs_diagram_in: { diagram_url: (upload.json() as { url: string }).url },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const after = await rvsPdf();
    expect(await pdfText(after)).toContain('Machine diagram');
    // At 50 dpi the 320×120 px block fitted into the page's width is several thousand pixels.
    expect(countPixels(await pdfPages(after, 50), magenta)).toBeGreaterThan(2000);
  }, 60_000);

  it('tells the status history GET …/status-history tells for the same range, from the stored evaluation (issue 26 item 4)', async () => {
    const start = now - 15 * DAY;
    const end = now;
    const range = `from=${new Date(start).toISOString()}&to=${new Date(end + 1).toISOString()}`;
    const api = await call('owner', 'GET', `/api/v1/equipment-models/${mca.id}/status-history?${range}`);
    expect(api.statusCode, api.body).toBe(200);
    const history = api.json() as {
      status: number;
      alarmSince: string | null;
      days: { day: string; status: number | null }[];
      changes: { at: string; status: number }[];
    };
    const answer = await call('owner', 'GET', pdfUrl(mca.id, start, end));
    expect(answer.statusCode, answer.body).toBe(200);
    const text = await pdfText(
      (await call('owner', 'GET', (answer.json() as { url: string }).url)).rawPayload,
    );
    const count = (status: number) => history.days.filter((d) => (d.status ?? -1) === status).length;
    expect(text).toContain(
      `${count(2)} day(s) in alarm, ${count(1)} in warning, ${count(0)} normal, ${count(-1)} without data;`,
    );
    // The trend rises past the alarm limit and stays there: in alarm every day from the start of the run, as the
    // company page's 'In alarm since' says.
    // Each day is the worst of the change in force when it began and those within it, as the changes say.
    for (const { day, status } of history.days) {
      const begins = Date.parse(`${day}T00:00:00+07:00`);
      const inForce = history.changes.filter((c) => Date.parse(c.at) < Math.max(begins, start)).at(-1);
      const within = history.changes.filter((c) => {
        const at = Date.parse(c.at);
        return at >= Math.max(begins, start) && at < Math.min(begins + DAY, end + 1);
      });
      const statuses = [inForce, ...within].flatMap((c) => (c ? [c.status] : []));
      expect(status, day).toBe(statuses.length ? Math.max(...statuses) : null);
    }
    // The ingested trend crosses the limits: alarm days, and the model page's 'In alarm since' is the same record.
    expect(count(2)).toBeGreaterThan(1);
    const summary = (
      await call('owner', 'GET', `/api/v1/model_summary/overall_status?company_id=${tenants.companyId}`)
    ).json() as { model_id: string; status: number; alarmSince: string | null }[];
    expect(summary.find((row) => row.model_id === mca.id)).toMatchObject({
      status: history.status,
      alarmSince: history.alarmSince,
    });
  }, 120_000);

  it("carries the model's alarm precision for the period, the figures GET /fault-event/precision gives for the same range (issue 25 item 5)", async () => {
    const motor = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'P103'), 2);
    const closed = async (level: 1 | 2, opened: number, done: number, outcome: string, mode: string | null) =>
      sql`INSERT INTO fault_events (company_id, model_id, tag, event_date, alarm_type, alarm_message, alarm_value,
          warning_limit, alarm_limit, sensor_id, is_acknowledged, done_at, outcome, outcome_failure_mode)
        VALUES (${tenants.companyId}, ${motor.id}, 'omr', ${new Date(opened)}::timestamptz, ${level}, 'Residual high',
          30, 20, 40, 'omr', true, ${new Date(done)}::timestamptz, ${outcome}, ${mode})`.execute(ctx.db);
    // In the period: a warning then an alarm confirmed as a bearing fault, and an alarm that was no fault.
    await closed(1, now - 14 * DAY, now - 9 * DAY, 'fault_confirmed', 'bearing');
    await closed(2, now - 9 * DAY, now - 8 * DAY, 'fault_confirmed', 'bearing');
    await closed(2, now - 6 * DAY, now - 5 * DAY, 'no_fault_found', null);
    // Closed before the period: not counted.
    await closed(2, now - 28 * DAY, now - 25 * DAY, 'planned_maintenance', null);
    const start = now - 20 * DAY;
    const range = `from=${new Date(start).toISOString()}&to=${new Date(now).toISOString()}`;
    const api = await call('owner', 'GET', `/api/v1/fault-event/precision?model_id=${motor.id}&${range}`);
    expect(api.statusCode, api.body).toBe(200);
    const figures = (api.json() as { total: Record<string, number | null> }).total;
    expect(figures).toMatchObject({ closed: 3, confirmed: 2, noFault: 1, planned: 0, other: 0 });
    const answer = await call('owner', 'GET', pdfUrl(motor.id, start, now));
    expect(answer.statusCode, answer.body).toBe(200);
    const text = await pdfText(
      (await call('owner', 'GET', (answer.json() as { url: string }).url)).rawPayload,
    );
    const percent = `${Math.round((figures.precision as number) * 100)} %`;
    expect(percent).toBe('67 %');
    expect(text).toContain('Alarm precision');
    expect(text).toContain(
      `Precision ${percent}: ${figures.confirmed} of ${figures.closed} closed alarms were confirmed faults`,
    );
    expect(text).toContain(
      `No fault found ${figures.noFault} · Planned maintenance ${figures.planned} · Other ${figures.other}`,
    );
    const lead = figures.medianLeadDays;
    expect(text).toContain(
      `Warned first: ${figures.warnedFirst} of ${figures.confirmed} confirmed faults, ${
        lead === null ? 'no lead time yet' : `median ${lead} ${lead === 1 ? 'day' : 'days'} before`
      }`,
    );
    expect(figures.warnedFirst).toBeGreaterThan(0);
    // The same figures in Thai.
    expect(text).toContain(`${figures.confirmed} จาก ${figures.closed}`);
    expect(text).toContain(`ไม่พบความผิดปกติ ${figures.noFault}`);
    // A model with nothing closed with an outcome says so.
    const quiet = await call('owner', 'GET', pdfUrl(mca.id, now - 2 * DAY, now));
    const quietText = await pdfText(
      (await call('owner', 'GET', (quiet.json() as { url: string }).url)).rawPayload,
    );
    expect(quietText).toContain('No fault event was closed with an outcome in this period.');
    // The monthly auto-send below counts the company's active MCA models: this one leaves.
    await ctx.db
      .updateTable('equipment_models')
      .set({ is_active: false })
      .where('id', '=', motor.id)
      .execute();
  }, 120_000);

  it('refuses a reversed, too long or future range with a detail naming the field; another company’s model is 404', async () => {
    const reversed = await call('owner', 'GET', pdfUrl(mca.id, now - 2 * DAY, now - 5 * DAY));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toMatch(/^end: The end date must be after the start date/);
    const long = await call('owner', 'GET', pdfUrl(mca.id, now - 40 * DAY, now));
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toMatch(/31 days/);
    const future = await call('owner', 'GET', pdfUrl(mca.id, now + 2 * DAY, now + 3 * DAY));
    expect(future.statusCode).toBe(400);
    expect((await call('owner', 'GET', pdfUrl(otherModel.id, now - DAY, now))).statusCode).toBe(404);
    expect((await call('outsider', 'GET', pdfUrl(mca.id, now - DAY, now))).statusCode).toBe(404);
    // A model of this company asked under the other company's path.
    expect(
      (await call('outsider', 'GET', pdfUrl(mca.id, now - DAY, now, tenants.otherCompanyId))).statusCode,
    ).toBe(404);
    const files = await ctx.db
      .selectFrom('report_files')
      .select('id')
      .where('model_id', '=', otherModel.id)
      .execute();
    expect(files).toHaveLength(0);
  });
});

describe('report settings (spec 01 §2, §3, §5, §6)', () => {
  const base = `/api/v1/companies`;
  it('MCA: day 1–28 only, recipients from the company only; nothing stored on a refusal', async () => {
    const url = `${base}/${tenants.companyId}/online-report/MCA`;
    for (const intervalDay of [0, 29, 31]) {
      const refused = await call('owner', 'PUT', url, {
        memberIds: [tenants.users.owner],
        isAutoSend: true,
        intervalDay,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toMatch(/intervalDay/);
    }
    const outsider = await call('owner', 'PUT', url, {
      memberIds: [tenants.users.outsider],
      isAutoSend: true,
      intervalDay: 5,
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().detail).toMatch(/memberIds/);
    expect((await call('owner', 'GET', url)).json()).toEqual({
      is_auto_send: false,
      interval_day: null,
      interval_time: null,
      memberIds: [],
    });
    // OWNER_RVS manages the RVS report only; plain members neither.
    expect(
      (
        await call('ownerRvs', 'PUT', url, {
          memberIds: [tenants.users.owner],
          isAutoSend: true,
          intervalDay: 5,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('member', 'GET', url)).statusCode).toBe(403);
    expect((await call('outsider', 'GET', url)).statusCode).toBe(404);

    const saved = await call('owner', 'PUT', url, {
      memberIds: [tenants.users.owner, tenants.users.member],
      isAutoSend: true,
      intervalDay: 5,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: 'success' });
    const config = (await call('owner', 'GET', url)).json();
    expect(config.interval_day).toBe(5);
    expect(config.is_auto_send).toBe(true);
    expect([...config.memberIds].sort()).toEqual([tenants.users.owner, tenants.users.member].sort());
    const members = (await call('owner', 'GET', `${base}/${tenants.companyId}/report-members/MCA`)).json()
      .items as {
      email: string;
      isNotify: boolean;
    }[];
    expect(members.find((m) => m.email === 'owner@acme.test')?.isNotify).toBe(true);
    expect(members.find((m) => m.email === 'supmem@acme.test')?.isNotify).toBe(false);
    expect(members.some((m) => m.email === 'outsider@other.test')).toBe(false);
    const jobs = await ctx.jobs.keyedSchedules('report-schedule');
    expect(jobs).toContainEqual({ key: `${tenants.companyId}/MCA`, cron: '0 8 5 * *', tz: 'Asia/Bangkok' });
  });

  it('RVS: one of the 48 half-hour times, sent HH:MM:SS', async () => {
    const url = `${base}/${tenants.companyId}/online-report/RVS`;
    for (const intervalTime of ['08:15:00', '24:00:00', '8:30', '08:30']) {
      const refused = await call('ownerRvs', 'PUT', url, {
        memberIds: [tenants.users.ownerRvs],
        isAutoSend: true,
        intervalTime,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toMatch(/intervalTime/);
    }
    const saved = await call('ownerRvs', 'PUT', url, {
      memberIds: [tenants.users.ownerRvs],
      isAutoSend: true,
      intervalTime: '23:30:00',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('ownerRvs', 'GET', url)).json().interval_time).toBe('23:30:00');
    expect((await call('owner', 'GET', url)).statusCode).toBe(403);
  });
});

/** A received mail's subject (encoded words decoded) and its text/plain part (quoted-printable or base64 decoded). */
function readMail(raw: string): { subject: string; text: string } {
  const unfolded = raw.replace(/\r\n/g, '\n');
  const head = (unfolded.split('\n\n')[0] ?? '').replace(/\n[ \t]+/g, ' ');
  const subject = (/^Subject: (.*)$/im.exec(head)?.[1] ?? '').replace(
    /=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi,
    (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
  );
  const part = unfolded.split(/\n--[^\n]+\n/).find((p) => /^Content-Type: text\/plain/im.test(p)) ?? '';
  const [partHead = '', ...rest] = part.split('\n\n');
  const body = rest.join('\n\n');
  const text = /Content-Transfer-Encoding: base64/i.test(partHead)
    ? Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8')
    : body
        .replace(/=\n/g, '')
        .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
  return { subject, text };
}

describe('auto-send through the outbox', () => {
  it('mails the monthly report with the PDF attached to each recipient who sees the model, once, whatever repeats or restarts', async () => {
    // The member reads the portal in Thai: their report mail is written in Thai, the owner's in English.
    const thai = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/language',
      headers: { ...CSRF, cookie: cookies.member },
      payload: { language: 'th' },
    });
    expect(thai.statusCode).toBe(204);
    // A recipient chosen for the company's MCA reports who is not assigned P102 gets none of its reports.
    await ctx.db
      .insertInto('report_recipients')
      .values({ company_id: tenants.companyId, kind: 'MCA', user_id: tenants.users.supmem })
      .execute();
    const first = await ctx.services.reports.runScheduled(tenants.companyId, 'MCA');
    expect(first).toBe(2);
    expect(await ctx.services.reports.runScheduled(tenants.companyId, 'MCA')).toBe(0);
    const other = await ctx.anotherInstance();
    try {
      expect(await other.services.reports.startUp()).toBe(0);
    } finally {
      await other.close();
    }
    const rows = await ctx.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'attachment_id', 'run_key'])
      .where('run_key', 'like', 'report:%')
      .execute();
    expect(rows.map((r) => r.recipient).sort()).toEqual(['member@acme.test', 'owner@acme.test']);
    expect(rows.every((r) => r.attachment_id)).toBe(true);
    const deadline = Date.now() + 30_000;
    while (smtp.inbox.filter((m) => m.raw.includes('application/pdf')).length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const received = smtp.inbox.filter((m) => m.raw.includes('application/pdf'));
    expect(received.map((m) => m.to[0]).sort()).toEqual(['member@acme.test', 'owner@acme.test']);
    expect(received[0]?.raw).toMatch(/filename="?P102-MCA\d*_MCA_report_/);
    // Each in the recipient's language, the period's alarms and warnings counted with proper plurals (issue 27
    // item 5), the same numbers in both languages.
    const english = readMail(received.find((m) => m.to[0] === 'owner@acme.test')?.raw ?? '');
    const inThai = readMail(received.find((m) => m.to[0] === 'member@acme.test')?.raw ?? '');
    // The English subject is ASCII, so it travels unencoded and mail clients list it as written.
    expect(received.find((m) => m.to[0] === 'owner@acme.test')?.raw.replace(/\r\n[ \t]+/g, ' ')).toContain(
      'Subject: SDP MCA monthly report',
    );
    expect(english.subject).toMatch(
      new RegExp(
        `^SDP MCA monthly report: Model 2 \\(${mca.code}\\) \\d{2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2} to `,
      ),
    );
    expect(english.text).toContain(`MCA monthly report of`);
    expect(english.text).not.toContain('(s)');
    expect(english.text).not.toMatch(/ช่วงเวลา|ครั้ง|รายงาน/);
    const counted = /(\d+) (alarms?), (\d+) (warnings?) in the period\./.exec(english.text);
    expect(counted).not.toBeNull();
    const [, alarms, alarmWord, warnings, warningWord] = counted as RegExpExecArray;
    expect(alarmWord).toBe(alarms === '1' ? 'alarm' : 'alarms');
    expect(warningWord).toBe(warnings === '1' ? 'warning' : 'warnings');
    expect(inThai.subject).toMatch(
      new RegExp(`^SDP รายงาน MCA รายเดือน: Model 2 \\(${mca.code}\\) \\d{2} \\S+ \\d{4}, \\d{2}:\\d{2} ถึง `),
    );
    expect(inThai.text).toContain('ช่วงเวลา: ');
    expect(inThai.text).toContain(`ในช่วงเวลานี้มีแจ้งเตือนอันตราย ${alarms} ครั้ง เตือน ${warnings} ครั้ง`);
    expect(inThai.text).toContain('รายงานแนบมากับอีเมลนี้ (');
    expect(inThai.text).not.toMatch(/monthly report|in the period|attached/);
  }, 60_000);

  it('an RVS fault event sends its model’s report at once when the model’s realtime switch is on, once per event', async () => {
    const rvsTag = await seedEquipment(ctx.db, tenants.companyId, 'P201');
    const on = await createModel(ctx.app, rvsTag, 5, {
      model_in: { title: 'Pump 201 vibration', equipmentModelTypeId: 5, isRVSRealtimeReport: true },
    });
    const off = await createModel(ctx.app, rvsTag, 5, {
      model_in: { title: 'Pump 201 spare', equipmentModelTypeId: 5, isRVSRealtimeReport: false },
    });
    expect(await ctx.services.reports.runRealtime(off.id, 9001)).toBe(0);
    expect(await ctx.services.reports.runRealtime(on.id, 9002)).toBe(1); // the RVS recipient set above
    expect(await ctx.services.reports.runRealtime(on.id, 9002)).toBe(0);
    const row = await ctx.db
      .selectFrom('mail_outbox')
      .innerJoin('report_files', 'report_files.id', 'mail_outbox.attachment_id')
      .select(['mail_outbox.recipient', 'report_files.kind', 'report_files.content'])
      .where('mail_outbox.run_key', 'like', 'realtime:9002:%')
      .executeTakeFirstOrThrow();
    expect(row.recipient).toBe('owner.rvs@acme.test');
    expect(row.kind).toBe('RVS');
    const text = await pdfText(row.content);
    expect(text).toContain('Pump 201 vibration');
    expect(text).toContain('Vibration Monitoring Report');
    expect(text).toContain('Predicted failures');
  }, 60_000);
});
