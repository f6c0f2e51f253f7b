import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, createTestContext, type TestContext } from '../harness.ts';
import {
  type AuthzWorld,
  type Call,
  multipart,
  PDF,
  PNG,
  placeOf,
  seedAuthzWorld,
  TR_SCORE,
  waveformBody,
} from './authz-fixtures.ts';
import {
  buildMatrix,
  type Expected,
  type Matrix,
  REGENERATE,
  ROLES,
  type Role,
  registryKeys,
  SCOPES,
  type Scope,
} from './authz-spec.ts';
import { MATRIX_FILE } from './generate-authz-matrix.ts';

/**
 * Walks authz-matrix.json against a seeded server: every route × role × scope, with real ids of the right scope and
 * a valid body, so an allowed call is answered by the route and not refused by validation. 'allow' is a 2xx answer;
 * 401, 403 and 404 must be exactly that status.
 */

const matrix = JSON.parse(readFileSync(MATRIX_FILE, 'utf8')) as Matrix;
let ctx: TestContext;
let w: AuthzWorld;
let baseUrl: string;

beforeAll(async () => {
  // A built web app of one page, so the web route answers 200 rather than 'not built yet'.
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'sdp-authz-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SDP</title>');
  ctx = await createTestContext({
    WEB_DIST: webDist,
    INVITE_MAX_PER_INVITER_PER_HOUR: '10000',
    INVITE_MAX_PER_COMPANY_PER_HOUR: '10000',
  });
  w = await seedAuthzWorld(ctx);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => ctx?.close());

const get = (url: string): Call => ({ method: 'GET', url });
const json = (method: Call['method'], url: string, body?: unknown): Call => ({
  method,
  url,
  ...(body !== undefined ? { body } : {}),
});
const company = (scope: Scope) => w.companies[placeOf(scope)];
const model = (scope: Scope) => w.modelOf(scope).id;
const trRange = () =>
  `startDate=${new Date(w.day).toISOString()}&endDate=${new Date(w.day + 3_600_000).toISOString()}`;
const range = () => `from=${new Date(w.day).toISOString()}&to=${new Date(w.day + 3_600_000).toISOString()}`;
const offlineBody = (isActive: 'active' | 'inactive') => ({
  title: 'Historian',
  linkUrl: 'https://historian.example.com/',
  isActive,
});

/** A fault event of the scope's model, as the analysis opens it; acknowledged when asked (issue 15). */
async function freshFaultEvent(scope: Scope, acknowledged = false, done = false): Promise<number> {
  const { rows } = await sql<{ id: number }>`INSERT INTO fault_events (company_id, model_id, tag, event_date,
      alarm_type, alarm_message, alarm_value, warning_limit, alarm_limit, sensor_id, is_acknowledged, done_at)
    SELECT company_id, id, 'S1.temperature', now(), 2, 'Alarm: temperature', 90, 60, 80, 'S1', ${acknowledged},
      ${done ? new Date() : null}::timestamptz
    FROM equipment_models WHERE id = ${model(scope)} RETURNING id`.execute(ctx.db);
  return Number(rows[0]?.id);
}
/** Recipients are members of the event's company: its owner (company B's is the outsider). */
const faultEventBody = (id: number, scope: Scope) => ({
  comment_info: {
    fault_event_id: id,
    email_to: [placeOf(scope) === 'B' ? 'outsider@other.test' : 'owner@acme.test'],
    comment: 'checked',
  },
});
/** A note (and a comment) of the scope's model written by the caller, who alone may change it. */
async function freshNote(scope: Scope, role: Role) {
  const author = w.userIds[role] ?? w.userIds.owner;
  const { rows } = await sql<{ topic: string; comment: string }>`WITH t AS (
      INSERT INTO note_topics (company_id, model_id, topic, description, created_by)
      SELECT company_id, id, 'Bearing noise', 'Heard at the drive end', ${author}::uuid FROM equipment_models
      WHERE id = ${model(scope)} RETURNING id, model_id)
    INSERT INTO note_comments (model_id, topic_id, description, created_by)
    SELECT model_id, id, 'Greased', ${author}::uuid FROM t
    RETURNING topic_id AS topic, id AS comment`.execute(ctx.db);
  return rows[0] as { topic: string; comment: string };
}
async function freshPointNote(scope: Scope): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`INSERT INTO sensor_point_notes (company_id, model_id, sensor_id, ts,
      y_position, description) SELECT company_id, id, 'S1', ${new Date(w.day).toISOString()}::timestamptz, 1.5, 'spike'
    FROM equipment_models WHERE id = ${model(scope)} RETURNING id`.execute(ctx.db);
  return (rows[0] as { id: string }).id;
}
const noteBody = (scope: Scope) => ({
  topic: 'Oil leak',
  description: 'At the gasket',
  equipmentModelId: model(scope),
});

/** A role change of a throwaway active member, who leaves afterwards (the company keeps room under its limit). */
async function grantTo(
  scope: Scope,
  call: (target: { id: string; email: string }) => Call,
  role: 'member' | 'owner' | 'owner_rvs' = 'member',
): Promise<Call> {
  const target = await w.freshMember(placeOf(scope), 'active', role);
  return { ...call(target), after: () => w.retire(target.id) };
}
/** Issue 23 item 11: demoting or removing an owner or an owner_rvs needs the right to give that role. */
const demote = (scope: Scope, from: 'owner' | 'owner_rvs') =>
  grantTo(
    scope,
    (target) =>
      json('PUT', `/api/v1/member/switch-role?user_id=${target.id}&company_id=${company(scope)}`, {
        role: 'member',
      }),
    from,
  );
const removeMember = (scope: Scope, role: 'owner' | 'owner_rvs') =>
  grantTo(
    scope,
    (target) =>
      json('DELETE', '/api/v1/member/inactive', { email: target.email, company_id: company(scope) }),
    role,
  );
const switchRole = (scope: Scope, role: string) =>
  grantTo(scope, (target) =>
    json('PUT', `/api/v1/member/switch-role?user_id=${target.id}&company_id=${company(scope)}`, { role }),
  );

const OWN_ROLE_CHANGE: Partial<Record<Role, ['owner' | 'owner_rvs' | 'supmem' | 'member', string]>> = {
  owner: ['owner', 'owner_rvs'],
  ownerRvs: ['owner_rvs', 'owner'],
  supmem: ['supmem', 'member'],
  member: ['member', 'supmem'],
};

