import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { buildApp } from './app.ts';
import { hashPassword } from './auth/passwords.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type EmbeddedDatabase, ownShutdown, startEmbeddedPostgres } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/pool.ts';
import { createReadRouting } from './db/read-routing.ts';
import { demoAccounts, seedDemo } from './demo/demo.seed.ts';
import { createEventBus } from './events/event-bus.ts';
import { createJobs } from './jobs/jobs.ts';
import { createBrokerFiles } from './modules/ingest/broker-accounts.ts';
import { brokerWarnings, defaultShareGroup, startMqttIngest } from './modules/ingest/mqtt.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { registerWorkers } from './workers.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const log = pino({ level: config.logLevel });

// This process owns its shutdown (below). A fatal error anywhere, also after the embedded PostgreSQL started,
// stops PostgreSQL and exits 1, so systemd's Restart=on-failure and container orchestrators see the failure.
ownShutdown();
let embedded: EmbeddedDatabase | null = null;
let fatalSeen = false;
function fatal(error: unknown): void {
  if (fatalSeen) return;
  fatalSeen = true;
  log.fatal({ err: error }, `fatal: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
  const stopped = embedded?.stop().catch(() => undefined) ?? Promise.resolve();
  // If stopping hangs, exit anyway: the embedded server's 'exit' listener still sends PostgreSQL SIGINT.
  void Promise.race([stopped, sleep(5_000)]).finally(() => process.exit(1));
}
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);

let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    log: (message) => log.debug({ component: 'postgres' }, message),
    notice: (message) => log.warn({ component: 'postgres' }, message),
  }).catch((error: Error) => {
    log.fatal(error.message);
    process.exit(1);
  });
  databaseUrl = embedded.url;
  log.info(`embedded PostgreSQL on 127.0.0.1:${config.embeddedPgPort}, data in ${config.dataDir}`);
}

const database = openDatabase(databaseUrl);
if (config.readReplicas.urls.length) {
  database.reads = createReadRouting({
    primary: database.pool,
    replicaUrls: config.readReplicas.urls,
    maxLagMs: config.readReplicas.maxLagMs,
    stickyMs: config.readReplicas.stickyMs,
    log: (message) => log.warn({ component: 'read-replicas' }, message),
  });
  log.info(`lag-tolerant reads on ${config.readReplicas.urls.length} replica(s) (DATABASE_READ_URL)`);
}
const jobs = createJobs(databaseUrl, (error) => log.error({ err: error }, 'job queue error'));
let ready = false;
const events = createEventBus(databaseUrl, (message) => log.warn(message));
const { app, services } = await buildApp({
  config,
  database,
  jobs,
  events,
  logger: log,
  isReady: () => ready,
});

let mqttIngest: ReturnType<typeof startMqttIngest> | null = null;
let demoAbort: AbortController | null = null;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal} received, shutting down`);
  demoAbort?.abort();
  const force = setTimeout(() => process.exit(1), 20_000).unref();
  // Open keep-alive and streaming connections must not keep PostgreSQL from being stopped.
  const within = (promise: Promise<unknown>, ms: number) => Promise.race([promise, sleep(ms)]);
  await within(
    app.close().catch((error) => log.error({ err: error }, 'closing HTTP failed')),
    5_000,
  );
  await within(
    jobs.stop().catch(() => undefined),
    5_000,
  );
  await within(events.stop(), 2_000);
  await within(mqttIngest?.stop() ?? Promise.resolve(), 2_000);
  services.mail.close();
  await within(
    database.close().catch(() => undefined),
    3_000,
  );
  await embedded?.stop().catch(() => undefined);
  clearTimeout(force);
  log.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });

