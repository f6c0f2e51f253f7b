import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { hashToken } from '../../src/auth/access.ts';
import {
  addMember,
  createUser,
  PASSWORD,
  requestAs,
  seedTenants,
  signIn,
  signInTenants,
  TENANT_EMAILS,
  type Tenant,
  type TestContext,
} from '../harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../plant.ts';
import type { Operation } from './fuzz-requests.ts';
import type { Hints, JsonSchema } from './fuzz-values.ts';

/** The seeded world the fuzzer signs in to and aims at: two companies, every role, equipment with data. */
export interface World {
  tenants: Awaited<ReturnType<typeof seedTenants>>;
  cookies: Record<Tenant, string>;
  ingestKey: string;
  /** A recommendation workbook as the server hands it out: a file its upload route accepts. */
  workbook: Buffer;
  /** Live invitation links (the token of each), so that the invitation routes reach their handlers. */
  invitationTokens: string[];
  /** The seeded users' password hash: restored when a route (an accepted invitation) changed one. */
  passwordHash: string;
}

/** Invitations as the invite route leaves them, straight in the database: two new people and an existing member. */
async function seedInvitations(ctx: TestContext, tenants: World['tenants']): Promise<string[]> {
  const tokens: string[] = [];
  const invitees = [
    await createUser(ctx.db, { email: 'invitee.one@fuzz.test', status: 'pending' }),
    await createUser(ctx.db, { email: 'invitee.two@fuzz.test', status: 'pending' }),
  ];
  for (const userId of invitees) await addMember(ctx.db, tenants.companyId, userId, 'member', 'pending');
  for (const userId of [...invitees, tenants.users.member]) {
    const token = randomBytes(32).toString('base64url');
    await ctx.db
      .insertInto('invitations')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        company_id: tenants.companyId,
        invited_by: tenants.users.owner,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    tokens.push(token);
  }
  return tokens;
}

