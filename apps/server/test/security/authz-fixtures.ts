import type { FastifyInstance } from 'fastify';
import { textPdf } from '../../src/lib/pdf.ts';
import { createInvitationsRepository } from '../../src/modules/members/invitations.repository.ts';
import {
  addMember,
  CSRF,
  createCompany,
  createUser,
  PASSWORD,
  seedTenants,
  signIn,
  signInTenants,
  TENANT_EMAILS,
  type TestContext,
} from '../harness.ts';
import { createIngestKey, seedEquipment } from '../plant.ts';
import type { Role, Scope } from './authz-spec.ts';

/**
 * The world the authorization matrix is walked in: company A ('own') and B ('other'), every role of A, a removed
 * member of A, an ingest key of A, and in each company folders, equipment (in A one tag assigned to the member and
 * the supermember, one not), models with series and a waveform, offline links, images and uploaded files.
 * Requests that change something get a throwaway target of their own (`fresh*`), so the rows can run in any order.
 */

/** A 1×1 PNG, decodable. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const INACTIVE_EMAIL = 'removed@acme.test';

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with `headers` (multipart, raw bytes). */
  payload?: Buffer;
  headers?: Record<string, string>;
  /** A session of its own for this call (the call ends it). */
  freshSession?: boolean;
  /** Server-sent events: read the status over real HTTP, then hang up. */
  stream?: boolean;
  /** Tidies up after the call (e.g. a throwaway member made active leaves the member limit). */
  after?: () => Promise<void>;
}

/** A small valid PDF: a model's PM report or manual (issue 12 item 2). */
export const PDF = textPdf('Manual', ['Authorization fixture']);