// The HTTP server answers /healthz with 503 until the database answers; retry with backoff, loudly.
for (let attempt = 1; !stopping; attempt++) {
  try {
    await database.pool.query('SELECT 1');
    break;
  } catch (error) {
    const delay = Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));
    log.warn(
      `database not reachable (attempt ${attempt}): ${(error as Error).message}; retrying in ${delay} ms`,
    );
    await sleep(delay);
  }
}
await migrate(database.pool, (message) => log.info(message));
await jobs.start();
await events.start();
if (config.role !== 'api') await registerWorkers(jobs, services);
// The broker's password and ACL files follow the live ingest keys (docs/security.md): now, then every 10 s.
if (config.mqtt.brokerFilesDir && config.mqtt.username && config.mqtt.password) {
  const brokerFiles = createBrokerFiles({
    dir: config.mqtt.brokerFilesDir,
    topicPrefix: config.mqtt.topicPrefix,
    server: { username: config.mqtt.username, password: config.mqtt.password },
    accounts: () => services.ingestKeys.brokerAccounts(),
  });
  const syncBrokerFiles = () =>
    brokerFiles
      .sync()
      .then((changed) => {
        if (changed)
          log.info(`MQTT broker accounts written to ${brokerFiles.passwordFile} and ${brokerFiles.aclFile}`);
      })
      .catch((error: Error) => log.error({ err: error }, 'writing the MQTT broker accounts failed'));
  await syncBrokerFiles();
  setInterval(() => void syncBrokerFiles(), 10_000).unref();
}
if (config.mqttUrl) {
  const shareGroup =
    config.mqtt.shareGroup ??
    (await defaultShareGroup(database.pool, config.mqtt.password ?? new URL(config.mqttUrl).password));
  mqttIngest = startMqttIngest({
    url: config.mqttUrl,
    ...config.mqtt,
    shareGroup,
    service: services.ingest,
    keys: services.ingestKeys,
    companyCode: services.companyCode,
    companyId: services.companyId,
    admission: services.ingestAdmission,
    log: (message, detail) => log.warn(detail ?? {}, message),
  });
  log.info(
    `MQTT ingestion from ${config.mqtt.topicPrefix}/+/+/measurements and …/waveforms (shared group ${config.mqtt.shareGroup ? 'MQTT_SHARE_GROUP' : 'derived from the database'})`,
  );
}

log.info(
  config.s3
    ? `uploaded files in bucket ${config.s3.bucket}${config.s3.prefix ? ` under ${config.s3.prefix}` : ''} at ${config.s3.endpoint ?? `AWS S3 ${config.s3.region}`}`
    : `uploaded files in ${config.filesDir}`,
);
const users = createUsersRepository(database.db, database.pool);
if (config.admin) {
  await users.upsertAdmin(config.admin.email, 'Administrator', await hashPassword(config.admin.password));
  log.info(`platform administrator ensured: ${config.admin.email}`);
}
const accounts = config.demo.enabled ? await seedDemo(database.db, config.demo.password) : [];
ready = true;

const lines = [
  '',
  `  SDP is ready at ${config.publicUrl}  (started in ${process.uptime().toFixed(1)} s)`,
  `  API docs: ${config.publicUrl}/api/docs`,
];
if (accounts.length) {
  lines.push(`  Demo accounts (password: ${config.demo.password}):`);
  for (const account of accounts) lines.push(`    ${account.role.toUpperCase().padEnd(10)} ${account.email}`);
}
if (config.admin) lines.push(`  Administrator: ${config.admin.email} (password from SDP_ADMIN_PASSWORD)`);
if (config.mqttUrl)
  for (const warning of brokerWarnings({ url: config.mqttUrl, username: config.mqtt.username }))
    lines.push(`  ${warning}`);
process.stdout.write(`${lines.join('\n')}\n\n`);

// The demo plant streams through the real ingest API, in the background: 90 days of history, then live data.
if (config.demo.enabled && config.demo.stream && config.role !== 'worker') {
  const demoAdmin = demoAccounts.find((account) => account.role === 'ADMIN');
  // Loaded only here: the plant and its generators have no business in a server that does not stream them.
  const { buildDemoPlant, rememberDemoOrigin } = await import('./demo/demo.plant.ts');
  const { closeDemoHistory } = await import('./demo/demo-outcomes.ts');
  const { defaultOrigin, runDemo } = await import('@sdp/simulator');
  void buildDemoPlant(app, database, services.files, {
    email: demoAdmin?.email ?? '',
    password: config.demo.password,
  })
    .then(async (plant) => {
      const origin = plant.origin ?? defaultOrigin(Date.now());
      await rememberDemoOrigin(database.db, plant.companyId, origin);
      demoAbort = new AbortController();
      const summary = await runDemo({
        baseUrl: `http://127.0.0.1:${config.port}`,
        key: plant.key,
        origin,
        historyDays: config.demo.historyDays,
        ...(plant.historyFrom ? { historyFrom: plant.historyFrom } : {}),
        signal: demoAbort.signal,
        log: (line) => log.info({ component: 'demo' }, line),
        // Issue 25 item 6: closed events with outcomes, so the alarm precision panels are not empty on first start.
        onHistoryDone: async () => {
          const owner = demoAccounts.find((account) => account.role === 'owner')?.email ?? '';
          const closed = await closeDemoHistory(database.db, plant.companyId, owner);
          if (closed)
            log.info({ component: 'demo' }, `demo: ${closed} past fault events closed with outcomes`);
        },
      });
      log.info({ component: 'demo', summary }, 'demo stopped');
    })
    .catch((error: Error) => log.warn({ component: 'demo' }, `demo plant not streaming: ${error.message}`));
}
