import { rm } from 'node:fs/promises';
import nodemailer from 'nodemailer';
import { pooled } from '../apps/server/src/mail/mail.service.ts';
import { startSmtpInbox } from '../apps/server/test/smtp-inbox.ts';
import { adminEnv, BENCH_ADMIN, call, createBenchPlant } from './lib/api.ts';
import { embeddedClient, freePort, freshDataDir, rssMb, startServer } from './lib/server.ts';

// Budget (issue 16): 500 equipment e-mail schedules due in the same minute are all sent within 60 s, with the
// server's RSS ≤ 500 MB. Measured: the real server (API and workers in one process, its embedded database) with
// SMTP_URL pointing at a real SMTP server in this process; 500 equipment tags, each with a model, a warning event in
// the last hour and an assigned member, get a daily notification (Warning and Alarm) through the API, all due at
// the same minute in Asia/Bangkok. From that minute on, the time until the 500th digest has arrived at the SMTP
// server (the pg-boss cron pass, the 500 schedule jobs, the outbox and the SMTP deliveries); then 10 s more to see
// that no run sent twice. RSS of the server process sampled every 250 ms from before the schedules are saved.
// Baseline: 500 mails of the same size sent straight from this process to the same SMTP server through the same
// pooled transport the server uses.
const SCHEDULES = 500;
const BUDGET_MS = 60_000;
const BUDGET_RSS_MB = 500;
const ZONE = 'Asia/Bangkok';

const inbox = await startSmtpInbox();
const dataDir = await freshDataDir();
const pgPort = await freePort();
const server = await startServer({
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(pgPort),
  SDP_DEMO: '0',
  SMTP_URL: inbox.url,
  ...adminEnv,
});
const client = await embeddedClient(dataDir, pgPort);
let peakRss = 0;
const sampler = setInterval(() => {
  rssMb(server.process.pid as number).then(
    (mb) => {
      peakRss = Math.max(peakRss, mb);
    },
    () => undefined,
  );
}, 250);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** Runs `work` over `items`, `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

try {
  const plant = await createBenchPlant(server.url, BENCH_ADMIN);
  const api = <T>(method: string, path: string, body?: unknown) =>
    call<T>(server.url, plant.cookie, method, path, body);
  const tagIds = [plant.tagId];
  const extra = Array.from({ length: SCHEDULES - 1 }, (_, i) => i + 2);
  await pool(extra, 4, async (n) => {
    const tag = await api<{ id: string }>('POST', '/api/v1/equipment-tag', {
      structureItemTitle: `B${n}`,
      structureItemAlias: `Bench unit ${n}`,
      equipmentGroupType: 'electric',
      posLat: 13.7,
      posLng: 100.5,
      companies_id: plant.companyId,
    });
    await api('POST', '/api/v1/equipment-models', {
      equipment_tag_id: tag.id,
      model_in: { title: `Bench model ${n}`, equipmentModelTypeId: 1 },
    });
    tagIds.push(tag.id);
  });
  // The recipient: an active member of the company assigned to every tag; one warning per model in the last hour.
  const member = await client.query<{ id: string }>(
    `INSERT INTO users (email, name, status) VALUES ('bench-member@example.com', 'Bench Member', 'active')
     RETURNING id`,
  );
  const memberId = member.rows[0]?.id;
  await client.query(
    `INSERT INTO memberships (company_id, user_id, role, status) VALUES ($1, $2, 'member', 'active')`,
    [plant.companyId, memberId],
  );
  await client.query(
    'INSERT INTO equipment_tag_members (equipment_tag_id, user_id) SELECT unnest($1::uuid[]), $2',
    [tagIds, memberId],
  );
  await client.query(
    `INSERT INTO fault_events (company_id, model_id, tag, event_date, alarm_type, alarm_message, alarm_value,
       warning_limit, alarm_limit, sensor_id, cause, recommendation)
     SELECT company_id, id, 'current_unbalance', now() - interval '1 hour', 1,
       'Warning: Current unbalance 6.2 % (limit 5)', 6.2, 5, 8, '', 'Supply unbalance', 'Check the supply'
     FROM equipment_models WHERE company_id = $1`,
    [plant.companyId],
  );

  // Due: the first whole minute at least 45 s away, so that every schedule is saved before it.
  const due = Math.ceil((Date.now() + 45_000) / 60_000) * 60_000;
  const wall = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(due));
  const saveStarted = performance.now();
  await pool(tagIds, 4, async (tagId) => {
    await api('POST', '/api/v1/email_task_scheduler/scheduler', {
      companies_id: plant.companyId,
      equipment_tag_id: tagId,
      is_daily: true,
      is_daily_warning: true,
      is_daily_alarm: true,
      daily_start_time: [`${wall}:00`, ZONE],
      is_weekly: false,
      is_monthly: false,
    });
  });
  const saveMs = performance.now() - saveStarted;
  if (Date.now() >= due) throw new Error(`saving the schedules took ${seconds(saveMs)}: past the due minute`);
  if (inbox.inbox.length) throw new Error(`${inbox.inbox.length} mails arrived before the due minute`);

  await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
  let allAt = 0;
  let firstAt = 0;
  const giveUp = due + 300_000;
  while (Date.now() < giveUp) {
    if (!firstAt && inbox.inbox.length > 0) firstAt = Date.now();
    if (inbox.inbox.length >= SCHEDULES) {
      allAt = Date.now();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const firstCount = inbox.inbox.length;
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const received = inbox.inbox.length;
  const outbox = await client.query<{ state: string; n: number }>(
    'SELECT state, count(*)::int AS n FROM mail_outbox GROUP BY state ORDER BY state',
  );
  const sample = inbox.inbox[0]?.raw ?? '';

  // Baseline: as many mails of the same size, straight from this process to the same SMTP server.
  const transport = nodemailer.createTransport(pooled(inbox.url));
  const baseStarted = performance.now();
  for (let i = 0; i < SCHEDULES; i++)
    await transport.sendMail({
      from: 'bench@example.com',
      to: 'bench-member@example.com',
      subject: 'Baseline',
      text: sample.slice(0, Math.max(0, sample.length - 500)),
    });
  const baselineMs = performance.now() - baseStarted;
  transport.close();

  const sentMs = allAt ? allAt - due : Number.POSITIVE_INFINITY;
  const pass = allAt > 0 && received === SCHEDULES && sentMs <= BUDGET_MS && peakRss <= BUDGET_RSS_MB;
  console.log(
    `schedules: ${SCHEDULES} daily notifications due at the same minute (saved in ${seconds(saveMs)}): ` +
      `${allAt ? `first mail ${seconds(firstAt - due)} and all ${SCHEDULES} at the SMTP server ${seconds(sentMs)} after the minute` : `${firstCount} of ${SCHEDULES} mails within 300 s`}, ` +
      `${received} received 10 s later (outbox ${outbox.rows.map((r) => `${r.state} ${r.n}`).join(', ')}), ` +
      `server peak RSS ${peakRss.toFixed(0)} MB (budget all ≤ ${seconds(BUDGET_MS)}, none twice, RSS ≤ ${BUDGET_RSS_MB} MB); ` +
      `baseline ${SCHEDULES} mails sent straight to the SMTP server ${seconds(baselineMs)}; ${pass ? 'PASS' : 'FAIL'}`,
  );
} finally {
  clearInterval(sampler);
  await client.end();
  await server.stop();
  await inbox.close();
  await rm(dataDir, { recursive: true, force: true });
}
