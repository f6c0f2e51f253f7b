import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MemberRole } from '@sdp/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { RegisteredRoute } from '../src/auth/access.ts';
import { CSRF_HEADER } from '../src/auth/csrf.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type DatabaseHandle, type Db, openDatabase } from '../src/db/pool.ts';
import { createEventBus, type EventBus } from '../src/events/event-bus.ts';
import { createJobs, type Jobs } from '../src/jobs/jobs.ts';
import { createCompaniesRepository } from '../src/modules/companies/companies.repository.ts';
import { registerWorkers } from '../src/workers.ts';
import { withDatabase } from './global-setup.ts';

export const PASSWORD = 'correct horse battery';

/** One app on the test database, built as main.ts builds it: its own pool, job queue and LISTEN connection. */
export interface TestInstance {
  app: FastifyInstance;
  routes: RegisteredRoute[];
  database: DatabaseHandle;
  jobs: Jobs;
  events: EventBus;
  services: App['services'];
  /**
   * Resolves once the app has heard every change committed so far on the `sdp_auth` channel. Tests that write
   * straight to the database (as another process would) call it before the next request, instead of racing the
   * notification.
   */
  changesHeard(): Promise<void>;
  close(): Promise<void>;
}

export interface TestContext extends TestInstance {
  db: Db;
  databaseUrl: string;
  config: Config;
  /** Another instance on the same database, as a second server process behind a load balancer; close it. */
  anotherInstance(): Promise<TestInstance>;
}

