import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessPlugin, type RegisteredRoute } from './auth/access.ts';
import { authRoutes, sessionSignIn } from './auth/auth.routes.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createAuthCache } from './auth/auth-cache.ts';
import { csrfGuard } from './auth/csrf.ts';
import { createEquipmentVisibility } from './auth/equipment-visibility.ts';
import { createLoginThrottleRepository } from './auth/login-throttle.repository.ts';
import { createOidcClient } from './auth/oidc.ts';
import { createSessionsRepository } from './auth/sessions.repository.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/pool.ts';
import type { EventBus } from './events/event-bus.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { createLiveEventsRepository } from './events/live-events.repository.ts';
import type { Jobs } from './jobs/jobs.ts';
import { httpTimeouts, limitConnectionsPerAddress } from './lib/connection-limits.ts';
import { answerClientError, answerFrameworkError, installErrorHandler } from './lib/error-handler.ts';
import { HttpError } from './lib/http-error.ts';
import { installNulGuard } from './lib/nul-guard.ts';
import { OPENAPI_TAGS, openApiTransform, openApiTransformObject } from './lib/openapi-operations.ts';
import { helmetOptions } from './lib/security-headers.ts';
import { createComputePool } from './lib/worker-pool.ts';
import { createMailRepository } from './mail/mail.repository.ts';
import { createMailService, type MailService } from './mail/mail.service.ts';
import { createAnalysisRepository } from './modules/analysis/analysis.repository.ts';
import { type AnalysisService, createAnalysisService } from './modules/analysis/analysis.service.ts';
import { type AuditRepository, createAuditRepository } from './modules/audit/audit.repository.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createBaselinesRepository } from './modules/baselines/baselines.repository.ts';
import { baselinesRoutes } from './modules/baselines/baselines.routes.ts';
import { createBaselinesService } from './modules/baselines/baselines.service.ts';
import { createCompaniesRepository } from './modules/companies/companies.repository.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { createEmailSchedulesRepository } from './modules/email-schedules/email-schedules.repository.ts';
import { emailSchedulesRoutes } from './modules/email-schedules/email-schedules.routes.ts';
import {
  createEmailSchedulesService,
  type EmailSchedulesService,
} from './modules/email-schedules/email-schedules.service.ts';
import { evsRoutes } from './modules/evs/evs.routes.ts';
import { createEvsService } from './modules/evs/evs.service.ts';
import { createAlarmPrecisionRepository } from './modules/fault-events/alarm-precision.repository.ts';
import { alarmPrecisionRoutes } from './modules/fault-events/alarm-precision.routes.ts';
import { createAlarmPrecisionService } from './modules/fault-events/alarm-precision.service.ts';
import { createFaultEventsRepository } from './modules/fault-events/fault-events.repository.ts';
import { faultEventsRoutes } from './modules/fault-events/fault-events.routes.ts';
import {
  createFaultEventsService,
  type FaultEventsService,
} from './modules/fault-events/fault-events.service.ts';
import { createFilesRepository } from './modules/files/files.repository.ts';
import { createFileStore, type FileStore } from './modules/files/files.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { type Admission, createAdmission } from './modules/ingest/admission.ts';
import { createIngestRepository } from './modules/ingest/ingest.repository.ts';
import { ingestRoutes } from './modules/ingest/ingest.routes.ts';
import { createIngestService, type IngestService } from './modules/ingest/ingest.service.ts';
import {
  createIngestKeysRepository,
  type IngestKeysRepository,
} from './modules/ingest/ingest-keys.repository.ts';
import { ingestKeysRoutes } from './modules/ingest/ingest-keys.routes.ts';
import { createModelDataEvents } from './modules/ingest/model-data-events.ts';
import { mailOutboxRoutes } from './modules/mail-outbox/mail-outbox.routes.ts';
import { createMcaRepository } from './modules/mca/mca.repository.ts';
import { mcaRoutes } from './modules/mca/mca.routes.ts';
import { createMcaService } from './modules/mca/mca.service.ts';
import { adminsRoutes } from './modules/members/admins.routes.ts';
import { createAdminsService } from './modules/members/admins.service.ts';
import { createInvitationsRepository } from './modules/members/invitations.repository.ts';
import { invitationsRoutes } from './modules/members/invitations.routes.ts';
import { createInvitationsService } from './modules/members/invitations.service.ts';
import { createMembersRepository } from './modules/members/members.repository.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { createMembershipRules, createMembersService } from './modules/members/members.service.ts';
import { createModelFilesRepository } from './modules/model-files/model-files.repository.ts';
import { modelFilesRoutes } from './modules/model-files/model-files.routes.ts';
import { createModelFilesService } from './modules/model-files/model-files.service.ts';
import { createModelSummaryRepository } from './modules/model-summary/model-summary.repository.ts';
import { modelSummaryRoutes } from './modules/model-summary/model-summary.routes.ts';
import { createModelSummaryService } from './modules/model-summary/model-summary.service.ts';
import { lookupsRoutes } from './modules/models/lookups.routes.ts';
import { createMasterRepository } from './modules/models/master.repository.ts';
import { createModelsRepository } from './modules/models/models.repository.ts';
import { modelsRoutes } from './modules/models/models.routes.ts';
import { createModelsService } from './modules/models/models.service.ts';
import { createOfflineModelsService } from './modules/models/offline-models.service.ts';
import { createNotesRepository } from './modules/notes/notes.repository.ts';
import { notesRoutes } from './modules/notes/notes.routes.ts';
import { createNotesService } from './modules/notes/notes.service.ts';
import { createPdRepository } from './modules/pd/pd.repository.ts';
import { pdRoutes } from './modules/pd/pd.routes.ts';
import { createPdService } from './modules/pd/pd.service.ts';
import { createReportsRepository } from './modules/reports/reports.repository.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import {
  createReportsService,
  logoReaderOf,
  type ReportsService,
} from './modules/reports/reports.service.ts';
import { createRvsRepository } from './modules/rvs/rvs.repository.ts';
import { rvsRoutes } from './modules/rvs/rvs.routes.ts';
import { createRvsService } from './modules/rvs/rvs.service.ts';
import { createStatusHistoryRepository } from './modules/status-history/status-history.repository.ts';
import { statusHistoryRoutes } from './modules/status-history/status-history.routes.ts';
import { createStatusHistoryService } from './modules/status-history/status-history.service.ts';
import { createAssignmentsService } from './modules/structure/assignments.service.ts';
import { createStructureRepository } from './modules/structure/structure.repository.ts';
import { structureRoutes } from './modules/structure/structure.routes.ts';
import { createStructureService } from './modules/structure/structure.service.ts';
import { createTimeseriesRepository } from './modules/timeseries/timeseries.repository.ts';
import { timeseriesRoutes } from './modules/timeseries/timeseries.routes.ts';
import { createTimeseriesService } from './modules/timeseries/timeseries.service.ts';
import { createTransformerRepository } from './modules/transformer/transformer.repository.ts';
import { transformerRoutes } from './modules/transformer/transformer.routes.ts';
import { createTransformerService } from './modules/transformer/transformer.service.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createVcaRepository } from './modules/vca/vca.repository.ts';
import { vcaRoutes } from './modules/vca/vca.routes.ts';
import { createVcaService } from './modules/vca/vca.service.ts';
import { createLocalStorage, type FileStorage } from './storage/storage.ts';
import { webRoutes } from './web/web.routes.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  jobs: Jobs;
  /** The live channel (LISTEN sdp_events) that feeds /api/v1/events. */
  events: EventBus;
  /** The process logger; tests leave it out and get none. */
  logger?: FastifyBaseLogger;
  /** False until the database answers and migrations ran; API calls get 503 meanwhile. */
  isReady?: () => boolean;
}