export async function seedWorld(ctx: TestContext): Promise<World> {
  const tenants = await seedTenants(ctx.db);
  const tag = await seedEquipment(ctx.db, tenants.companyId, 'T1');
  await seedEquipment(ctx.db, tenants.otherCompanyId, 'O1');
  const model = await createModel(ctx.app, tag, 5, {
    raw_vibration_sensor_in: [
      {
        sensorId: 'S1',
        sensorName: 'Pump DE',
        machine: 'driven',
        limits: [{ type: 'velocity', axis: 'x', warning: 2.8, alarm: 4.5 }],
      },
    ],
  });
  const ingestKey = await createIngestKey(ctx.app, tenants.companyId);
  const start = Date.now() - 6 * 3_600_000;
  const points = Array.from({ length: 360 }, (_, i) => ({
    tag: i % 2 ? 'S1.temperature' : 'S1.battery',
    ts: start + i * 60_000,
    value: 40 + Math.sin(i / 10),
  }));
  const measured = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/measurements',
    headers: { authorization: `Bearer ${ingestKey}` },
    payload: { modelCode: model.code, points },
  });
  if (measured.statusCode !== 200) throw new Error(`measurements not stored: ${measured.body}`);
  const samples = Float32Array.from({ length: 4096 }, (_, i) => Math.sin((2 * Math.PI * 50 * i) / 4096));
  const query = new URLSearchParams({
    modelCode: model.code,
    sensor: 'S1',
    kind: 'vibration',
    channel: 'x',
    sampleRate: '4096',
    capturedAt: new Date(start).toISOString(),
    unit: 'm/s2',
    fileName: 'seed.bin',
  });
  const waveform = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/ingest/waveforms?${query}`,
    headers: { authorization: `Bearer ${ingestKey}`, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(samples.buffer),
  });
  if (waveform.statusCode !== 200) throw new Error(`waveform not stored: ${waveform.body}`);
  const cookies = await signInTenants(ctx.app);
  const offline = await requestAs(ctx.app, cookies, 'admin', 'POST', '/api/v1/equipment-model-offlines', {
    equipment_tag_id: tag,
    title: 'Offline',
    linkUrl: 'https://example.com/offline',
  });
  if (offline.statusCode !== 201) throw new Error(`offline model not created: ${offline.body}`);
  const workbook = await requestAs(
    ctx.app,
    cookies,
    'admin',
    'GET',
    `/api/v1/equipment-models/${model.id}/recommendation`,
  );
  if (workbook.statusCode !== 200) throw new Error(`no recommendation workbook: ${workbook.body}`);
  const invitationTokens = await seedInvitations(ctx, tenants);
  const { password_hash } = await ctx.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', tenants.users.owner)
    .executeTakeFirstOrThrow();
  return {
    tenants,
    cookies,
    ingestKey,
    workbook: workbook.rawPayload,
    invitationTokens,
    passwordHash: password_hash ?? '',
  };
}

/** Ids and names of what exists now, read before each operation: created rows join in, deleted ones leave. */
export interface Pools {
  companies: string[];
  users: string[];
  folders: string[];
  tags: string[];
  structure: string[];
  images: string[];
  models: string[];
  offlines: string[];
  waveforms: string[];
  keys: string[];
  all: string[];
  codes: string[];
  seriesTags: string[];
  fileKinds: string[];
  fileNames: string[];
}

export async function readPools(ctx: TestContext): Promise<Pools> {
  const { db } = ctx;
  const ids = async (
    table:
      | 'companies'
      | 'users'
      | 'equipment_tag_images'
      | 'equipment_model_offlines'
      | 'waveforms'
      | 'ingest_keys',
  ) => (await db.selectFrom(table).select('id').limit(50).execute()).map((row) => row.id);
  const structure = await db.selectFrom('structure_items').select(['id', 'item_type']).limit(100).execute();
  const models = await db.selectFrom('equipment_models').select(['id', 'code']).limit(50).execute();
  const series = await db.selectFrom('series').select('tag').distinct().limit(50).execute();
  const fileKinds = await readdir(ctx.config.filesDir).catch(() => [] as string[]);
  const fileNames = (
    await Promise.all(
      fileKinds.map((kind) => readdir(path.join(ctx.config.filesDir, kind)).catch(() => [] as string[])),
    )
  ).flat();
  const pools = {
    companies: await ids('companies'),
    users: await ids('users'),
    folders: structure.filter((row) => row.item_type === 'Folder').map((row) => row.id),
    tags: structure.filter((row) => row.item_type === 'EquipmentTag').map((row) => row.id),
    structure: structure.map((row) => row.id),
    images: await ids('equipment_tag_images'),
    models: models.map((row) => row.id),
    offlines: await ids('equipment_model_offlines'),
    waveforms: await ids('waveforms'),
    keys: await ids('ingest_keys'),
    codes: models.map((row) => row.code),
    seriesTags: series.map((row) => row.tag),
    fileKinds: [...new Set([...fileKinds, 'companys', 'profiles', 'equipment-tags', 'recommendations'])],
    fileNames,
  };
  return {
    ...pools,
    all: [
      ...pools.companies,
      ...pools.users,
      ...pools.structure,
      ...pools.images,
      ...pools.models,
      ...pools.offlines,
      ...pools.waveforms,
      ...pools.keys,
    ],
  };
}

/** Which pool a uuid named so (in a URL after that segment) most likely comes from. */
function poolFor(pools: Pools, name: string, segment: string): string[] {
  const key = name === 'id' || name === 'keyId' ? segment : name;
  const rules: [RegExp, keyof Pools][] = [
    [/ingest-keys|keyId/i, 'keys'],
    [/compan/i, 'companies'],
    [/admins|user/i, 'users'],
    [/folder|parent/i, 'folders'],
    [/tag-images|image/i, 'images'],
    [/offline/i, 'offlines'],
    [/waveform/i, 'waveforms'],
    [/model/i, 'models'],
    [/tag/i, 'tags'],
    [/structure/i, 'structure'],
  ];
  const rule = rules.find(([pattern]) => pattern.test(key));
  return rule ? pools[rule[1]] : pools.all;
}

const pick = (values: string[], fallback: fc.Arbitrary<string>) =>
  values.length > 0 ? fc.constantFrom(...values) : fallback;

/** The hints for one operation: real ids by field name and URL, real codes, tags, files and e-mails. */
export function hintsFor(operation: Operation, pools: Pools, world: World): Hints {
  return {
    uuid(name) {
      const segment = operation.path.split(`/{${name}}`)[0]?.split('/').at(-1) ?? '';
      return fc.oneof(
        { weight: 12, arbitrary: pick(poolFor(pools, name, segment), fc.uuid()) },
        { weight: 2, arbitrary: pick(pools.all, fc.uuid()) },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: fc.constant('00000000-0000-0000-0000-000000000000') },
      );
    },
    named(name: string, schema: JsonSchema) {
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      const files = operation.path.includes('/files/');
      const codes = pick(pools.codes, fc.constant('NOPE'));
      const tags = pick(pools.seriesTags, fc.constant('S1.temperature'));
      switch (name) {
        case 'modelCode':
        case 'model_code':
          return fc.oneof(
            { weight: 5, arbitrary: codes },
            { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
          );
        case 'tag':
          return tags;
        case 'tags':
          return fc.array(tags, { minLength: 1, maxLength: 3 }).map((list) => list.join(','));
        case 'email':
          return fc.oneof(fc.constantFrom(...Object.values(TENANT_EMAILS)), fc.emailAddress());
        case 'password':
          return fc.constantFrom(PASSWORD, 'wrong password', '');
        case 'token':
          return fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...world.invitationTokens) },
            { weight: 1, arbitrary: fc.base64String({ minLength: 43, maxLength: 44 }) },
          );
        case 'sensor':
          return fc.constantFrom('S1', 'S2');
        case 'kind':
          return files ? pick(pools.fileKinds, fc.constant('companys')) : undefined;
        case 'name':
          return files ? pick(pools.fileNames, fc.constant('x.png')) : undefined;
        case 'time_zone':
        case 'timeZone':
          return fc.constantFrom('Asia/Bangkok', 'UTC', 'Europe/Paris');
        case 'perPage':
          return fc.constantFrom(5, 10, 20, 30, 40);
        case 'page':
          return fc.integer({ min: 1, max: 3 });
        case 'points':
          return fc.array(
            fc.record({
              tag: tags,
              ts: fc.integer({ min: -48 * 3_600_000, max: 60_000 }).map((offset) => Date.now() + offset),
              value: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
            }),
            { maxLength: 50 },
          );
      }
      if (types.includes('string') && /url|image|path|picture/i.test(name)) {
        const files = pools.fileNames.map((file) => `/api/v1/files/companys/${file}`);
        return fc.oneof(
          pick(files, fc.constant('/api/v1/files/companys/x.png')),
          fc.constant('https://example.com/x'),
        );
      }
      return undefined;
    },
  };
}

/**
 * Undoes what the previous operation may have done to the people and companies the fuzzer signs in as (a company
 * deleted or expired, a role switched, a member deactivated, an account locked or signed out), so that every later
 * operation still reaches its handlers. Structure and models are not restored: deleting routes run last.
 */
export async function restoreWorld(ctx: TestContext, world: World): Promise<void> {
  const { pool } = ctx.database;
  const { companyId, otherCompanyId, users } = world.tenants;
  await pool.query(
    `UPDATE companies SET deleted_at = NULL, start_date = CURRENT_DATE, end_date = CURRENT_DATE + 30
      WHERE id = ANY($1)`,
    [[companyId, otherCompanyId]],
  );
  const memberships: [string, string, string][] = [
    [companyId, users.owner, 'owner'],
    [companyId, users.ownerRvs, 'owner_rvs'],
    [companyId, users.supmem, 'supmem'],
    [companyId, users.member, 'member'],
    [otherCompanyId, users.outsider, 'owner'],
  ];
  for (const [company, user, role] of memberships)
    await pool.query(
      `INSERT INTO memberships (company_id, user_id, role, status) VALUES ($1, $2, $3, 'active')
       ON CONFLICT (company_id, user_id) DO UPDATE SET role = EXCLUDED.role, status = 'active'`,
      [company, user, role],
    );
  await pool.query(
    `UPDATE users SET status = 'active', platform_role = CASE WHEN id = $1 THEN 'ADMIN' ELSE 'USER' END,
        password_hash = $3
      WHERE id = ANY($2)`,
    [users.admin, Object.values(users), world.passwordHash],
  );
  // Sign-in attempts with wrong passwords lock accounts and the address; the fuzzer must still sign in.
  await pool.query('DELETE FROM login_throttle').catch(() => undefined);
  await ctx.changesHeard();
  for (const [who, email] of Object.entries(TENANT_EMAILS) as [Tenant, string][]) {
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { cookie: world.cookies[who] },
    });
    if (me.statusCode === 401) world.cookies[who] = await signIn(ctx.app, email);
  }
}
