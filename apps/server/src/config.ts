import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_READ_URL: z
      .string()
      .trim()
      .regex(
        /^(postgres(ql)?:\/\/[^,\s]+)(\s*,\s*postgres(ql)?:\/\/[^,\s]+)*$/,
        'must be one or more postgres:// URLs separated by commas',
      )
      .optional(),
    DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
    DATABASE_READ_STICKY_SECONDS: z.coerce.number().min(0).max(3600).default(10),
    DATA_DIR: z.string().min(1).default('./data'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    SESSION_TTL_MINUTES: z.coerce.number().int().min(5).max(43_200).default(720),
    AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
    LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    LOGIN_IP_MAX_FAILURES: z.coerce.number().int().min(1).max(100_000).default(50),
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(8760).default(168),
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z.:/,\s]*$/, 'must be true, false, a number of hops or a list of addresses/CIDRs')
      .optional(),
    CSP_IMG_SOURCES: z.string().default('https://tile.openstreetmap.org'),
    CSP_CONNECT_SOURCES: z.string().default('https://nominatim.openstreetmap.org'),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    EVENT_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(100_000).default(10),
    EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(10),
    HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(75),
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(72),
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(256),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_SCOPES: z.string().default('openid email profile'),
    OIDC_LOGOUT_REDIRECT_URL: z.url().optional(),
    SDP_ADMIN_EMAIL: z.email().optional(),
    SDP_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SDP_DEMO: flag.optional(),
    SDP_DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default('demo1234'),
    SDP_DEMO_STREAM: flag.optional(),
    SDP_DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(365).default(90),
    REPORT_ISSUE_URL: z.url().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('SDP <no-reply@sdp.local>'),
    INVITATION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    INVITE_MAX_PER_INVITER_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
    INVITE_MAX_PER_COMPANY_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(100),
    REPORT_PDF_MAX_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
    REPORT_FILES_MAX_MB_PER_COMPANY: z.coerce.number().int().min(1).max(1_000_000).default(200),
    MAIL_OUTBOX_SHOWS_LINKS: flag.optional(),
    IMAGE_MAX_PIXELS: z.coerce.number().int().min(1).max(500_000_000).default(40_000_000),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(5 * 1024 * 1024),
    DOCUMENT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(20 * 1024 * 1024),
    UPLOAD_QUOTA_BYTES_PER_COMPANY: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024 * 1024),
    INGEST_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(64 * 1024 * 1024),
    INGEST_FUTURE_TOLERANCE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(730),
    INGEST_MAX_ACTIVE: z.coerce.number().int().min(1).max(64).default(4),
    INGEST_MAX_WAITING: z.coerce.number().int().min(0).max(10_000).default(32),
    INGEST_MAX_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    INGEST_BODY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    INGEST_GZIP_MAX_RATIO: z.coerce.number().int().min(2).max(10_000).default(100),
    INGEST_MAX_READS_PER_KEY: z.coerce.number().int().min(1).max(1000).default(8),
    FILES_DIR: z.string().min(1).optional(),
    FILES_STORE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
      )
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name like us-east-1')
      .default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: flag.default(true),
    S3_PREFIX: z
      .string()
      .regex(
        /^\/*([A-Za-z0-9_-][A-Za-z0-9._-]*\/)*([A-Za-z0-9_-][A-Za-z0-9._-]*)?\/?$/,
        'must be folder names of letters, digits, ., _ and - separated by /',
      )
      .optional(),
    MQTT_URL: z
      .string()
      .regex(/^(mqtts?|wss?|tcp):\/\//, 'must be an mqtt://, mqtts://, ws:// or wss:// URL')
      .optional(),
    MQTT_USERNAME: z
      .string()
      .regex(/^[A-Za-z0-9._@-]{1,128}$/, 'must be 1 to 128 letters, digits, ., _, @ and -')
      .optional(),
    MQTT_PASSWORD: optionalString,
    MQTT_CA_FILE: optionalString,
    MQTT_BROKER_AUTH: flag.default(false),
    MQTT_BROKER_FILES_DIR: optionalString,
    MQTT_TOPIC_PREFIX: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/,
        'must be topic levels of letters, digits, _ and - separated by / (no wildcards)',
      )
      .default('sdp'),
    MQTT_SHARE_GROUP: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, _ and -')
      .optional(),
    // 1,048,576 samples (the largest waveform) at up to 31 bytes of JSON each, and the rest of the message.
    MQTT_MAX_MESSAGE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(268_435_455)
      .default(32 * 1024 * 1024),
    WEB_DIST: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when OIDC is configured' });
      }
    }
    if (env.FILES_STORE === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when FILES_STORE=s3' });
      }
    }
    if (env.MQTT_PASSWORD && !env.MQTT_USERNAME)
      ctx.addIssue({ code: 'custom', path: ['MQTT_USERNAME'], message: 'is required with MQTT_PASSWORD' });
    if (env.MQTT_BROKER_FILES_DIR && !(env.MQTT_USERNAME && env.MQTT_PASSWORD))
      ctx.addIssue({
        code: 'custom',
        path: ['MQTT_BROKER_FILES_DIR'],
        message: "needs the server's broker account in MQTT_USERNAME and MQTT_PASSWORD",
      });
    if (env.MQTT_BROKER_AUTH && !env.MQTT_USERNAME && !/^[a-z]+:\/\/[^/@]+@/.test(env.MQTT_URL ?? ''))
      ctx.addIssue({
        code: 'custom',
        path: ['MQTT_BROKER_AUTH'],
        message: "needs the server's broker account (MQTT_USERNAME or credentials in MQTT_URL)",
      });
    // Node refuses a header timeout longer than the whole request's.
    if (env.HTTP_HEADERS_TIMEOUT_SECONDS > env.HTTP_REQUEST_TIMEOUT_SECONDS)
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_SECONDS'],
        message: 'must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS',
      });
    const filesProblem = filesDirProblem(env.DATA_DIR, env.FILES_DIR);
    if (filesProblem) ctx.addIssue({ code: 'custom', path: ['FILES_DIR'], message: filesProblem });
    if (Boolean(env.SDP_ADMIN_EMAIL) !== Boolean(env.SDP_ADMIN_PASSWORD)) {
      const missing = env.SDP_ADMIN_EMAIL ? 'SDP_ADMIN_PASSWORD' : 'SDP_ADMIN_EMAIL';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required together with the other SDP_ADMIN_ variable',
      });
    }
  });

/**
 * FILES_DIR is served to the web: it may never be DATA_DIR itself, hold it, or overlap the folders of the
 * embedded database and its secrets (issue 11 item 1).
 */
function filesDirProblem(dataDir: string, filesDir: string | undefined): string | null {
  if (!filesDir) return null;
  const files = path.resolve(filesDir);
  const within = (inner: string, outer: string) => {
    const relative = path.relative(outer, inner);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  };
  const data = path.resolve(dataDir);
  if (within(data, files)) return 'must not be DATA_DIR or a folder that contains it';
  for (const secret of ['secrets', 'pg']) {
    if (within(files, path.join(data, secret)))
      return `must not be inside DATA_DIR/${secret} (the database and its password)`;
  }
  return null;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** Streaming replicas for lag-tolerant reads (DATABASE_READ_URL), how far behind they may be, read-your-writes. */
  readReplicas: { urls: string[]; maxLagMs: number; stickyMs: number };
  dataDir: string;
  embeddedPgPort: number;
  logLevel: string;
  role: 'all' | 'api' | 'worker';
  sessionTtlMinutes: number;
  /** How long a session or user lookup may be answered from memory (0 = never); changes empty it at once. */
  authCacheSeconds: number;
  loginMaxFailures: number;
  /** The longest delay a run of failed sign-ins imposes (the delays double from 30 s up to it). */
  loginLockMinutes: number;
  /** Failed sign-ins from one address (any e-mail) before that address is slowed down too. */
  loginIpMaxFailures: number;
  /** A session ends this long after sign-in however much it is used (on top of the sliding SESSION_TTL_MINUTES). */
  sessionMaxHours: number;
  /** Fastify's trustProxy: whose X-Forwarded-For / -Proto to believe (false: nobody's). */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Extra Content-Security-Policy sources for images (map tiles) and fetches (the geocoder) of the web app. */
  csp: { imgSources: string[]; connectSources: string[] };
  bodyLimitBytes: number;
  /** Live event streams one session, and one user, may hold open on an instance; a new one closes the oldest. */
  eventStreams: { perSession: number; perUser: number };
  /**
   * How long a client may take (issue 23 item 6): to send its headers, its whole request, to stay silent mid-request,
   * and to stay idle between requests; and how many connections one address may hold open (0: any number).
   */
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    idleTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnectionsPerAddress: number;
  };
  oidc: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    scopes: string;
    logoutRedirectUrl?: string;
  } | null;
  admin: { email: string; password: string } | null;
  demo: { enabled: boolean; password: string; stream: boolean; historyDays: number };
  reportIssueUrl: string | null;
  webDist: string;
  smtpUrl: string | null;
  mailFrom: string;
  invitationTtlDays: number;
  /** Invitation mails one inviter, and one company, may send an hour (429 beyond). */
  invitationLimits: { perInviterPerHour: number; perCompanyPerHour: number };
  /** On-demand report PDFs: per user a minute (429 beyond), and the bytes of stored PDFs per company (409 beyond). */
  reportLimits: { perUserPerMinute: number; maxBytesPerCompany: number };
  /** The Mail outbox shows invitation links (development and tests without a mail server only). */
  mailOutboxShowsLinks: boolean;
  uploadMaxBytes: number;
  /** The most pixels an uploaded image may declare (width × height); more answers 413 before anything is inflated. */
  imageMaxPixels: number;
  /** The largest PDF a model's PM report or manual may be (issue 12 item 2). */
  documentMaxBytes: number;
  /** The bytes of uploaded files one company (or one user's profile pictures) may hold. */
  uploadQuotaBytesPerCompany: number;
  ingestBodyLimitBytes: number;
  /** How far ahead of the server's clock a point or capture may be stamped (gateway clock skew). */
  ingestFutureToleranceMs: number;
  /** Audit log rows older than this many days are removed by the daily retention job; 0 keeps them all. */
  auditRetentionDays: number;
  /** The bounded queue in front of ingestion (HTTP and MQTT): stored at once, waiting, longest wait. */
  ingestAdmission: { active: number; waiting: number; waitMs: number };
  /**
   * Ingest bodies (issue 23): how long one may take to arrive, how far a gzip body may inflate (× its compressed
   * size, past the first MiB), and how many bodies one ingest key may be sending at once.
   */
  ingestBody: { timeoutMs: number; gzipMaxRatio: number; readsPerKey: number };
  /** Where uploaded bytes live when `s3` is null (the default, FILES_STORE=local). */
  filesDir: string;
  /** FILES_STORE=s3: an S3-compatible bucket instead of `filesDir` (storage/s3-storage.ts). */
  s3: S3Settings | null;
  mqttUrl: string | null;
  /** How MQTT ingestion reaches the broker (with mqttUrl); shareGroup null: derived from the database. */
  mqtt: {
    username: string | null;
    password: string | null;
    caFile: string | null;
    /** Where the server writes the broker's password and ACL files from the live ingest keys (null: it does not). */
    brokerFilesDir: string | null;
    topicPrefix: string;
    shareGroup: string | null;
    maxMessageBytes: number;
    brokerAuth: boolean;
  };
}