export interface App {
  app: FastifyInstance;
  routes: RegisteredRoute[];
  /** What the job workers need (main.ts registers them when ROLE is all or worker). */
  services: {
    mail: MailService;
    analysis: AnalysisService;
    ingest: IngestService;
    ingestKeys: IngestKeysRepository;
    /** Who changed what; the retention job trims it to `auditRetentionDays` (0: never). */
    audit: AuditRepository;
    auditRetentionDays: number;
    /** One bounded queue for HTTP and MQTT ingestion of this instance. */
    ingestAdmission: Admission;
    companyCode: (companyId: string) => Promise<string | undefined>;
    /** The live (not deleted) company of a code: MQTT messages the broker authenticated (MQTT_BROKER_AUTH). */
    companyId: (companyCode: string) => Promise<string | undefined>;
    files: FileStore;
    emailSchedules: EmailSchedulesService;
    /** Escalates unacknowledged fault events (issue 26 item 6), from the maintenance job. */
    faultEvents: FaultEventsService;
    reports: ReportsService;
  };
}

/** Builds the HTTP application; main.ts listens on it, tests call `app.inject`. */
export async function buildApp({
  config,
  database,
  jobs,
  events,
  logger,
  isReady = () => true,
}: AppOptions): Promise<App> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: config.bodyLimitBytes,
    // X-Forwarded-For/-Proto are believed only from the proxies TRUST_PROXY names: the sign-in throttle keys on the
    // address and the cookie's Secure flag on the protocol.
    trustProxy: config.trustProxy,
    // Malformed HTTP (oversized headers: 431, bad request lines: 400) is answered `{detail}` too.
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // One line per request costs more than the request at our budgets; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    // Header, request and idle timeouts: slow clients cannot hold connections open (issue 23 item 6).
    ...httpTimeouts(config.http),
  }).withTypeProvider<ZodTypeProvider>();
  limitConnectionsPerAddress(app.server, config.http.maxConnectionsPerAddress);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: any other body type is refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain');
  installErrorHandler(app, config.bodyLimitBytes);

  const { db, pool } = database;
  // Lag-tolerant reads (dashboards, trends, reports, exports) on the DATABASE_READ_URL replicas (issue 28 item 2).
  const readPool = database.reads?.pool ?? pool;
  if (database.reads) {
    const reads = database.reads;
    reads.install(app);
    app.addHook('onClose', async () => reads.close());
  }
  // One store of uploaded files for the routes and the demo plant (main.ts), with its quota and owner rows.
  // One store of bytes and one reader of stored series for every module that needs them.
  // FILES_STORE=s3: a bucket, its module loaded only then (the S3 client is large); its connections close with the app.
  const s3 = config.s3 ? (await import('./storage/s3-storage.ts')).createS3Storage(config.s3) : null;
  if (s3) app.addHook('onClose', async () => s3.close());
  const storage: FileStorage = s3 ?? createLocalStorage(config.filesDir);
  // A bucket that is missing or refuses the keys is said at start, not at the first upload (GET /readyz says it too).
  storage.check().catch((error: Error) => app.log.error(`file storage is not usable: ${error.message}`));
  const timeseries = createTimeseriesRepository(readPool);
  const files = createFileStore({
    db,
    repository: createFilesRepository(db),
    storage,
    quotaBytes: config.uploadQuotaBytesPerCompany,
  });
  const routes: RegisteredRoute[] = [];
  const authCache = createAuthCache({ ttlMs: config.authCacheSeconds * 1000, maxEntries: 10_000 });
  const stopHearing = events.subscribeAuth(authCache.hear);
  app.addHook('onClose', async () => {
    stopHearing();
  });
  const sessions = createSessionsRepository(db, pool, authCache);
  const users = createUsersRepository(db, pool, authCache);
  const audit = createAuditRepository(db);
  const usersService = createUsersService({ users, sessions });
  const authService = createAuthService({
    users,
    usersService,
    sessions,
    audit,
    throttle: createLoginThrottleRepository(db),
    sessionTtlMinutes: config.sessionTtlMinutes,
    sessionMaxHours: config.sessionMaxHours,
    loginMaxFailures: config.loginMaxFailures,
    loginLockMinutes: config.loginLockMinutes,
    loginIpMaxFailures: config.loginIpMaxFailures,
  });
  const oidc = config.oidc ? createOidcClient(config.oidc, config.publicUrl, db) : null;
  const mailRepository = createMailRepository(db);
  const mail = createMailService({
    repository: mailRepository,
    jobs,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
  });
  const companies = createCompaniesRepository(db);
  const members = createMembersRepository(db);
  const invitations = createInvitationsRepository(db, config.invitationLimits);
  const membershipDeps = {
    db,
    members,
    users,
    companies,
    invitations,
    mail,
    audit,
    publicUrl: config.publicUrl,
    invitationTtlDays: config.invitationTtlDays,
  };
  const invitationsService = createInvitationsService({
    db,
    invitations,
    users,
    rules: createMembershipRules(membershipDeps),
    audit,
    sessions,
    localAccounts: !oidc,
    // Accepting an invitation with a password is throttled as sign-in is (issue 23 item 7).
    throttle: createLoginThrottleRepository(db),
    throttleRules: {
      address: { allowance: config.loginIpMaxFailures, maxDelaySeconds: config.loginLockMinutes * 60 },
      link: { allowance: config.loginMaxFailures, maxDelaySeconds: config.loginLockMinutes * 60 },
    },
  });

  await app.register(fastifyHelmet, helmetOptions(config));
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SDP — Smart Detection Platform API',
        version: '1',
        description:
          'Every call under /api/v1 needs the session cookie from POST /auth/login (or the OpenID Connect flow). Errors are `{ "detail": "…" }`.',
      },
      servers: [{ url: config.publicUrl, description: 'This installation (PUBLIC_URL)' }],
      tags: OPENAPI_TAGS,
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sdp_session' },
          ingestKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An ingest key of the company (POST /api/v1/companies/{id}/ingest-keys)',
          },
        },
      },
      security: [{ session: [] }],
    },
    // operationIds, the 4xx every route can answer and only the components in use (issue 29): lib/openapi-operations.ts
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  // Threads for heavy computation (spectra of long captures, large ingest bodies), off the event loop (issue 23).
  const compute = createComputePool();
  app.addHook('onClose', async () => compute.close());
  const ingestKeys = createIngestKeysRepository(db, pool);
  const ingestRepository = createIngestRepository(pool);
  // `model-data` live events after ingest commits (issue 12 item 1).
  const modelDataEvents = createModelDataEvents(pool, (message) => app.log.warn(message));
  app.addHook('onClose', async () => modelDataEvents.stop());
  const ingest = createIngestService({
    pool,
    repository: ingestRepository,
    master: createMasterRepository(db),
    jobs,
    futureToleranceMs: config.ingestFutureToleranceMs,
    announce: modelDataEvents.announce,
    compute,
    warn: (message, detail) => app.log.warn(detail, message),
  });
  const ingestAdmission = createAdmission(config.ingestAdmission);
  const master = createMasterRepository(db);
  const emailSchedulesRepository = createEmailSchedulesRepository(db);
  const emailSchedules = createEmailSchedulesService({
    db,
    repository: emailSchedulesRepository,
    jobs,
    mail,
    publicUrl: config.publicUrl,
  });
  // Who sees which equipment: every read, the live events, and who fault-event mails and reports go to.
  const visibility = createEquipmentVisibility(pool);
  // A model's stored status history (issue 26 items 1, 4): the model page and the report read the same days.
  const statusHistory = createStatusHistoryService(createStatusHistoryRepository(readPool));
  const reports = createReportsService({
    db,
    statusHistory,
    visibility,
    limits: config.reportLimits,
    repository: createReportsRepository(db, readPool),
    runs: emailSchedulesRepository,
    timeseries,
    master,
    jobs,
    mail,
    readLogo: logoReaderOf(storage.open),
    publicUrl: config.publicUrl,
  });
  // An RVS fault event may ask for its model's report at once ('auto-send realtime report'); the job decides.
  const stopRealtimeReports = events.subscribe((event) => {
    if (event.type !== 'fault-event' || typeof event.faultEventId !== 'number') return;
    const modelId = event.modelId;
    if (typeof modelId !== 'string') return;
    jobs
      .send('realtime-report', { modelId, faultEventId: event.faultEventId }, undefined, {
        singletonKey: `realtime:${event.faultEventId}`,
      })
      .catch((error) => app.log.warn({ error }, 'realtime report not queued'));
  });
  app.addHook('onClose', async () => {
    stopRealtimeReports();
  });
  const faultEvents = createFaultEventsService({
    db,
    visibility,
    repository: createFaultEventsRepository(db),
    master,
    mail,
    bus: events,
    audit,
    publicUrl: config.publicUrl,
    log: (message, detail) => app.log.warn(detail ?? {}, message),
  });
  app.addHook('onClose', async () => faultEvents.stop());
  const alarmPrecision = createAlarmPrecisionService(createAlarmPrecisionRepository(db));
  await app.register(accessPlugin, {
    sessions,
    authCache,
    sessionTtlMinutes: config.sessionTtlMinutes,
    sessionMaxHours: config.sessionMaxHours,
    routes,
    verifyIngestKey: (keyHash) => ingestKeys.findLive(keyHash),
  });

  app.addHook('onRequest', csrfGuard(config.publicUrl));
  installNulGuard(app);

  app.addHook('onRequest', async (request) => {
    if (!isReady() && (request.url.startsWith('/api/v1') || request.url.startsWith('/auth/'))) {
      throw new HttpError(503, 'The service is starting: the database is not reachable yet.');
    }
  });

  await app.register(healthRoutes, { pool, isReady, checkFiles: () => storage.check() });
  const sessionCookie = {
    secureCookies: config.publicUrl.startsWith('https://'),
    sessionTtlMinutes: config.sessionTtlMinutes,
  };
  await app.register(authRoutes, {
    service: authService,
    accounts: {
      findByEmail: (email) => users.findByEmail(email),
      linkOidcSubject: (userId, subject) => users.linkOidcSubject(userId, subject),
      acceptInvitations: async (userId) => {
        await invitationsService.acceptAllFor(userId);
      },
    },
    oidc,
    ...sessionCookie,
    reportIssueUrl: config.reportIssueUrl,
  });
  await app.register(invitationsRoutes, {
    service: invitationsService,
    signIn: sessionSignIn(authService, sessionCookie),
  });
  await app.register(
    async (api) => {
      await api.register(usersRoutes, { service: usersService });
      await api.register(companiesRoutes, { service: createCompaniesService({ db, companies, audit }) });
      await api.register(membersRoutes, { service: createMembersService(membershipDeps) });
      await api.register(adminsRoutes, { service: createAdminsService(membershipDeps) });
      await api.register(mailOutboxRoutes, {
        repository: mailRepository,
        showSecrets: config.mailOutboxShowsLinks,
      });
      const structure = createStructureRepository(db, pool);
      const models = createModelsRepository(db);
      await api.register(structureRoutes, {
        service: createStructureService({ db, repository: structure, audit, visibility }),
        assignments: createAssignmentsService({ db, repository: structure, audit }),
        repository: structure,
        visibility,
      });
      await api.register(modelsRoutes, {
        service: createModelsService({ db, models, structure, master, audit }),
        offline: createOfflineModelsService({ structure, audit }),
        models,
        structure,
        master,
        storage: files,
        maxBytes: config.uploadMaxBytes,
        visibility,
      });
      await api.register(lookupsRoutes, { master });
      await api.register(uploadsRoutes, {
        files,
        maxBytes: config.uploadMaxBytes,
        maxPixels: config.imageMaxPixels,
        companyExists: async (id) => {
          const company = await companies.find(id);
          return Boolean(company && !company.deleted_at);
        },
      });
      await api.register(modelFilesRoutes, {
        service: createModelFilesService({
          db,
          repository: createModelFilesRepository(db),
          files,
          imageMaxPixels: config.imageMaxPixels,
        }),
        visibility,
        imageMaxBytes: config.uploadMaxBytes,
        documentMaxBytes: config.documentMaxBytes,
      });
      await api.register(auditRoutes, { audit });
      await api.register(ingestKeysRoutes, { repository: ingestKeys, audit });
      await api.register(eventsRoutes, {
        bus: events,
        sessions,
        visibility,
        log: createLiveEventsRepository(pool),
        limits: config.eventStreams,
      });
      await api.register(timeseriesRoutes, {
        service: createTimeseriesService({ repository: timeseries, models, master, compute }),
        visibility,
      });
      await api.register(transformerRoutes, {
        service: createTransformerService({
          repository: createTransformerRepository(readPool),
          timeseries,
          models,
          master,
        }),
        visibility,
      });
      await api.register(pdRoutes, {
        service: createPdService({ repository: createPdRepository(readPool), models }),
        visibility,
      });
      // Issue 13: VCA and EVS dashboards and the company-wide status tables.
      const vca = createVcaService({ repository: createVcaRepository(readPool), timeseries, models, master });
      await api.register(vcaRoutes, { service: vca, visibility });
      await api.register(evsRoutes, {
        service: createEvsService({ timeseries, models, master }),
        visibility,
      });
      // Issue 14: the RVS vibration view.
      await api.register(rvsRoutes, {
        service: createRvsService({
          repository: createRvsRepository(readPool),
          timeseries,
          models,
          master,
          compute,
        }),
        visibility,
      });
      await api.register(modelSummaryRoutes, {
        service: createModelSummaryService({
          repository: createModelSummaryRepository(readPool),
          visibility,
          vca,
        }),
      });
      await api.register(faultEventsRoutes, { service: faultEvents, visibility, precision: alarmPrecision });
      const baselines = createBaselinesRepository(db);
      await api.register(baselinesRoutes, {
        service: createBaselinesService({ db, repository: baselines, master, audit, jobs }),
        repository: baselines,
        visibility,
      });
      await api.register(alarmPrecisionRoutes, { service: alarmPrecision, visibility });
      await api.register(statusHistoryRoutes, { service: statusHistory, visibility });
      await api.register(notesRoutes, {
        service: createNotesService({ db, repository: createNotesRepository(db) }),
        visibility,
      });
      await api.register(emailSchedulesRoutes, {
        service: emailSchedules,
        repository: emailSchedulesRepository,
        visibility,
      });
      await api.register(reportsRoutes, { service: reports, visibility });
      await api.register(mcaRoutes, {
        service: createMcaService({
          repository: createMcaRepository(readPool),
          timeseries,
          models,
          master,
          compute,
        }),
        visibility,
      });
      await api.register(ingestRoutes, {
        service: ingest,
        keys: ingestKeys,
        bodyLimitBytes: config.ingestBodyLimitBytes,
        body: config.ingestBody,
        compute,
        admission: ingestAdmission,
      });
    },
    { prefix: '/api/v1' },
  );
  await app.register(webRoutes, { webDist: config.webDist });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }));
  await app.ready();
  const analysis = createAnalysisService({
    pool,
    repository: createAnalysisRepository(pool),
    ingest: ingestRepository,
    master,
    log: (message, detail) => app.log.warn(detail ?? {}, message),
    compute,
  });
  const companyCode = async (companyId: string) => (await companies.find(companyId))?.initial_code;
  const companyId = (code: string) => companies.idOfCode(code);
  return {
    app,
    routes,
    services: {
      mail,
      analysis,
      ingest,
      ingestKeys,
      audit,
      auditRetentionDays: config.auditRetentionDays,
      ingestAdmission,
      companyCode,
      companyId,
      files,
      emailSchedules,
      reports,
      faultEvents,
    },
  };
}