/** The request of each row for a scope (and, rarely, a role). */
/** The e-mail notification dialog's payload for the scope's tag: a daily alarm digest at 07:00 Bangkok (issue 16). */
const scheduleBody = (scope: Scope) => ({
  companies_id: company(scope),
  equipment_tag_id: w.tagOf(scope),
  is_daily: true,
  is_daily_warning: false,
  is_daily_alarm: true,
  daily_start_time: ['07:00:00', 'Asia/Bangkok'],
  is_weekly: false,
  is_monthly: false,
});
async function freshSchedule(scope: Scope): Promise<string> {
  // A tag of its own per call: every caller deletes a schedule of its own.
  const tag = await w.freshTag(scope);
  const { rows } = await sql<{
    id: string;
  }>`INSERT INTO email_schedules (company_id, equipment_tag_id, iterable,
      is_alarm, start_time) SELECT company_id, id, 7, true, '06:00' FROM structure_items WHERE id = ${tag}
    RETURNING id`.execute(ctx.db);
  return rows[0]?.id as string;
}
async function activeMemberOf(scope: Scope): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`SELECT m.user_id AS id FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.company_id = ${company(scope)} AND m.status = 'active' AND u.status = 'active' ORDER BY u.email LIMIT 1`.execute(
    ctx.db,
  );
  return rows[0]?.id as string;
}
async function freshReportFile(scope: Scope): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`INSERT INTO report_files (company_id, model_id, kind, file_name, content)
    SELECT company_id, id, 'RVS', 'report.pdf', ${PDF} FROM equipment_models WHERE id = ${model(scope)} RETURNING id`.execute(
    ctx.db,
  );
  return rows[0]?.id as string;
}