/** Notifications arrive in commit order: when our own marker is heard, everything committed before it was heard. */
async function changesHeard(events: EventBus, pool: pg.Pool): Promise<void> {
  const marker = `sync:${randomBytes(6).toString('hex')}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('the sdp_auth channel did not answer within 5 s'));
    }, 5_000);
    const stop = events.subscribeAuth((signal) => {
      if (signal.kind === 'change' && signal.payload === marker) {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
    pool.query('SELECT pg_notify($1, $2)', ['sdp_auth', marker]).catch(reject);
  });
}

/** A fresh database cloned from the migrated template, and the app built on it as main.ts builds it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = inject('databaseUrl');
  const name = `sdp_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(base, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  await admin.end();
  return {
    url: withDatabase(base, name),
    async drop() {
      const client = new pg.Client({ connectionString: withDatabase(base, 'postgres') });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** `workers: true` also runs the job workers (mail delivery), as a ROLE=all server does. */
export async function createTestContext(
  env: Record<string, string> = {},
  options: { workers?: boolean } = {},
): Promise<TestContext> {
  const testDb = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: testDb.url,
    SDP_DEMO: '0',
    WEB_DIST: '/nonexistent',
    FILES_DIR: path.join(os.tmpdir(), `sdp-test-files-${randomBytes(4).toString('hex')}`),
    ...env,
  });
  const first = await startInstance(testDb.url, config, options);
  return {
    ...first,
    db: first.database.db,
    databaseUrl: testDb.url,
    config,
    anotherInstance: () => startInstance(testDb.url, config),
    async close() {
      await first.close();
      await testDb.drop();
      await rm(config.filesDir, { recursive: true, force: true });
    },
  };
}

/** The app on an existing database (a restored backup, say), built as main.ts builds it. */
export function instanceOn(url: string): Promise<TestInstance> {
  return startInstance(
    url,
    loadConfig({
      DATABASE_URL: url,
      SDP_DEMO: '0',
      WEB_DIST: '/nonexistent',
      FILES_DIR: path.join(os.tmpdir(), `sdp-test-files-${randomBytes(4).toString('hex')}`),
    }),
  );
}

async function startInstance(
  url: string,
  config: Config,
  options: { workers?: boolean } = {},
): Promise<TestInstance> {
  const database = openDatabase(url);
  const jobs = createJobs(url, () => undefined);
  const events = createEventBus(url, () => undefined);
  await events.start();
  const { app, routes, services } = await buildApp({ config, database, jobs, events });
  if (options.workers) await registerWorkers(jobs, services);
  return {
    app,
    routes,
    database,
    jobs,
    events,
    services,
    changesHeard: () => changesHeard(events, database.pool),
    async close() {
      await app.close();
      await events.stop();
      await jobs.stop();
      await database.close();
    },
  };
}

let passwordHash: Promise<string> | undefined;

export async function createUser(
  db: Db,
  input: { email: string; name?: string; admin?: boolean; status?: 'pending' | 'active' | 'inactive' },
): Promise<string> {
  passwordHash ??= hashPassword(PASSWORD);
  const row = await db
    .insertInto('users')
    .values({
      email: input.email,
      name: input.name ?? input.email.split('@')[0] ?? '',
      password_hash: await passwordHash,
      platform_role: input.admin ? 'ADMIN' : 'USER',
      status: input.status ?? 'active',
      image_url: null,
      oidc_subject: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A company valid from today for 30 days, with its primary folder (the title upper-cased), as the API makes one. */
export async function createCompany(db: Db, title: string, code: string): Promise<string> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return createCompaniesRepository(db).insert(
    { title, initial_code: code, image_path: null, start_date: day(0), end_date: day(30) },
    db,
  );
}

export async function addMember(
  db: Db,
  companyId: string,
  userId: string,
  role: MemberRole,
  status: 'pending' | 'active' | 'inactive' = 'active',
) {
  await db
    .insertInto('memberships')
    .values({ company_id: companyId, user_id: userId, role, status })
    .execute();
}

/** Signs in through the public route and answers the Cookie header to send with later requests. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((candidate) => candidate.name === 'sdp_session');
  if (!cookie) throw new Error('no session cookie');
  return `sdp_session=${cookie.value}`;
}

/** The users seedTenants creates, by the name tests call them. */
export const TENANT_EMAILS = {
  admin: 'admin@acme.test',
  owner: 'owner@acme.test',
  ownerRvs: 'owner.rvs@acme.test',
  supmem: 'supmem@acme.test',
  member: 'member@acme.test',
  outsider: 'outsider@other.test',
} as const;
export type Tenant = keyof typeof TENANT_EMAILS;

/** A company with one active member per role, one platform admin and an outsider from another company. */
export async function seedTenants(db: Db) {
  const companyId = await createCompany(db, 'Acme Power', 'ACME');
  const otherCompanyId = await createCompany(db, 'Other Works', 'OTHER');
  const users = {
    admin: await createUser(db, { email: TENANT_EMAILS.admin, admin: true }),
    owner: await createUser(db, { email: TENANT_EMAILS.owner }),
    ownerRvs: await createUser(db, { email: TENANT_EMAILS.ownerRvs }),
    supmem: await createUser(db, { email: TENANT_EMAILS.supmem }),
    member: await createUser(db, { email: TENANT_EMAILS.member }),
    outsider: await createUser(db, { email: TENANT_EMAILS.outsider }),
  };
  await addMember(db, companyId, users.owner, 'owner');
  await addMember(db, companyId, users.ownerRvs, 'owner_rvs');
  await addMember(db, companyId, users.supmem, 'supmem');
  await addMember(db, companyId, users.member, 'member');
  await addMember(db, otherCompanyId, users.outsider, 'owner');
  return { companyId, otherCompanyId, users };
}

/** Signs every user of seedTenants in: the Cookie header of each, by name. */
export async function signInTenants(app: FastifyInstance): Promise<Record<Tenant, string>> {
  const cookies = {} as Record<Tenant, string>;
  for (const [who, email] of Object.entries(TENANT_EMAILS)) cookies[who as Tenant] = await signIn(app, email);
  return cookies;
}

/** Who calls (null: without a session), how, where, and the body; a string body is sent as JSON text, unparsed. */
export type CallArgs = [
  who: Tenant | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: object | string,
];

/**
 * The header the web client sends with every call: without it (or a JSON body) a state-changing request is refused
 * as a possible cross-site forgery. Tests that inject body-less or multipart writes send it too.
 */
export const CSRF = { [CSRF_HEADER]: '1' } as const;

/** A request as one of the tenants signed in by signInTenants, sent as the web client sends it. */
export function requestAs(
  app: FastifyInstance,
  cookies: Record<Tenant, string>,
  ...[who, method, url, body]: CallArgs
) {
  return app.inject({
    method,
    url,
    headers: {
      ...CSRF,
      ...(who ? { cookie: cookies[who] } : {}),
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
}