/** The bucket of uploaded files when FILES_STORE=s3; keys are `<prefix><kind>/<name>`. */
export interface S3Settings {
  /** Unset: the AWS endpoint of `region`. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO, Ceph and most self-hosted servers). */
  forcePathStyle: boolean;
  /** '' or folder names ending in '/'. */
  prefix: string;
}

export class ConfigError extends Error {}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** TRUST_PROXY: unset/false trusts nobody; true trusts every hop; a number trusts that many hops; else addresses. */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || ['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

const sourceList = (value: string) => value.split(/[\s,]+/).filter(Boolean);

/** Parses the environment once; the only place that reads process.env. Throws ConfigError with one line per problem. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const oidc =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          scopes: e.OIDC_SCOPES,
          ...(e.OIDC_LOGOUT_REDIRECT_URL ? { logoutRedirectUrl: e.OIDC_LOGOUT_REDIRECT_URL } : {}),
        }
      : null;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(
      /\/$/,
      '',
    ),
    databaseUrl: e.DATABASE_URL,
    readReplicas: {
      urls: (e.DATABASE_READ_URL ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
      maxLagMs: e.DATABASE_READ_MAX_LAG_SECONDS * 1000,
      stickyMs: e.DATABASE_READ_STICKY_SECONDS * 1000,
    },
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    logLevel: e.LOG_LEVEL,
    role: e.ROLE,
    sessionTtlMinutes: e.SESSION_TTL_MINUTES,
    authCacheSeconds: e.AUTH_CACHE_SECONDS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    loginIpMaxFailures: e.LOGIN_IP_MAX_FAILURES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    csp: { imgSources: sourceList(e.CSP_IMG_SOURCES), connectSources: sourceList(e.CSP_CONNECT_SOURCES) },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    eventStreams: { perSession: e.EVENT_STREAMS_PER_SESSION, perUser: e.EVENT_STREAMS_PER_USER },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxConnectionsPerAddress: e.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    },
    oidc,
    admin:
      e.SDP_ADMIN_EMAIL && e.SDP_ADMIN_PASSWORD
        ? { email: e.SDP_ADMIN_EMAIL, password: e.SDP_ADMIN_PASSWORD }
        : null,
    // The demo plant is on by default only with the embedded database: never seed a real server by surprise.
    demo: {
      enabled: e.SDP_DEMO ?? !e.DATABASE_URL,
      password: e.SDP_DEMO_PASSWORD,
      stream: e.SDP_DEMO_STREAM ?? true,
      historyDays: e.SDP_DEMO_HISTORY_DAYS,
    },
    reportIssueUrl: e.REPORT_ISSUE_URL ?? null,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    invitationTtlDays: e.INVITATION_TTL_DAYS,
    invitationLimits: {
      perInviterPerHour: e.INVITE_MAX_PER_INVITER_PER_HOUR,
      perCompanyPerHour: e.INVITE_MAX_PER_COMPANY_PER_HOUR,
    },
    reportLimits: {
      perUserPerMinute: e.REPORT_PDF_MAX_PER_USER_PER_MINUTE,
      maxBytesPerCompany: e.REPORT_FILES_MAX_MB_PER_COMPANY * 1024 * 1024,
    },
    mailOutboxShowsLinks: e.MAIL_OUTBOX_SHOWS_LINKS ?? false,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    imageMaxPixels: e.IMAGE_MAX_PIXELS,
    documentMaxBytes: e.DOCUMENT_MAX_BYTES,
    uploadQuotaBytesPerCompany: e.UPLOAD_QUOTA_BYTES_PER_COMPANY,
    ingestBodyLimitBytes: e.INGEST_BODY_LIMIT_BYTES,
    ingestFutureToleranceMs: e.INGEST_FUTURE_TOLERANCE_SECONDS * 1000,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    ingestAdmission: {
      active: e.INGEST_MAX_ACTIVE,
      waiting: e.INGEST_MAX_WAITING,
      waitMs: e.INGEST_MAX_WAIT_MS,
    },
    ingestBody: {
      timeoutMs: e.INGEST_BODY_TIMEOUT_SECONDS * 1000,
      gzipMaxRatio: e.INGEST_GZIP_MAX_RATIO,
      readsPerKey: e.INGEST_MAX_READS_PER_KEY,
    },
    filesDir: path.resolve(e.FILES_DIR ?? path.join(e.DATA_DIR, 'files')),
    s3:
      e.FILES_STORE === 's3' && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT ? e.S3_ENDPOINT.replace(/\/$/, '') : null,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: (e.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '').replace(/(.)$/, '$1/'),
          }
        : null,
    mqttUrl: e.MQTT_URL ?? null,
    mqtt: {
      username: e.MQTT_USERNAME ?? null,
      password: e.MQTT_PASSWORD ?? null,
      caFile: e.MQTT_CA_FILE ? path.resolve(e.MQTT_CA_FILE) : null,
      brokerFilesDir: e.MQTT_BROKER_FILES_DIR ? path.resolve(e.MQTT_BROKER_FILES_DIR) : null,
      topicPrefix: e.MQTT_TOPIC_PREFIX,
      shareGroup: e.MQTT_SHARE_GROUP ?? null,
      maxMessageBytes: e.MQTT_MAX_MESSAGE_BYTES,
      brokerAuth: e.MQTT_BROKER_AUTH,
    },
  };
}