export function multipart(url: string, field: string, file: Buffer, filename: string, type: string): Call {
  const boundary = `----authz${Date.now().toString(36)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type Place = 'A' | 'B';
/** own, assigned, unassigned and '-' are company A; other is company B. */
export const placeOf = (scope: Scope): Place => (scope === 'other' ? 'B' : 'A');

export async function seedAuthzWorld(ctx: TestContext) {
  const { app, db } = ctx;
  const tenants = await seedTenants(db);
  const companies: Record<Place, string> = { A: tenants.companyId, B: tenants.otherCompanyId };
  // A member removed after signing in: the session lives on, the membership does not.
  const inactiveId = await createUser(db, { email: INACTIVE_EMAIL });
  await addMember(db, companies.A, inactiveId, 'member');
  const cookies: Record<string, string> = { ...(await signInTenants(app)) };
  cookies.inactive = await signIn(app, INACTIVE_EMAIL);
  await db
    .updateTable('memberships')
    .set({ status: 'inactive' })
    .where('user_id', '=', inactiveId)
    .where('company_id', '=', companies.A)
    .execute();
  await ctx.changesHeard();
  const keyA = await createIngestKey(app, companies.A);
  const keyB = await createIngestKey(app, companies.B, TENANT_EMAILS.outsider);
  const admin = cookies.admin as string;
  let counter = 0;
  const unique = () => `${Date.now().toString(36)}${++counter}`;

  const as = async (method: Call['method'], url: string, body?: unknown) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...CSRF, cookie: admin },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.body ? response.json() : undefined;
  };
  const upload = async (call: Call) => {
    const response = await app.inject({
      method: 'POST',
      url: call.url,
      headers: { ...CSRF, ...call.headers, cookie: admin },
      payload: call.payload,
    });
    if (response.statusCode !== 200) throw new Error(`${call.url}: ${response.statusCode} ${response.body}`);
    return response.json().url as string;
  };

  const roots = {} as Record<Place, string>;
  for (const place of ['A', 'B'] as const) {
    roots[place] = (
      await db
        .selectFrom('structure_items')
        .select('id')
        .where('company_id', '=', companies[place])
        .where('is_primary_folder', '=', true)
        .executeTakeFirstOrThrow()
    ).id;
  }
  const freshFolder = async (place: Place, title = `F${unique()}`.toUpperCase()) =>
    (
      await db
        .insertInto('structure_items')
        .values({
          company_id: companies[place],
          parent_id: roots[place],
          item_type: 'Folder',
          title,
          alias: null,
          is_primary_folder: false,
          equipment_group_type: null,
          pos_lat: null,
          pos_lng: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const assign = async (tagId: string) => {
    await db
      .insertInto('equipment_tag_members')
      .values([
        { equipment_tag_id: tagId, user_id: tenants.users.member },
        { equipment_tag_id: tagId, user_id: tenants.users.supmem },
      ])
      .execute();
  };
  const folders = { A: await freshFolder('A', 'AREA'), B: await freshFolder('B', 'AREA') };
  /**
   * A tag where the scope says: assigned to the member and supermember, unassigned, or in company B; under the
   * folder AREA, so the member and supermember see that folder (it leads to their equipment).
   */
  const freshTag = async (scope: Scope) => {
    const place = placeOf(scope);
    const id = await seedEquipment(db, companies[place], `T${unique()}`.toUpperCase());
    await db.updateTable('structure_items').set({ parent_id: folders[place] }).where('id', '=', id).execute();
    if (scope === 'assigned') await assign(id);
    return id;
  };

  const tags: Record<string, string> = {
    assigned: await freshTag('assigned'),
    unassigned: await freshTag('unassigned'),
    other: await freshTag('other'),
  };
  // A folder of company A holding only unassigned equipment: the member and supermember do not see it.
  const store = await freshFolder('A', 'STORE');
  const storeTag = await seedEquipment(db, companies.A, `S${unique()}`.toUpperCase());
  await db.updateTable('structure_items').set({ parent_id: store }).where('id', '=', storeTag).execute();
  const folderOf = (scope: Scope) => (scope === 'unassigned' ? store : folders[placeOf(scope)]);
  const tagOf = (scope: Scope) => tags[scope === '-' || scope === 'own' ? 'assigned' : scope] as string;
  const aliasOf = async (tagId: string) =>
    (await db.selectFrom('structure_items').select('alias').where('id', '=', tagId).executeTakeFirstOrThrow())
      .alias as string;

  // Type 5 (RVS): the only type an OWNER_RVS creates (spec 02 §6).
  const freshModel = async (tagId: string, typeId = 5, sections: Record<string, unknown> = {}) =>
    (
      (await as('POST', '/api/v1/equipment-models', {
        equipment_tag_id: tagId,
        model_in: { title: `Model ${unique()}`, equipmentModelTypeId: typeId },
        ...sections,
      })) as { id: string }
    ).id;
  const vibration = {
    raw_vibration_sensor_in: [
      {
        sensorId: 'S1',
        sensorName: 'Pump DE',
        machine: 'driven',
        limits: [{ type: 'velocity', axis: 'x', warning: 2.8, alarm: 4.5 }],
      },
    ],
  };
  const models: Record<string, { id: string; code: string; settings: unknown; configurationId: number }> = {};
  for (const scope of ['assigned', 'unassigned', 'other'] as const) {
    const id = await freshModel(tags[scope] as string, 5, vibration);
    const detail = await as('GET', `/api/v1/equipment-models/${id}`);
    const configurationId = detail.equipmentModelConfiguration[0]?.id;
    if (configurationId === undefined) throw new Error('the model has no configuration information');
    models[scope] = { id, code: detail.modelCode, settings: detail.settings, configurationId };
  }
  const modelOf = (scope: Scope) =>
    models[scope === '-' || scope === 'own' ? 'assigned' : scope] as NonNullable<(typeof models)[string]>;

  // A day of temperatures and one waveform per model, through the ingest API with each company's key.
  const day = Date.parse('2026-11-20T00:00:00Z');
  const waveforms: Record<string, string> = {};
  for (const scope of ['assigned', 'unassigned', 'other'] as const) {
    const key = scope === 'other' ? keyB : keyA;
    const { code } = modelOf(scope);
    const points = await app.inject({
      method: 'POST',
      url: '/api/v1/ingest/measurements',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        modelCode: code,
        points: Array.from({ length: 60 }, (_, i) => ({
          tag: 'S1.temperature',
          ts: day + i * 60_000,
          value: 40 + i,
        })),
      },
    });
    if (points.statusCode !== 200) throw new Error(`measurements: ${points.body}`);
    const waveform = await app.inject({
      method: 'POST',
      url: '/api/v1/ingest/waveforms',
      headers: { authorization: `Bearer ${key}` },
      payload: waveformBody(code, new Date(day).toISOString()),
    });
    if (waveform.statusCode !== 200) throw new Error(`waveform: ${waveform.body}`);
    waveforms[scope] = waveform.json().id;
  }

  // A transformer per scope for the transformer calls (issue 12): load and top oil, one V–I locus capture.
  const transformers: Record<string, string> = {};
  for (const scope of ['assigned', 'unassigned', 'other'] as const) {
    const key = scope === 'other' ? keyB : keyA;
    const id = await freshModel(tags[scope] as string, 1, {
      v_and_i_locus_in: [
        { locus_name: 'Phase A', a: 10, b: 2, angle: 0, e: Math.sqrt(0.96), area: 20 * Math.PI },
      ],
      q_setting_in: [
        {
          tagCode: ['load_factor', 'top_oil_temperature'],
          tagA: 'load_factor',
          tagB: 'top_oil_temperature',
          score: TR_SCORE,
          warning: 3,
          alarm: 5,
        },
      ],
    });
    const { modelCode } = await as('GET', `/api/v1/equipment-models/${id}`);
    const ingest = async (url: string, payload: object) => {
      const answer = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${key}` },
        payload,
      });
      if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.body}`);
    };
    await ingest('/api/v1/ingest/measurements', {
      modelCode,
      points: Array.from({ length: 10 }, (_, i) => [
        { tag: 'load_factor', ts: day + i * 60_000, value: 50 + i },
        { tag: 'top_oil_temperature', ts: day + i * 60_000, value: 45 + i / 2 },
      ]).flat(),
    });
    for (const kind of ['current', 'voltage'] as const)
      await ingest('/api/v1/ingest/waveforms', {
        modelCode,
        sensor: 'Phase A',
        kind,
        channel: 'a',
        sampleRate: 5000,
        capturedAt: new Date(day).toISOString(),
        unit: kind === 'current' ? 'A' : 'V',
        fileName: 'LA_1',
        samples: Array.from({ length: 200 }, (_, i) => {
          const x = (2 * Math.PI * 50 * i) / 5000;
          return kind === 'current' ? 10 * Math.cos(x) : 2 * Math.sin(x);
        }),
      });
    // One PD capture: 20 pulses as (phase °, charge pC) pairs.
    await ingest('/api/v1/ingest/waveforms', {
      modelCode,
      sensor: 'Main tank UHF Window',
      kind: 'pd',
      channel: 'a',
      sampleRate: 50,
      capturedAt: new Date(day).toISOString(),
      unit: 'pC',
      fileName: 'PD_1',
      samples: Array.from({ length: 20 }, (_, i) => [18 * i, 10 + i]).flat(),
    });
    transformers[scope] = id;
  }

  // A drive (VCA) and a fan train (EVS) per scope for the issue 13 calls: a remaining-life row with its
  // temperatures, one output-current capture of three phases, and the readings of one vibration sensor.
  const drives: Record<string, string> = {};
  const motors: Record<string, string> = {};
  const fans: Record<string, string> = {};
  for (const scope of ['assigned', 'unassigned', 'other'] as const) {
    const key = scope === 'other' ? keyB : keyA;
    const ingestAs = async (url: string, payload: object) => {
      const answer = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${key}` },
        payload,
      });
      if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.body}`);
    };
    const driveId = await freshModel(tags[scope] as string, 3, {
      vsd_alarm_limit_sensor_new_in: [
        {
          sensorTypeId: 3101,
          sensorGroupId: 31,
          tagCode: 'dc_link_capacitor',
          l0: 5000,
          tmax: 105,
          warning: 20,
          alarm: 10,
        },
      ],
    });
    const drive = await as('GET', `/api/v1/equipment-models/${driveId}`);
    await ingestAs('/api/v1/ingest/measurements', {
      modelCode: drive.modelCode,
      points: Array.from({ length: 10 }, (_, i) => [
        { tag: 'dc_link_capacitor.temperature', ts: day + i * 60_000, value: 60 + i },
        { tag: 'motor_load', ts: day + i * 60_000, value: 70 },
      ]).flat(),
    });
    for (const channel of ['a', 'b', 'c'] as const)
      await ingestAs('/api/v1/ingest/waveforms', {
        modelCode: drive.modelCode,
        sensor: 'vsd',
        kind: 'current',
        channel,
        sampleRate: 5000,
        capturedAt: new Date(day).toISOString(),
        unit: 'A',
        fileName: `VSD_${channel}`,
        samples: Array.from({ length: 256 }, (_, i) => 10 * Math.cos((2 * Math.PI * 50 * i) / 5000)),
      });
    drives[scope] = driveId;
    // An MCA motor with one three-phase capture (issue 13 calls).
    const motorId = await freshModel(tags[scope] as string, 2);
    const motor = await as('GET', `/api/v1/equipment-models/${motorId}`);
    for (const channel of ['a', 'b', 'c'] as const)
      await ingestAs('/api/v1/ingest/waveforms', {
        modelCode: motor.modelCode,
        sensor: 'motor',
        kind: 'current',
        channel,
        sampleRate: 5000,
        capturedAt: new Date(day).toISOString(),
        unit: 'A',
        fileName: `MCA_${channel}`,
        samples: Array.from({ length: 1024 }, (_, i) => 10 * Math.cos((2 * Math.PI * 50 * i) / 5000)),
      });
    motors[scope] = motorId;
    const fanId = await freshModel(tags[scope] as string, 4, {
      vibration_sensor_in: [
        {
          sensorId: 'M1',
          sensorName: 'Motor DE',
          acceleration: { warning: 10, alarm: 20 },
          velocity: { warning: 2.8, alarm: 4.5 },
          temperature: { warning: 80, alarm: 95 },
          sensorPointId: 1,
        },
      ],
    });
    const fan = await as('GET', `/api/v1/equipment-models/${fanId}`);
    await ingestAs('/api/v1/ingest/measurements', {
      modelCode: fan.modelCode,
      points: [{ tag: 'M1.velocity', ts: day, value: 1.2 }],
    });
    fans[scope] = fanId;
  }

  const freshOffline = async (tagId: string) =>
    (
      (await as('POST', '/api/v1/equipment-model-offlines', {
        title: 'Historian',
        linkUrl: 'https://historian.example.com/',
        equipmentTagId: tagId,
      })) as { id: string }
    ).id;
  const offlines: Record<string, string> = {};
  for (const scope of ['assigned', 'unassigned', 'other'] as const)
    offlines[scope] = await freshOffline(tags[scope] as string);

  const tagImageUrl = await upload(
    multipart(
      `/api/v1/upload/equipment-tags?company_id=${companies.A}`,
      'image_file',
      PNG,
      'pump.png',
      'image/png',
    ),
  );
  const freshImage = async (tagId: string) =>
    (
      (await as('POST', '/api/v1/equipment-tag-images', {
        equipmentTagId: tagId,
        url: tagImageUrl,
        image_name: 'pump.png',
        image_size: PNG.length,
      })) as { id: string }
    ).id;

  /** A picture of a model, added by the administrator: what a DELETE of a model image removes. */
  const freshModelImage = async (modelId: string) => {
    const call = multipart(
      `/api/v1/equipment-models/${modelId}/images`,
      'image_file',
      PNG,
      'tx.png',
      'image/png',
    );
    const response = await app.inject({
      method: 'POST',
      url: call.url,
      headers: { ...CSRF, ...call.headers, cookie: admin },
      payload: call.payload,
    });
    if (response.statusCode !== 201) throw new Error(`${call.url}: ${response.statusCode} ${response.body}`);
    return response.json().id as string;
  };

  const profileUrl = await upload(
    multipart('/api/v1/upload/profiles', 'image_file', PNG, 'me.png', 'image/png'),
  );
  // Each company's logo, an uploaded file that belongs to that company.
  const logos = {} as Record<Place, string>;
  const companyBodies = {} as Record<Place, Record<string, unknown>>;
  for (const place of ['A', 'B'] as const) {
    logos[place] = await upload(
      multipart(
        `/api/v1/upload/companys?company_id=${companies[place]}`,
        'image_file',
        PNG,
        'logo.png',
        'image/png',
      ),
    );
    const current = await as('GET', `/api/v1/companies/${companies[place]}`);
    companyBodies[place] = {
      image_path: logos[place],
      title: current.title,
      initial_code: current.initial_code,
      description: current.description ?? '',
      start_date: current.start_date,
      end_date: current.end_date,
      // Upgraded, so the RVS upgrade-locked calls (issue 14) are held to their role rules here; rvs.test.ts tests the lock.
      rvs_upgrade: true,
    };
    await as('PUT', `/api/v1/companies/${companies[place]}`, companyBodies[place]);
  }
  const freshCompany = async (deleted: boolean) => {
    const code = `Z${unique()}`.toUpperCase().slice(0, 20);
    const id = await createCompany(db, `Throwaway ${code}`, code);
    if (deleted)
      await db.updateTable('companies').set({ deleted_at: new Date() }).where('id', '=', id).execute();
    return id;
  };

  /** A person of the company in the given membership state (a pending one has a pending account). */
  const freshMember = async (
    place: Place,
    status: 'active' | 'pending' | 'inactive',
    role: 'member' | 'owner' | 'owner_rvs' = 'member',
  ) => {
    const email = `person${unique()}@acme.test`;
    const id = await createUser(db, { email, status: status === 'pending' ? 'pending' : 'active' });
    await addMember(db, companies[place], id, role, status);
    return { id, email };
  };
  /** Ends a membership directly, as if removed: throwaway targets leave room under the limit of 10 active members. */
  const retire = async (userId: string) => {
    await db.updateTable('memberships').set({ status: 'inactive' }).where('user_id', '=', userId).execute();
  };
  const members = {
    active: { A: await freshMember('A', 'active'), B: await freshMember('B', 'active') },
    pending: { A: await freshMember('A', 'pending'), B: await freshMember('B', 'pending') },
  };

  /** An active member of a company of their own, who can sign in without filling A's or B's member limit. */
  const freshLoner = async () => {
    const code = `L${unique()}`.toUpperCase().slice(0, 20);
    const companyId = await createCompany(db, `Loner ${code}`, code);
    const email = `loner${unique()}@acme.test`;
    await addMember(db, companyId, await createUser(db, { email }), 'member');
    return email;
  };

  const freshAdmin = async (status: 'active' | 'pending' | 'inactive') => {
    const email = `admin${unique()}@platform.test`;
    const id = await createUser(db, { email, admin: true, status });
    return { id, email };
  };
  const admins = { active: await freshAdmin('active'), pending: await freshAdmin('pending') };

  // The world makes many links: the hourly invitation limits stay out of the way.
  const invitations = createInvitationsRepository(db, { perInviterPerHour: 1e9, perCompanyPerHour: 1e9 });
  /**
   * A fresh invitation link to a company of its own (A's member limit stays out of the way): of a new person
   * (no password yet), or of the existing account `forUserId`, who accepts it signed in.
   */
  const freshInvitation = async (forUserId?: string) => {
    const code = `I${unique()}`.toUpperCase().slice(0, 20);
    const companyId = await createCompany(db, `Invited ${code}`, code);
    let userId = forUserId;
    if (!userId) {
      userId = await createUser(db, { email: `invited${unique()}@acme.test`, status: 'pending' });
      await db.updateTable('users').set({ password_hash: null }).where('id', '=', userId).execute();
    }
    await addMember(db, companyId, userId, 'member', 'pending');
    return invitations.create({ userId, companyId, invitedBy: tenants.users.admin, ttlDays: 7 }, db);
  };

  const freshKey = async (place: Place) =>
    (
      (await as('POST', `/api/v1/companies/${companies[place]}/ingest-keys`, { name: `gw ${unique()}` })) as {
        id: string;
      }
    ).id;

  // The recommendation template of a model, uploaded back as is.
  const template = await app.inject({
    method: 'GET',
    url: `/api/v1/equipment-models/${models.assigned?.id}/recommendation`,
    headers: { cookie: admin },
  });
  if (template.statusCode !== 200) throw new Error(`recommendation template: ${template.body}`);

  const userIds: Record<Role, string | null> = {
    anonymous: null,
    ingestKey: null,
    inactive: inactiveId,
    admin: tenants.users.admin,
    owner: tenants.users.owner,
    ownerRvs: tenants.users.ownerRvs,
    supmem: tenants.users.supmem,
    member: tenants.users.member,
  };
  /** Puts a caller's role in company A back, after a call that may have changed it. */
  const restoreRole = async (userId: string, role: 'owner' | 'owner_rvs' | 'supmem' | 'member') => {
    await db
      .updateTable('memberships')
      .set({ role })
      .where('user_id', '=', userId)
      .where('company_id', '=', companies.A)
      .execute();
    await ctx.changesHeard();
  };

  const emails: Record<Role, string | null> = {
    anonymous: null,
    ingestKey: null,
    inactive: INACTIVE_EMAIL,
    admin: TENANT_EMAILS.admin,
    owner: TENANT_EMAILS.owner,
    ownerRvs: TENANT_EMAILS.ownerRvs,
    supmem: TENANT_EMAILS.supmem,
    member: TENANT_EMAILS.member,
  };

  return {
    app: app as FastifyInstance,
    companies,
    roots,
    folders,
    folderOf,
    cookies,
    keyA,
    keyB,
    emails,
    userIds,
    restoreRole,
    unique,
    tagOf,
    aliasOf,
    modelOf,
    waveformOf: (scope: Scope) => waveforms[scope === '-' || scope === 'own' ? 'assigned' : scope] as string,
    transformerOf: (scope: Scope) =>
      transformers[scope === '-' || scope === 'own' ? 'assigned' : scope] as string,
    driveOf: (scope: Scope) => drives[scope === '-' || scope === 'own' ? 'assigned' : scope] as string,
    motorOf: (scope: Scope) => motors[scope === '-' || scope === 'own' ? 'assigned' : scope] as string,
    fanOf: (scope: Scope) => fans[scope === '-' || scope === 'own' ? 'assigned' : scope] as string,
    offlineOf: (scope: Scope) => offlines[scope === '-' || scope === 'own' ? 'assigned' : scope] as string,
    freshFolder,
    freshTag,
    freshModel,
    freshOffline,
    freshImage,
    freshModelImage,
    freshCompany,
    freshMember,
    freshLoner,
    retire,
    freshAdmin,
    freshInvitation,
    freshKey,
    members,
    admins,
    logos,
    companyBodies,
    tagImageUrl,
    profileUrl,
    workbook: template.rawPayload,
    vibration,
    day,
    password: PASSWORD,
  };
}

export type AuthzWorld = Awaited<ReturnType<typeof seedAuthzWorld>>;

/** Correlation score of the fixture transformers (issue 12). */
export const TR_SCORE = 'top_oil_temperature_vs_load_factor';

export function waveformBody(modelCode: string, capturedAt: string) {
  return {
    modelCode,
    sensor: 'S1',
    kind: 'vibration',
    channel: 'x',
    sampleRate: 8192,
    capturedAt,
    unit: 'm/s2',
    fileName: `S1_x_${capturedAt}.bin`,
    alias: 'S1 H',
    samples: Array.from({ length: 1024 }, (_, i) => Math.sin((2 * Math.PI * 250 * i) / 8192)),
  };
}