const REQUESTS: Record<string, (scope: Scope, role: Role) => Call | Promise<Call>> = {
  'GET /healthz': () => get('/healthz'),
  'GET /readyz': () => get('/readyz'),
  'GET /auth/config': () => get('/auth/config'),
  'POST /auth/login': async () =>
    json('POST', '/auth/login', { email: await w.freshLoner(), password: w.password }),
  'POST /auth/logout': () => ({ method: 'POST', url: '/auth/logout', freshSession: true }),
  'GET /auth/invitations/:token': async () => get(`/auth/invitations/${await w.freshInvitation()}`),
  'POST /auth/invitations/:token/accept': async () =>
    json('POST', `/auth/invitations/${await w.freshInvitation()}/accept`, {
      name: 'New Person',
      password: 'a long new password',
    }),
  'POST /auth/invitations/:token/accept-signed-in': async (_scope, role) => ({
    method: 'POST',
    url: `/auth/invitations/${await w.freshInvitation(w.userIds[role] ?? undefined)}/accept-signed-in`,
  }),
  'GET /*': () => get('/plant/overview'),

  'GET /api/v1/users/me [no company]': () => get('/api/v1/users/me'),
  'GET /api/v1/users/me [?company_id]': (scope) => get(`/api/v1/users/me?company_id=${company(scope)}`),
  'PUT /api/v1/users/me/language': () => json('PUT', '/api/v1/users/me/language', { language: 'th' }),
  'PUT /api/v1/users/me/company': (scope) =>
    json('PUT', '/api/v1/users/me/company', { company_id: company(scope) }),
  'GET /api/v1/companies': () => get('/api/v1/companies'),
  'POST /api/v1/companies': () =>
    json('POST', '/api/v1/companies', {
      ...w.companyBodies.A,
      title: 'New Works',
      initial_code: `N${w.unique()}`,
    }),
  'GET /api/v1/companies/:id': (scope) => get(`/api/v1/companies/${company(scope)}`),
  'PUT /api/v1/companies/:id': () => json('PUT', `/api/v1/companies/${w.companies.A}`, w.companyBodies.A),
  'DELETE /api/v1/companies/:id': async () =>
    json('DELETE', `/api/v1/companies/${await w.freshCompany(false)}`),
  'PUT /api/v1/companies/:id/retention': (scope) =>
    json('PUT', `/api/v1/companies/${company(scope)}/retention`, { retention_days: 400 }),
  'POST /api/v1/companies/:id/restore': async () =>
    json('POST', `/api/v1/companies/${await w.freshCompany(true)}/restore`),

  'GET /api/v1/companies/:id/members': (scope) => get(`/api/v1/companies/${company(scope)}/members`),
  'GET /api/v1/companies/:id/members-only': (scope) =>
    get(`/api/v1/companies/${company(scope)}/members-only`),
  'POST /api/v1/companies/:id/members/invite': (scope) =>
    json('POST', `/api/v1/companies/${company(scope)}/members/invite`, {
      email: `invitee${w.unique()}@acme.test`,
      role: 'member',
    }),
  'POST /api/v1/member/reinvite': (scope) =>
    json('POST', '/api/v1/member/reinvite', {
      email: w.members.pending[placeOf(scope)].email,
      company_id: company(scope),
    }),
  'POST /api/v1/member/active': async (scope) =>
    json('POST', '/api/v1/member/active', {
      email: (await w.freshMember(placeOf(scope), 'inactive')).email,
      company_id: company(scope),
    }),
  'DELETE /api/v1/member/inactive [member]': async (scope) =>
    json('DELETE', '/api/v1/member/inactive', {
      email: (await w.freshMember(placeOf(scope), 'pending')).email,
      company_id: company(scope),
    }),
  'DELETE /api/v1/member/inactive [owner]': (scope) => removeMember(scope, 'owner'),
  'DELETE /api/v1/member/inactive [owner_rvs]': (scope) => removeMember(scope, 'owner_rvs'),
  'PUT /api/v1/member/profile-edit [role member]': (scope) =>
    json('PUT', '/api/v1/member/profile-edit', {
      email: w.members.active[placeOf(scope)].email,
      role: 'member',
      company_id: company(scope),
    }),
  'PUT /api/v1/member/profile-edit [role owner_rvs]': (scope) =>
    grantTo(scope, (target) =>
      json('PUT', '/api/v1/member/profile-edit', {
        email: target.email,
        role: 'owner_rvs',
        company_id: company(scope),
      }),
    ),
  'PUT /api/v1/member/switch-role [member → supmem]': (scope) => switchRole(scope, 'supmem'),
  'PUT /api/v1/member/switch-role [member → owner]': (scope) => switchRole(scope, 'owner'),
  'PUT /api/v1/member/switch-role [member → owner_rvs]': (scope) => switchRole(scope, 'owner_rvs'),
  'PUT /api/v1/member/switch-role [owner → member]': (scope) => demote(scope, 'owner'),
  'PUT /api/v1/member/switch-role [owner_rvs → member]': (scope) => demote(scope, 'owner_rvs'),
  'PUT /api/v1/member/switch-role [own role]': (scope, role) => {
    // Each caller asks for a role other than theirs; their role is put back whatever the answer.
    const [from, to] = OWN_ROLE_CHANGE[role] ?? ['member', 'supmem'];
    const userId = w.userIds[role] ?? w.userIds.member;
    return {
      ...json('PUT', `/api/v1/member/switch-role?user_id=${userId}&company_id=${company(scope)}`, {
        role: to,
      }),
      after: () =>
        role === 'inactive' || !w.userIds[role] ? Promise.resolve() : w.restoreRole(userId as string, from),
    };
  },
  'PUT /api/v1/memberswitch-role': (scope) =>
    json(
      'PUT',
      `/api/v1/memberswitch-role?user_id=${w.members.active[placeOf(scope)].id}&company_id=${company(scope)}`,
      { role: 'member' },
    ),
  'PUT /api/v1/member/profile': (_scope, role) =>
    json('PUT', '/api/v1/member/profile', { name: `Name of ${role}`, profileImageUrl: w.profileUrl }),

  'GET /api/v1/admins': () => get('/api/v1/admins'),
  'POST /api/v1/admins': () =>
    json('POST', '/api/v1/admins', {
      fullname: 'New Admin',
      email: `admin${w.unique()}@platform.test`,
      profileImageUrl: w.profileUrl,
    }),
  'PUT /api/v1/admins/profile-edit': () =>
    json('PUT', '/api/v1/admins/profile-edit', {
      email: w.admins.active.email,
      name: 'Second Admin',
      profileImageUrl: w.profileUrl,
    }),
  'POST /api/v1/admins/reinvite': () =>
    json('POST', '/api/v1/admins/reinvite', { email: w.admins.pending.email }),
  'POST /api/v1/admins/active': async () =>
    json('POST', '/api/v1/admins/active', { email: (await w.freshAdmin('inactive')).email }),
  'DELETE /api/v1/admins/:id': async () =>
    json('DELETE', `/api/v1/admins/${(await w.freshAdmin('active')).id}`),
  'GET /api/v1/mail-outbox': () => get('/api/v1/mail-outbox'),

  'GET /api/v1/structure-item-company': (scope) =>
    get(`/api/v1/structure-item-company?company_id=${company(scope)}`),
  'GET /api/v1/companies/:id/dashboard': (scope) => get(`/api/v1/companies/${company(scope)}/dashboard`),
  'GET /api/v1/structure-item/:id/overview': (scope) =>
    get(`/api/v1/structure-item/${w.folderOf(scope)}/overview`),
  'POST /api/v1/structure-item': (scope) =>
    json('POST', '/api/v1/structure-item', {
      parentId: w.roots[placeOf(scope)],
      structureItemTitle: `F${w.unique()}`,
      companies_id: company(scope),
    }),
  'PUT /api/v1/structure-item': (scope) =>
    json('PUT', `/api/v1/structure-item?folder_id=${w.folders[placeOf(scope)]}`, {
      structureItemTitle: 'AREA',
    }),
  'DELETE /api/v1/structure-item/:id [folder]': async (scope) =>
    json('DELETE', `/api/v1/structure-item/${await w.freshFolder(placeOf(scope))}`),
  'DELETE /api/v1/structure-item/:id [equipment tag]': async (scope) =>
    json('DELETE', `/api/v1/structure-item/${await w.freshTag(scope)}`),
  'GET /api/v1/equipment-tag/:id': (scope) => get(`/api/v1/equipment-tag/${w.tagOf(scope)}`),
  'POST /api/v1/equipment-tag': (scope) =>
    json('POST', '/api/v1/equipment-tag', {
      structureItemTitle: `T${w.unique()}`,
      structureItemAlias: 'New tag',
      equipmentGroupType: 'electric',
      posLat: 13.7,
      posLng: 100.5,
      companies_id: company(scope),
    }),
  'PUT /api/v1/equipment-tag': async (scope) =>
    json('PUT', `/api/v1/equipment-tag?equipment_tag_id=${w.tagOf(scope)}`, {
      structureItemAlias: await w.aliasOf(w.tagOf(scope)),
    }),
  'GET /api/v1/equipment-tag-images/:id': (scope) => get(`/api/v1/equipment-tag-images/${w.tagOf(scope)}`),
  'POST /api/v1/equipment-tag-images': (scope) =>
    json('POST', '/api/v1/equipment-tag-images', {
      equipmentTagId: w.tagOf(scope),
      url: w.tagImageUrl,
      image_name: 'pump.png',
      image_size: PNG.length,
    }),
  'DELETE /api/v1/equipment-tag-images/:id': async (scope) =>
    json('DELETE', `/api/v1/equipment-tag-images/${await w.freshImage(w.tagOf(scope))}`),
  'GET /api/v1/equipment_model_member': (scope) =>
    get(`/api/v1/equipment_model_member?equipment_tag_id=${w.tagOf(scope)}`),
  'POST /api/v1/equipment_model_member': (scope) =>
    json('POST', '/api/v1/equipment_model_member', {
      company_id: company(scope),
      equipment_tag_id: w.tagOf(scope),
      member_option: [],
    }),

  'POST /api/v1/equipment-models': (scope) =>
    json('POST', '/api/v1/equipment-models', {
      equipment_tag_id: w.tagOf(scope),
      model_in: { title: `Model ${w.unique()}`, equipmentModelTypeId: 5 },
    }),
  'GET /api/v1/equipment-models': (scope) =>
    get(`/api/v1/equipment-models?equipment_tag_id=${w.tagOf(scope)}`),
  'GET /api/v1/equipment-models/:id': (scope) => get(`/api/v1/equipment-models/${model(scope)}`),
  'PUT /api/v1/equipment-models/:id [edit]': (scope) =>
    json('PUT', `/api/v1/equipment-models/${model(scope)}`, w.modelOf(scope).settings),
  'PUT /api/v1/equipment-models/:id [isActive: inactive]': async (scope) =>
    json('PUT', `/api/v1/equipment-models/${await w.freshModel(w.tagOf(scope))}`, {
      model_in: { title: 'Retired', isActive: 'inactive' },
    }),
  'DELETE /api/v1/equipment-models/:id': async (scope) =>
    json('DELETE', `/api/v1/equipment-models/${await w.freshModel(w.tagOf(scope))}`),
  'GET /api/v1/equipment-models/:id/baseline': (scope) =>
    get(`/api/v1/equipment-models/${model(scope)}/baseline`),
  'POST /api/v1/equipment-models/:id/baseline/reset': (scope) =>
    json('POST', `/api/v1/equipment-models/${model(scope)}/baseline/reset`),
  'GET /api/v1/equipment-models/:id/status-history': (scope) =>
    get(
      `/api/v1/equipment-models/${model(scope)}/status-history?from=2026-11-01T00:00:00Z&to=2026-11-08T00:00:00Z`,
    ),
  'GET /api/v1/equipment-models/:id/motor-data': (scope) =>
    get(`/api/v1/equipment-models/${model(scope)}/motor-data`),
  'GET /api/v1/equipment-models/:id/v_and_i_locus': (scope) =>
    get(`/api/v1/equipment-models/${model(scope)}/v_and_i_locus`),
  'GET /api/v1/equipment-models/alarm-management/persistence/:id': (scope) =>
    get(`/api/v1/equipment-models/alarm-management/persistence/${model(scope)}`),
  'PATCH /api/v1/equipment-model-configurations/:id': (scope) =>
    json('PATCH', `/api/v1/equipment-model-configurations/${w.modelOf(scope).configurationId}`, {
      value: '1500',
    }),
  'GET /api/v1/equipment-models/:id/export': (scope) =>
    get(`/api/v1/equipment-models/${model(scope)}/export`),
  'POST /api/v1/equipment-models/:id/recommendation': async (scope) =>
    multipart(
      `/api/v1/equipment-models/${await w.freshModel(w.tagOf(scope), 5, w.vibration)}/recommendation`,
      'recommendation_msg_file',
      w.workbook,
      'recommendation.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ),
  'GET /api/v1/equipment-models/:id/recommendation': (scope) =>
    get(`/api/v1/equipment-models/${model(scope)}/recommendation`),
  'GET /api/v1/equipment-models/:id/images': (scope) =>
    get(`/api/v1/equipment-models/${model(scope)}/images`),
  'GET /api/v1/equipment-models/:id/documents': (scope) =>
    get(`/api/v1/equipment-models/${model(scope)}/documents`),
  'POST /api/v1/equipment-models/:id/images': (scope) =>
    multipart(`/api/v1/equipment-models/${model(scope)}/images`, 'image_file', PNG, 'tx.png', 'image/png'),
  'DELETE /api/v1/equipment-models/:id/images/:imageId': async (scope) =>
    json(
      'DELETE',
      `/api/v1/equipment-models/${model(scope)}/images/${await w.freshModelImage(model(scope))}`,
    ),
  'POST /api/v1/equipment-models/:id/documents': (scope) =>
    multipart(
      `/api/v1/equipment-models/${model(scope)}/documents?type=manual`,
      'documentation_file',
      PDF,
      'manual.pdf',
      'application/pdf',
    ),
  'POST /api/v1/equipment-model-offlines': (scope) =>
    json('POST', '/api/v1/equipment-model-offlines', {
      ...offlineBody('active'),
      equipmentTagId: w.tagOf(scope),
    }),
  'GET /api/v1/equipment-model-offlines': (scope) =>
    get(`/api/v1/equipment-model-offlines?equipment_tag_id=${w.tagOf(scope)}`),
  'GET /api/v1/equipment-model-offlines/:id': (scope) =>
    get(`/api/v1/equipment-model-offlines/${w.offlineOf(scope)}`),
  'PUT /api/v1/equipment-model-offlines/:id [edit]': (scope) =>
    json('PUT', `/api/v1/equipment-model-offlines/${w.offlineOf(scope)}`, offlineBody('active')),
  'PUT /api/v1/equipment-model-offlines/:id [isActive: inactive]': async (scope) =>
    json(
      'PUT',
      `/api/v1/equipment-model-offlines/${await w.freshOffline(w.tagOf(scope))}`,
      offlineBody('inactive'),
    ),
  'DELETE /api/v1/equipment-model-offlines/:id': async (scope) =>
    json('DELETE', `/api/v1/equipment-model-offlines/${await w.freshOffline(w.tagOf(scope))}`),

  'GET /api/v1/equipment-models/alarm-management/master': () =>
    get('/api/v1/equipment-models/alarm-management/master'),
  'GET /api/v1/equipments/model-types/:id/configuration-informations': () =>
    get('/api/v1/equipments/model-types/1/configuration-informations'),
  'GET /api/v1/alarm-limit-group/all': () => get('/api/v1/alarm-limit-group/all?equipment_type=1'),
  'GET /api/v1/alarm-limit-group/:id/sensor-type': () => get('/api/v1/alarm-limit-group/1/sensor-type'),
  'GET /api/v1/equipment-models/alarm-limit-group_master/all': () =>
    get('/api/v1/equipment-models/alarm-limit-group_master/all?equipment_type=1'),
  'GET /api/v1/vsd-sensor-types': () => get('/api/v1/vsd-sensor-types'),
  'GET /api/v1/vsd-brands': () => get('/api/v1/vsd-brands'),
  'GET /api/v1/vsd-brands/:id/models': () => get('/api/v1/vsd-brands/1/models'),
  'GET /api/v1/health-monitoring/tabs': () => get('/api/v1/health-monitoring/tabs'),
  'GET /api/v1/sensor-points': () => get('/api/v1/sensor-points'),
  'GET /api/v1/machine-templates': () => get('/api/v1/machine-templates'),
  'GET /api/v1/bearings': () => get('/api/v1/bearings'),

  'POST /api/v1/upload/companys': () =>
    multipart('/api/v1/upload/companys', 'image_file', PNG, 'logo.png', 'image/png'),
  'POST /api/v1/upload/profiles': () =>
    multipart('/api/v1/upload/profiles', 'image_file', PNG, 'me.png', 'image/png'),
  'POST /api/v1/upload/equipment-tags': (scope) =>
    multipart(
      `/api/v1/upload/equipment-tags?company_id=${company(scope)}`,
      'image_file',
      PNG,
      'pump.png',
      'image/png',
    ),
  'GET /api/v1/files/:kind/:name': (scope) => get(w.logos[placeOf(scope)]),

  // Equipment e-mail notification and online reports (issue 16).
  'GET /api/v1/email_task_scheduler/scheduler/:id': (scope) =>
    get(`/api/v1/email_task_scheduler/scheduler/${w.tagOf(scope)}`),
  'POST /api/v1/email_task_scheduler/scheduler': (scope) =>
    json('POST', '/api/v1/email_task_scheduler/scheduler', scheduleBody(scope)),
  'PUT /api/v1/email_task_scheduler/scheduler': (scope) =>
    json('PUT', '/api/v1/email_task_scheduler/scheduler', scheduleBody(scope)),
  'DELETE /api/v1/email_task_scheduler/scheduler/:id': async (scope) =>
    json('DELETE', `/api/v1/email_task_scheduler/scheduler/${await freshSchedule(scope)}`),
  'GET /api/v1/companies/:id/online-report/MCA': (scope) =>
    get(`/api/v1/companies/${company(scope)}/online-report/MCA`),
  'PUT /api/v1/companies/:id/online-report/MCA': async (scope) =>
    json('PUT', `/api/v1/companies/${company(scope)}/online-report/MCA`, {
      memberIds: [await activeMemberOf(scope)],
      isAutoSend: false,
      intervalDay: 5,
    }),
  'GET /api/v1/companies/:id/report-members/MCA': (scope) =>
    get(`/api/v1/companies/${company(scope)}/report-members/MCA`),
  'GET /api/v1/companies/:id/online-report/RVS': (scope) =>
    get(`/api/v1/companies/${company(scope)}/online-report/RVS`),
  'PUT /api/v1/companies/:id/online-report/RVS': async (scope) =>
    json('PUT', `/api/v1/companies/${company(scope)}/online-report/RVS`, {
      memberIds: [await activeMemberOf(scope)],
      isAutoSend: false,
      intervalTime: '07:30:00',
    }),
  'GET /api/v1/companies/:id/report-members/RVS': (scope) =>
    get(`/api/v1/companies/${company(scope)}/report-members/RVS`),
  'GET /api/v1/companies/:id/online-report/pdf': (scope) =>
    get(
      `/api/v1/companies/${company(scope)}/online-report/pdf?model_id=${model(scope)}&type=RVS&start=${new Date(w.day).toISOString()}&end=${new Date(w.day + 3_600_000).toISOString()}`,
    ),
  'GET /api/v1/companies/:id/report-files/:fileId': async (scope) =>
    get(`/api/v1/companies/${company(scope)}/report-files/${await freshReportFile(scope)}`),
  'GET /api/v1/companies/:id/audit-log': (scope) => get(`/api/v1/companies/${company(scope)}/audit-log`),
  'GET /api/v1/audit-log': () => get('/api/v1/audit-log'),
  'GET /api/v1/companies/:id/ingest-keys': (scope) => get(`/api/v1/companies/${company(scope)}/ingest-keys`),
  'POST /api/v1/companies/:id/ingest-keys': (scope) =>
    json('POST', `/api/v1/companies/${company(scope)}/ingest-keys`, { name: 'gateway' }),
  'DELETE /api/v1/companies/:id/ingest-keys/:keyId': async (scope) =>
    json('DELETE', `/api/v1/companies/${company(scope)}/ingest-keys/${await w.freshKey(placeOf(scope))}`),
  'GET /api/v1/events': (scope) => ({ ...get(`/api/v1/events?company_id=${company(scope)}`), stream: true }),
  'GET /api/v1/equipment-models/:id/series': (scope) =>
    get(`/api/v1/equipment-models/${model(scope)}/series`),
  'GET /api/v1/equipment-models/:id/series/data': (scope) =>
    get(`/api/v1/equipment-models/${model(scope)}/series/data?tags=S1.temperature&${range()}`),
  'GET /api/v1/equipment-models/:id/waveforms': (scope) =>
    get(`/api/v1/equipment-models/${model(scope)}/waveforms`),
  'GET /api/v1/waveforms/:id/spectrum': (scope) => get(`/api/v1/waveforms/${w.waveformOf(scope)}/spectrum`),
  'GET /api/v1/waveforms/:id/envelope': (scope) =>
    get(`/api/v1/waveforms/${w.waveformOf(scope)}/envelope?low=500&high=2000`),
  'GET /api/v1/waveforms/:id/time': (scope) => get(`/api/v1/waveforms/${w.waveformOf(scope)}/time`),
  'GET /api/v1/equipment-models/tr-summary-status/:id': (scope) =>
    get(`/api/v1/equipment-models/tr-summary-status/${w.transformerOf(scope)}`),
  'GET /api/v1/fault-event/:tagId': (scope) => get(`/api/v1/fault-event/${model(scope)}?month=0&year=0`),
  'GET /api/v1/fault-eventfault-event-count': (scope) =>
    get(`/api/v1/fault-eventfault-event-count?equipment_model_id=${model(scope)}`),
  'GET /api/v1/fault-event/count': (scope) =>
    get(`/api/v1/fault-event/count?equipment_model_id=${model(scope)}`),
  'GET /api/v1/fault-event/details/:id': async (scope) =>
    get(`/api/v1/fault-event/details/${await freshFaultEvent(scope)}`),
  'GET /api/v1/fault-event/members': (scope) =>
    get(`/api/v1/fault-event/members?equipment_model_id=${model(scope)}`),
  'GET /api/v1/fault-event/export': (scope) => get(`/api/v1/fault-event/export?model_id=${model(scope)}`),
  'POST /api/v1/fault-event/acknowledge': async (scope) =>
    json('POST', '/api/v1/fault-event/acknowledge', faultEventBody(await freshFaultEvent(scope), scope)),
  'PATCH /api/v1/fault-event/comment': async (scope) =>
    json('PATCH', '/api/v1/fault-event/comment', {
      ...faultEventBody(await freshFaultEvent(scope, true), scope),
      comment_type: 1,
    }),
  'POST /api/v1/fault-event/done': async (scope) =>
    json('POST', '/api/v1/fault-event/done', {
      ...faultEventBody(await freshFaultEvent(scope, true), scope),
      outcome: 'no_fault_found',
    }),
  'POST /api/v1/fault-event/bulk': async (scope) =>
    json('POST', '/api/v1/fault-event/bulk', {
      action: 'done',
      outcome: 'no_fault_found',
      fault_event_ids: [await freshFaultEvent(scope, true), await freshFaultEvent(scope, true)],
      comment: 'checked',
    }),
  'GET /api/v1/fault-event/history': (scope) =>
    get(`/api/v1/fault-event/history?equipment_model_id=${model(scope)}`),
  'GET /api/v1/fault-events': (scope) => get(`/api/v1/fault-events?company_id=${company(scope)}`),
  'GET /api/v1/fault-event/precision': (scope) =>
    get(`/api/v1/fault-event/precision?model_id=${model(scope)}`),
  'GET /api/v1/fault-events/precision': (scope) =>
    get(`/api/v1/fault-events/precision?company_id=${company(scope)}`),
  'GET /api/v1/fault-event/scheduler/status': () => get('/api/v1/fault-event/scheduler/status'),
  'POST /api/v1/fault-event/scheduler/enable': () => json('POST', '/api/v1/fault-event/scheduler/enable'),
  'DELETE /api/v1/fault-event/scheduler/disable': () =>
    json('DELETE', '/api/v1/fault-event/scheduler/disable'),
  'GET /api/v1/fault-event/scheduler/preferences': () => get('/api/v1/fault-event/scheduler/preferences'),
  'PUT /api/v1/fault-event/scheduler/preferences': () =>
    json('PUT', '/api/v1/fault-event/scheduler/preferences', {
      warning: true,
      alarm: true,
      models: 'all',
      quietFrom: '22:00',
      quietTo: '06:00',
    }),
  'GET /api/v1/fault-event/escalation-policy': (scope) =>
    get(`/api/v1/fault-event/escalation-policy?company_id=${company(scope)}`),
  'PUT /api/v1/fault-event/escalation-policy': (scope) =>
    json('PUT', `/api/v1/fault-event/escalation-policy?company_id=${company(scope)}`, {
      alarmMinutes: 240,
      warningMinutes: 1440,
    }),
  'GET /api/v1/note/get/note-topic/all': (scope) =>
    get(`/api/v1/note/get/note-topic/all?equipment_model_id=${model(scope)}`),
  'GET /api/v1/note/note/comment': async (scope, role) =>
    get(`/api/v1/note/note/comment?note_topic_id=${(await freshNote(scope, role)).topic}`),
  'POST /api/v1/note/note-topic': (scope) => json('POST', '/api/v1/note/note-topic', noteBody(scope)),
  'PUT /api/v1/note/update/note-topic': async (scope, role) =>
    json(
      'PUT',
      `/api/v1/note/update/note-topic?note_topic_id=${(await freshNote(scope, role)).topic}`,
      noteBody(scope),
    ),
  'DELETE /api/v1/note/note-topic/:id': async (scope, role) =>
    json('DELETE', `/api/v1/note/note-topic/${(await freshNote(scope, role)).topic}`),
  'POST /api/v1/note-comment': async (scope, role) =>
    json('POST', '/api/v1/note-comment', {
      description: 'Vibration back to normal',
      equipmentModelId: model(scope),
      noteTopicId: (await freshNote(scope, role)).topic,
    }),
  'PUT /api/v1/note-comment/:id': async (scope, role) => {
    const note = await freshNote(scope, role);
    return json('PUT', `/api/v1/note-comment/${note.comment}`, {
      description: 'Greased twice',
      equipmentModelId: model(scope),
      noteTopicId: note.topic,
    });
  },
  'DELETE /api/v1/note-comment/:id': async (scope, role) =>
    json('DELETE', `/api/v1/note-comment/${(await freshNote(scope, role)).comment}`),
  'GET /api/v1/rvs/sensor-point-notes': (scope) =>
    get(
      `/api/v1/rvs/sensor-point-notes?modelCode=${w.modelOf(scope).code}&startDate=${new Date(w.day).toISOString()}&endDate=${new Date(w.day + 3_600_000).toISOString()}`,
    ),
  'POST /api/v1/rvs/sensor-point-notes': (scope) =>
    json('POST', '/api/v1/rvs/sensor-point-notes', {
      description: '',
      model_code: w.modelOf(scope).code,
      timestamp: new Date(w.day).toISOString(),
      y_position: 2.5,
      type: 'x',
      axis: 'H',
      rvs_graph_id: 1,
      sensor_id: 'S1',
    }),
  'PUT /api/v1/rvs/sensor-point-notes': async (scope) =>
    json('PUT', '/api/v1/rvs/sensor-point-notes', {
      modelCode: w.modelOf(scope).code,
      description: 'bearing',
      noteId: await freshPointNote(scope),
    }),
  'DELETE /api/v1/rvs/sensor-point-notes': async (scope) =>
    json(
      'DELETE',
      `/api/v1/rvs/sensor-point-notes?model_code=${w.modelOf(scope).code}&note_id=${await freshPointNote(scope)}`,
    ),
  'GET /api/v1/equipment-models/:id/summary': (scope) =>
    get(`/api/v1/equipment-models/${model(scope)}/summary`),
  'GET /api/v1/health_monitoring/tr-model-result-data/new': (scope) =>
    get(
      `/api/v1/health_monitoring/tr-model-result-data/new?modelId=${w.transformerOf(scope)}&sensorId=1&${trRange()}`,
    ),
  'GET /api/v1/advance-analysis/dga-result': (scope) =>
    get(`/api/v1/advance-analysis/dga-result?modelId=${w.transformerOf(scope)}`),
  'GET /api/v1/advance-analysis/dga-raw': (scope) =>
    get(`/api/v1/advance-analysis/dga-raw?modelId=${w.transformerOf(scope)}&${trRange()}`),
  'GET /api/v1/advance-analysis/dga-detail': () => get('/api/v1/advance-analysis/dga-detail'),
  'GET /api/v1/advance-analysis/dga-calculate': () =>
    get('/api/v1/advance-analysis/dga-calculate?ch4=30&c2h4=60&c2h2=10'),
  'GET /api/v1/advance-analysis/transformer-losses': (scope) =>
    get(`/api/v1/advance-analysis/transformer-losses?modelId=${w.transformerOf(scope)}&${trRange()}`),
  'GET /api/v1/vi-locus/locus-list': (scope) =>
    get(`/api/v1/vi-locus/locus-list?modelId=${w.transformerOf(scope)}`),
  'GET /api/v1/vi-locus/files': (scope) =>
    get(`/api/v1/vi-locus/files?modelId=${w.transformerOf(scope)}&locusName=Phase%20A`),
  'GET /api/v1/vi-locus/result': (scope) =>
    get(`/api/v1/vi-locus/result?modelId=${w.transformerOf(scope)}&locusName=Phase%20A&presentFile=LA_1`),
  'GET /api/v1/advance-analysis/pd-files': (scope) =>
    get(`/api/v1/advance-analysis/pd-files?modelId=${w.transformerOf(scope)}`),
  'GET /api/v1/advance-analysis/pd-result': (scope) =>
    get(
      `/api/v1/advance-analysis/pd-result?modelId=${w.transformerOf(scope)}&subModule=Main%20tank%20UHF%20Window&fileName=PD_1`,
    ),
  'GET /api/v1/mca-result-data-new/:id/result_data_new': (scope) =>
    get(`/api/v1/mca-result-data-new/${w.motorOf(scope)}/result_data_new?tabId=21&${trRange()}`),
  'GET /api/v1/mca-result-diagnostic/:id/result_dianostic': (scope) =>
    get(`/api/v1/mca-result-diagnostic/${w.motorOf(scope)}/result_dianostic?${trRange()}`),
  'GET /api/v1/mca-result-diagnostic/:id/result_diagnostic': (scope) =>
    get(`/api/v1/mca-result-diagnostic/${w.motorOf(scope)}/result_diagnostic?${trRange()}`),
  'GET /api/v1/mca-result-data-new/:id/file_name': (scope) =>
    get(`/api/v1/mca-result-data-new/${w.motorOf(scope)}/file_name?groupCode=FL`),
  'GET /api/v1/mca-result-data-new/:id/time_domain': (scope) =>
    get(`/api/v1/mca-result-data-new/${w.motorOf(scope)}/time_domain?fileName=MCA_a`),
  'GET /api/v1/mca-result-data-new/:id/frequency': (scope) =>
    get(`/api/v1/mca-result-data-new/${w.motorOf(scope)}/frequency?fileName=MCA_a`),
  'GET /api/v1/mca-result-data-new/:id/frequency_3d': (scope) =>
    get(`/api/v1/mca-result-data-new/${w.motorOf(scope)}/frequency_3d?fileName=MCA_a`),
  'GET /api/v1/mca-result-data-new/:id/fault_frequency': (scope) =>
    get(`/api/v1/mca-result-data-new/${w.motorOf(scope)}/fault_frequency?fileName=MCA_a`),
  'GET /api/v1/mca-result-data-new/:id/diagram_status': (scope) =>
    get(`/api/v1/mca-result-data-new/${w.motorOf(scope)}/diagram_status`),
  'GET /api/v1/vca-result-data/diagram': (scope) =>
    get(`/api/v1/vca-result-data/diagram?modelId=${w.driveOf(scope)}`),
  'GET /api/v1/vca-model-trend-signal/trend-signal/new': (scope) =>
    get(`/api/v1/vca-model-trend-signal/trend-signal/new?modelId=${w.driveOf(scope)}&${trRange()}`),
  'GET /api/v1/vca-result-data/rul': (scope) =>
    get(`/api/v1/vca-result-data/rul?modelId=${w.driveOf(scope)}&tagCode=dc_link_capacitor&${trRange()}`),
  'GET /api/v1/vca-result-data/temperature': (scope) =>
    get(
      `/api/v1/vca-result-data/temperature?modelId=${w.driveOf(scope)}&tagCode=dc_link_capacitor&${trRange()}`,
    ),
  'GET /api/v1/vca-result-data/overall': (scope) =>
    get(`/api/v1/vca-result-data/overall?modelId=${w.driveOf(scope)}`),
  'GET /api/v1/vca-result-data/file-names': (scope) =>
    get(`/api/v1/vca-result-data/file-names?modelId=${w.driveOf(scope)}&groupCode=TD`),
  'GET /api/v1/vca-result-data/time-domain': (scope) =>
    get(`/api/v1/vca-result-data/time-domain?modelId=${w.driveOf(scope)}&fileName=VSD_a`),
  'GET /api/v1/vca-result-data/frequency': (scope) =>
    get(`/api/v1/vca-result-data/frequency?modelId=${w.driveOf(scope)}&fileName=VSD_a`),
  'GET /api/v1/rvs-graph-result/sensors': (scope) =>
    get(`/api/v1/rvs-graph-result/sensors?modelId=${model(scope)}`),
  'GET /api/v1/rvs-graph-result/axis-filter': (scope) =>
    get(`/api/v1/rvs-graph-result/axis-filter?modelId=${model(scope)}&sensor_id=S1`),
  'GET /api/v1/rvs-graph-result/file-names': (scope) =>
    get(`/api/v1/rvs-graph-result/file-names?modelId=${model(scope)}&sensor=S1&axis=x`),
  'GET /api/v1/rvs-graph-result/spectrum': (scope) =>
    get(
      `/api/v1/rvs-graph-result/spectrum?modelId=${model(scope)}&sensor=S1&phase=velocity&axis=x&fileNames=S1_x_${encodeURIComponent(new Date(w.day).toISOString())}.bin`,
    ),
  'GET /api/v1/rvs-graph-result/waterfall': (scope) =>
    get(
      `/api/v1/rvs-graph-result/waterfall?modelId=${model(scope)}&sensorId=S1&phase=velocity&axis=x&fileNames=S1_x_${encodeURIComponent(new Date(w.day).toISOString())}.bin`,
    ),
  'GET /api/v1/rvs-graph-result/time-waveform': (scope) =>
    get(
      `/api/v1/rvs-graph-result/time-waveform?modelId=${model(scope)}&sensor=S1&phase=acceleration&axis=x&fileNames=S1_x_${encodeURIComponent(new Date(w.day).toISOString())}.bin`,
    ),
  'GET /api/v1/rvs-graph-result/trend': (scope) =>
    get(`/api/v1/rvs-graph-result/trend?modelId=${model(scope)}&phase=temperature&sensor=S1&${trRange()}`),
  'GET /api/v1/rvs-result/fault-parameters': (scope) =>
    get(`/api/v1/rvs-result/fault-parameters?modelId=${model(scope)}`),
  'GET /api/v1/rvs-result/parameter-trend': (scope) =>
    get(
      `/api/v1/rvs-result/parameter-trend?modelId=${model(scope)}&sensorId=S1&parameter=unbalance&keyValue=amplitude_1x&${trRange()}`,
    ),
  'GET /api/v1/rvs-failure-mode/graph/history-failure-mode/:id': (scope) =>
    get(
      `/api/v1/rvs-failure-mode/graph/history-failure-mode/${model(scope)}?sensorId=S1&${trRange().replace('startDate', 'startdate').replace('endDate', 'enddate')}`,
    ),
  'GET /api/v1/rvs-failure-mode/model-failure-mode/:id': (scope) =>
    get(`/api/v1/rvs-failure-mode/model-failure-mode/${model(scope)}`),
  'GET /api/v1/rvs-failure-mode/overall-failure-mode/:id': (scope) =>
    get(`/api/v1/rvs-failure-mode/overall-failure-mode/${model(scope)}`),
  'GET /api/v1/rvs-result/sensor-detail': (scope) =>
    get(`/api/v1/rvs-result/sensor-detail?modelId=${model(scope)}`),
  'GET /api/v1/evs/status': (scope) => get(`/api/v1/evs/status?modelId=${w.fanOf(scope)}`),
  'GET /api/v1/evs/result': (scope) =>
    get(`/api/v1/evs/result?modelId=${w.fanOf(scope)}&groupCode=Velocity&${trRange()}`),
  'GET /api/v1/model_summary/overall_status': (scope) =>
    get(`/api/v1/model_summary/overall_status?company_id=${company(scope)}`),
  'GET /api/v1/model_summary/overall_status/mca': (scope) =>
    get(`/api/v1/model_summary/overall_status/mca?company_id=${company(scope)}`),
  'GET /api/v1/model_summary/overall_status/vca': (scope) =>
    get(`/api/v1/model_summary/overall_status/vca?company_id=${company(scope)}`),
  'GET /api/v1/correlation/q-setting': (scope) =>
    get(`/api/v1/correlation/q-setting?modelId=${w.transformerOf(scope)}`),
  'GET /api/v1/correlation/score-result': (scope) =>
    get(`/api/v1/correlation/score-result?modelId=${w.transformerOf(scope)}&score=${TR_SCORE}&${trRange()}`),
  'GET /api/v1/correlation/tag-result': (scope) =>
    get(
      `/api/v1/correlation/tag-result?modelId=${w.transformerOf(scope)}&tagA=load_factor&tagB=top_oil_temperature&${trRange()}`,
    ),
  'POST /api/v1/ingest/measurements': () =>
    json('POST', '/api/v1/ingest/measurements', {
      modelCode: w.modelOf('own').code,
      points: [{ tag: 'S1.temperature', ts: Date.now() - 60_000, value: 41 }],
    }),
  'POST /api/v1/ingest/waveforms': (scope) =>
    json('POST', '/api/v1/ingest/waveforms', waveformBody(w.modelOf(scope).code, new Date().toISOString())),
};

let clients = 0;
/** Each call gets a client address of its own: the sign-in throttle counts per address, and these run in parallel. */
const remoteAddress = () => `10.9.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

/** A new session of the role, for a call that ends it; a removed member is removed after signing in. */
async function freshSession(role: Role, email: string): Promise<string> {
  if (role !== 'inactive') return signInFrom(email);
  const person = await w.freshMember('A', 'active');
  const cookie = await signInFrom(person.email);
  await ctx.db
    .updateTable('memberships')
    .set({ status: 'inactive' })
    .where('user_id', '=', person.id)
    .execute();
  await ctx.changesHeard();
  return cookie;
}

async function signInFrom(email: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: remoteAddress(),
    payload: { email, password: w.password },
  });
  const cookie = response.cookies.find((candidate) => candidate.name === 'sdp_session');
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  return `sdp_session=${cookie.value}`;
}

/** Sends one call as one role: its session cookie, or the ingest key, or nothing; as the web client sends it. */
async function send(role: Role, call: Call): Promise<{ status: number; detail: string }> {
  const headers: Record<string, string> = { ...CSRF, ...call.headers };
  if (role === 'ingestKey') headers.authorization = `Bearer ${w.keyA}`;
  const email = w.emails[role];
  if (email)
    headers.cookie = call.freshSession ? await freshSession(role, email) : (w.cookies[role] as string);
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (call.stream) {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}${call.url}`, { headers, signal: controller.signal });
    const detail = response.headers.get('content-type')?.includes('json') ? await response.text() : '';
    controller.abort();
    return { status: response.status, detail };
  }
  const response = await ctx.app.inject({
    method: call.method,
    url: call.url,
    headers,
    remoteAddress: remoteAddress(),
    ...(call.body !== undefined ? { payload: JSON.stringify(call.body) } : {}),
    ...(call.payload ? { payload: call.payload } : {}),
  });
  return {
    status: response.statusCode,
    detail: response.statusCode >= 300 ? response.body.slice(0, 200) : '',
  };
}

function matches(expected: Expected, status: number): boolean {
  if (expected === 'allow') return status >= 200 && status < 300;
  return status === Number(expected);
}

/** Reads first, then writes, deletions last: no row needs what an earlier row changed, but this keeps it obvious. */
const order = (key: string) => ['GET', 'PUT', 'PATCH', 'POST', 'DELETE'].indexOf(key.split(' ')[0] as string);
const rowKeys = Object.keys(matrix.rows).sort((a, b) => order(a) - order(b));

describe('authorization matrix', () => {
  it('is generated from the current routes, permissions.ts and authz-spec.ts', () => {
    const { matrix: current, problems } = buildMatrix(ctx.routes);
    expect(problems, `fix these, then run ${REGENERATE}`).toEqual([]);
    const missing = [...registryKeys(ctx.routes).keys()].filter(
      (key) => !Object.keys(matrix.rows).some((row) => row === key || row.startsWith(`${key} [`)),
    );
    expect(
      missing,
      `routes without a row in authz-matrix.json: run ${REGENERATE} and review the diff`,
    ).toEqual([]);
    expect(
      JSON.parse(JSON.stringify(current)),
      `authz-matrix.json is out of date: run ${REGENERATE} and review the diff`,
    ).toEqual(matrix);
  });

  it('fails for a new route without a row, saying how to add one and regenerate', () => {
    const route = {
      method: ['GET', 'HEAD'],
      url: '/api/v1/new-thing',
      access: { kind: 'signedIn' as const },
    };
    expect(buildMatrix([...ctx.routes, route]).problems).toEqual([
      `GET /api/v1/new-thing has no entry in apps/server/test/security/authz-spec.ts ROUTE_SPECS: add who may call it, then run ${REGENERATE}`,
    ]);
  });

  it('has a request for every row', () => {
    expect(rowKeys.filter((key) => !REQUESTS[key])).toEqual([]);
  });

  it('finds every route declaring the rule its row expects', () => {
    const differing = Object.entries(matrix.rows)
      .filter(([, row]) => row.declared)
      .map(([key, row]) => `${key}: declares ${row.declared}, expected ${row.rule}`);
    expect(differing).toEqual([]);
  });

  it.each(rowKeys)('%s', async (key) => {
    const row = matrix.rows[key];
    const request = REQUESTS[key];
    if (!row || !request) throw new Error(`no row or request for ${key}`);
    const cells = ROLES.flatMap((role) =>
      SCOPES[row.scopes].map((scope) => {
        const cell = row.expect[role];
        const expected = (typeof cell === 'string' ? cell : cell[scope]) as Expected;
        return { role, scope, expected };
      }),
    );
    const results = await Promise.all(
      cells.map(async ({ role, scope, expected }) => {
        const call = await request(scope, role);
        const { status, detail } = await send(role, call);
        await call.after?.();
        return matches(expected, status)
          ? null
          : `${role} × ${scope}: expected ${expected}, got ${status} ${detail} (${call.method} ${call.url})`;
      }),
    );
    expect(results.filter(Boolean)).toEqual([]);
  });
});
