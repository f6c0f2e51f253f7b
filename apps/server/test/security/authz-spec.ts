import type { MemberRole, Permission } from '@sdp/contracts';
import { permission as permissionEnum } from '@sdp/contracts';
import type { Access, RegisteredRoute } from '../../src/auth/access.ts';
import { permissionsFor } from '../../src/auth/permissions.ts';

/**
 * The input of the authorization matrix (authz-matrix.json): who may call which route, written from the specs,
 * checked against the code (permissions.ts and each route's declared access rule) and turned into one expected
 * answer per route × role × scope. Regenerate with `npx node apps/server/test/security/generate-authz-matrix.ts`.
 */

/** Who calls: nobody, the platform administrator (member of no company), each company role, a removed member, a gateway. */
export const ROLES = [
  'anonymous',
  'admin',
  'owner',
  'ownerRvs',
  'supmem',
  'member',
  'inactive',
  'ingestKey',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * Where the target lives. `own` is the company the caller is (or was, for `inactive`) a member of; `other` is a
 * company they have nothing to do with. Equipment-scoped targets (tags and what hangs under them: models, offline
 * models, images, series, waveforms) split `own` into `assigned` (the tag is assigned to the MEMBER and SUPERMEMBER
 * callers) and `unassigned`.
 */
export const SCOPES = {
  none: ['-'],
  company: ['own', 'other'],
  equipment: ['assigned', 'unassigned', 'other'],
} as const;
export type ScopeKind = keyof typeof SCOPES;
export type Scope = (typeof SCOPES)[ScopeKind][number];

/** `allow`: a 2xx answer to a valid request on a real target. */
export type Expected = 'allow' | '401' | '403' | '404';

type SpecRole = 'ADMIN' | 'OWNER' | 'OWNER_RVS' | 'SUPMEM' | 'MEMBER';
const SPEC_ROLE: Record<Exclude<Role, 'anonymous' | 'inactive' | 'ingestKey'>, SpecRole> = {
  admin: 'ADMIN',
  owner: 'OWNER',
  ownerRvs: 'OWNER_RVS',
  supmem: 'SUPMEM',
  member: 'MEMBER',
};
const MEMBER_ROLE: Record<Exclude<SpecRole, 'ADMIN'>, MemberRole> = {
  OWNER: 'owner',
  OWNER_RVS: 'owner_rvs',
  SUPMEM: 'supmem',
  MEMBER: 'member',
};

/**
 * Spec 01 §6 (menus per node, invite/remove), spec 02 §6 and spec 03 §6 (sensor point notes), written out again here
 * on purpose: permissions.ts must agree with this table, or generation fails.
 */
export const SPEC_PERMISSIONS: Record<Permission, { roles: SpecRole[]; source: string }> = {
  ViewCompany: {
    roles: ['ADMIN', 'OWNER', 'OWNER_RVS', 'SUPMEM', 'MEMBER'],
    source: 'spec 01 §6: every role works in its company',
  },
  ManageCompanies: { roles: ['ADMIN'], source: "spec 01 §6: 'Setting Companies: ADMIN only'" },
  ManageAdmins: { roles: ['ADMIN'], source: "spec 01 §6: 'Setting Admin: ADMIN only'" },
  InviteMemberToCompany: {
    roles: ['ADMIN', 'OWNER', 'OWNER_RVS'],
    source:
      "spec 01 §6: 'Invite and remove member permissions: ADMIN and OWNER'; company root 'manage members' for OWNER_RVS",
  },
  RemoveMemberFromCompany: {
    roles: ['ADMIN', 'OWNER', 'OWNER_RVS'],
    source:
      "spec 01 §6: 'Invite and remove member permissions: ADMIN and OWNER'; company root 'manage members' for OWNER_RVS",
  },
  ManageFolder: {
    roles: ['ADMIN', 'OWNER_RVS'],
    source:
      "spec 01 §6 Folder: 'create folder, add equipment, edit, delete: ADMIN and OWNER_RVS (hidden when OWNER)'",
  },
  ManageEquipmentTag: {
    roles: ['ADMIN', 'OWNER_RVS'],
    source:
      "spec 01 §6 Equipment tag: 'add model and edit: ADMIN and OWNER_RVS'; Company root: 'add equipment tag'",
  },
  DeleteEquipmentTag: { roles: ['ADMIN'], source: "spec 01 §6 Equipment tag: 'delete: ADMIN only'" },
  AssignMemberToEquipmentTag: {
    roles: ['ADMIN', 'OWNER', 'OWNER_RVS'],
    source: "spec 01 §6 Equipment tag: 'assign member / invite member: ADMIN, OWNER, OWNER_RVS'",
  },
  ManageDataModel: {
    roles: ['ADMIN', 'OWNER_RVS'],
    source: "spec 01 §6: Equipment tag 'add model' and Model 'inactive': ADMIN and OWNER_RVS",
  },
  ConfigDataModelInfo: {
    roles: ['ADMIN', 'OWNER', 'OWNER_RVS'],
    source: "spec 01 §6 Model: 'edit: ADMIN, OWNER, OWNER_RVS'",
  },
  ManageMcaReport: {
    roles: ['ADMIN', 'OWNER'],
    source: "spec 01 §6 Company root: 'MCA report: ADMIN and OWNER'",
  },
  ManageRvsReport: {
    roles: ['ADMIN', 'OWNER_RVS'],
    source: "spec 01 §6 Company root: 'RVS report: ADMIN and OWNER_RVS'",
  },
  ManageSensorPointNotes: {
    roles: ['ADMIN', 'OWNER', 'SUPMEM', 'OWNER_RVS'],
    source: "spec 03 §6: 'roles ADMIN, OWNER, SUPMEM and OWNER_RVS may create, edit and delete them'",
  },
  ManageFaultEvents: {
    roles: ['ADMIN', 'OWNER', 'OWNER_RVS', 'SUPMEM'],
    source:
      'issue 15: acknowledge and close fault events, every company role except MEMBER (spec 03 §6: not shown)',
  },
  ManageIngestKeys: {
    roles: ['ADMIN', 'OWNER'],
    source: 'not in the specs: company settings of the owner (docs/ingestion.md)',
  },
  ViewAuditLog: {
    roles: ['ADMIN', 'OWNER'],
    source: "issue 17 item 6: 'an administrator (and a company's OWNER for their company) can search it'",
  },
  ViewAllEquipment: {
    roles: ['ADMIN', 'OWNER', 'OWNER_RVS'],
    source: 'issue 11 item 5: MEMBER and SUPERMEMBER see only the equipment assigned to them',
  },
};

/** The rule a route should declare, and what its target is. */
export type Intended =
  | { kind: 'public' }
  | { kind: 'platformAdmin' }
  /** `company`: the target is a model named in the body, of the key's company or another. */
  | { kind: 'ingestKey'; scope?: 'company' }
  /** Any signed-in user; `company`: the target still belongs to a company (a file, a company to select). */
  | { kind: 'signedIn'; scope?: 'company' }
  /**
   * A member holding `permission` in the target's company; `also`: a second permission the handler checks.
   * `scope: 'equipment'`: the target is equipment (or a folder holding some), but only roles that see all equipment
   * hold the permission, unless `visibility`: the handler itself answers 404 for what the caller does not see.
   */
  | {
      kind: 'company';
      permission: Permission;
      scope: 'company' | 'equipment';
      also?: Permission;
      visibility?: 'handler';
      /**
       * The call gives this role to someone, or changes or removes someone who holds it: one grants only a role whose
       * permissions one holds (issue 11 item 6), and changes only members whose role one may grant (issue 23 item 11).
       */
      grants?: MemberRole;
      /**
       * The call changes the caller's own role: nobody does (issue 11 item 6), so it is refused with 403 wherever it
       * would be allowed; the platform ADMIN has no role in a company, so for them the member is not found (404).
       */
      self?: true;
    }
  /** A read of one piece of equipment: who does not see it (issue 11 item 5) gets 404 before any permission. */
  | { kind: 'equipment'; permission: Permission };

export interface RouteSpec {
  rule: Intended;
  /** Why: the spec line, or the decision where the specs say nothing. */
  why: string;
  /** Rows of one route that expect differently (e.g. deleting a folder vs. an equipment tag); the key is the case name. */
  cases?: Record<string, { rule: Intended; why: string }>;
}

const company = (
  permission: Permission,
  scope: 'company' | 'equipment' = 'company',
  also?: Permission,
): Intended => ({ kind: 'company', permission, scope, ...(also ? { also } : {}) });
const signedIn: Intended = { kind: 'signedIn' };
const publicRule: Intended = { kind: 'public' };
const platformAdmin: Intended = { kind: 'platformAdmin' };
const grant = (role: MemberRole): Intended => ({
  kind: 'company',
  permission: 'InviteMemberToCompany',
  scope: 'company',
  grants: role,
});
const GRANTS =
  "manage members (spec 01 §6); issue 11 item 6: 'one grants only roles whose permissions they hold'";
/** Changing or removing a member holding a role counts as granting it (issue 23 item 11). */
const remove = (role: MemberRole): Intended => ({
  kind: 'company',
  permission: 'RemoveMemberFromCompany',
  scope: 'company',
  grants: role,
});
const CHANGES =
  'issue 23 item 11: one demotes or removes only a member whose role one may grant, so OWNER and OWNER_RVS cannot undo each other';
const lookup: RouteSpec = {
  rule: signedIn,
  why: 'spec 02 §7: master-data lookups of the model forms, for any signed-in user',
};
const view: RouteSpec = {
  rule: { kind: 'equipment', permission: 'ViewCompany' },
  why: 'a read of equipment: issue 11 item 5, members and supermembers see what is assigned to them',
};

/** Every route of the registry (HEAD mirrors GET), by `METHOD url`. */
export const ROUTE_SPECS: Record<string, RouteSpec> = {
  'GET /healthz': { rule: publicRule, why: 'load balancer probe' },
  'GET /readyz': { rule: publicRule, why: 'readiness probe; reasons go to the log only' },
  'GET /auth/config': { rule: publicRule, why: 'the sign-in page asks how to sign in' },
  'POST /auth/login': { rule: publicRule, why: 'sign-in' },
  'POST /auth/logout': { rule: publicRule, why: 'ends the presented session, if any' },
  'GET /auth/invitations/:token': { rule: publicRule, why: 'the token is the credential' },
  'POST /auth/invitations/:token/accept': {
    rule: publicRule,
    why: 'the token is the credential; a new account only (issue 11 item 2)',
  },
  'POST /auth/invitations/:token/accept-signed-in': {
    rule: signedIn,
    why: 'issue 11 item 2: an existing account accepts signed in as itself (the link of another answers 403)',
  },
  'GET /*': { rule: publicRule, why: 'the web app' },

  'GET /api/v1/users/me': {
    rule: signedIn,
    why: 'spec 01 §7: GET /users/me',
    cases: {
      'no company': { rule: signedIn, why: 'spec 01 §7: GET /users/me' },
      '?company_id': {
        rule: { kind: 'signedIn', scope: 'company' },
        why: 'permissions in a company you belong to',
      },
    },
  },
  'PUT /api/v1/users/me/language': {
    rule: signedIn,
    why: 'issue 27 item 5: the language your mails are written in (your own setting only)',
  },
  'PUT /api/v1/users/me/company': {
    rule: { kind: 'signedIn', scope: 'company' },
    why: 'select a company you belong to; issue 11: another tenant answers 404',
  },
  'GET /api/v1/companies': { rule: signedIn, why: 'ADMIN: every company; others: their own' },
  'POST /api/v1/companies': { rule: platformAdmin, why: "spec 01 §6: 'Setting Companies: ADMIN only'" },
  'GET /api/v1/companies/:id': { rule: company('ViewCompany'), why: 'members read their company' },
  'PUT /api/v1/companies/:id': { rule: platformAdmin, why: "spec 01 §6: 'Setting Companies: ADMIN only'" },
  'DELETE /api/v1/companies/:id': { rule: platformAdmin, why: "spec 01 §6: 'Setting Companies: ADMIN only'" },
  'PUT /api/v1/companies/:id/retention': {
    rule: company('ManageIngestKeys'),
    why: 'company data settings, with the ingest keys (not in the specs)',
  },
  'POST /api/v1/companies/:id/restore': {
    rule: platformAdmin,
    why: "spec 01 §6: 'Setting Companies: ADMIN only'",
  },

  'GET /api/v1/companies/:id/members': {
    rule: company('InviteMemberToCompany'),
    why: 'the manage members page',
  },
  'GET /api/v1/companies/:id/members-only': {
    rule: company('AssignMemberToEquipmentTag'),
    why: 'the assign member picker',
  },
  'POST /api/v1/companies/:id/members/invite': {
    rule: company('InviteMemberToCompany'),
    why: 'invite member',
  },
  'POST /api/v1/member/reinvite': { rule: company('InviteMemberToCompany'), why: 'invite member' },
  'POST /api/v1/member/active': { rule: company('InviteMemberToCompany'), why: 'manage members' },
  'DELETE /api/v1/member/inactive': {
    rule: company('RemoveMemberFromCompany'),
    why: 'remove member',
    cases: {
      member: { rule: company('RemoveMemberFromCompany'), why: 'remove member' },
      owner: { rule: remove('owner'), why: CHANGES },
      owner_rvs: { rule: remove('owner_rvs'), why: CHANGES },
    },
  },
  'PUT /api/v1/member/profile-edit': {
    rule: company('InviteMemberToCompany'),
    why: 'manage members',
    cases: {
      'role member': { rule: company('InviteMemberToCompany'), why: 'manage members' },
      'role owner_rvs': { rule: grant('owner_rvs'), why: GRANTS },
    },
  },
  'PUT /api/v1/member/switch-role': {
    rule: company('InviteMemberToCompany'),
    why: 'manage members',
    cases: {
      'member → supmem': { rule: grant('supmem'), why: GRANTS },
      'member → owner': { rule: grant('owner'), why: GRANTS },
      'member → owner_rvs': { rule: grant('owner_rvs'), why: GRANTS },
      'owner → member': { rule: grant('owner'), why: CHANGES },
      'owner_rvs → member': { rule: grant('owner_rvs'), why: CHANGES },
      'own role': {
        rule: { kind: 'company', permission: 'InviteMemberToCompany', scope: 'company', self: true },
        why: "issue 11 item 6: 'Nobody changes their own role'",
      },
    },
  },
  'PUT /api/v1/memberswitch-role': {
    rule: company('InviteMemberToCompany'),
    why: 'alias of /member/switch-role',
  },
  'PUT /api/v1/member/profile': { rule: signedIn, why: 'your own name and picture' },

  'GET /api/v1/admins': { rule: platformAdmin, why: "spec 01 §6: 'Setting Admin: ADMIN only'" },
  'POST /api/v1/admins': { rule: platformAdmin, why: "spec 01 §6: 'Setting Admin: ADMIN only'" },
  'PUT /api/v1/admins/profile-edit': { rule: platformAdmin, why: "spec 01 §6: 'Setting Admin: ADMIN only'" },
  'POST /api/v1/admins/reinvite': { rule: platformAdmin, why: "spec 01 §6: 'Setting Admin: ADMIN only'" },
  'POST /api/v1/admins/active': { rule: platformAdmin, why: "spec 01 §6: 'Setting Admin: ADMIN only'" },
  'DELETE /api/v1/admins/:id': { rule: platformAdmin, why: "spec 01 §6: 'Setting Admin: ADMIN only'" },
  'GET /api/v1/mail-outbox': { rule: platformAdmin, why: 'platform mail, for administrators' },

  'GET /api/v1/structure-item-company': {
    rule: company('ViewCompany'),
    why: 'the tree (members see their assigned equipment only: filtered, not refused)',
  },
  'GET /api/v1/companies/:id/dashboard': { rule: company('ViewCompany'), why: 'the dashboard (filtered)' },
  'GET /api/v1/structure-item/:id/overview': {
    rule: { kind: 'company', permission: 'ViewCompany', scope: 'equipment', visibility: 'handler' },
    why: 'a folder overview: members and supermembers see the folders that lead to their equipment (issue 11 item 5)',
  },
  'POST /api/v1/structure-item': { rule: company('ManageFolder'), why: SPEC_PERMISSIONS.ManageFolder.source },
  'PUT /api/v1/structure-item': { rule: company('ManageFolder'), why: SPEC_PERMISSIONS.ManageFolder.source },
  'DELETE /api/v1/structure-item/:id': {
    rule: company('ManageFolder'),
    why: SPEC_PERMISSIONS.ManageFolder.source,
    cases: {
      folder: { rule: company('ManageFolder'), why: SPEC_PERMISSIONS.ManageFolder.source },
      'equipment tag': {
        rule: company('ManageFolder', 'equipment', 'DeleteEquipmentTag'),
        why: SPEC_PERMISSIONS.DeleteEquipmentTag.source,
      },
    },
  },
  'GET /api/v1/equipment-tag/:id': view,
  'POST /api/v1/equipment-tag': {
    rule: company('ManageEquipmentTag'),
    why: SPEC_PERMISSIONS.ManageEquipmentTag.source,
  },
  'PUT /api/v1/equipment-tag': {
    rule: company('ManageEquipmentTag', 'equipment'),
    why: SPEC_PERMISSIONS.ManageEquipmentTag.source,
  },
  'GET /api/v1/equipment-tag-images/:id': view,
  'POST /api/v1/equipment-tag-images': {
    rule: company('ManageEquipmentTag', 'equipment'),
    why: SPEC_PERMISSIONS.ManageEquipmentTag.source,
  },
  'DELETE /api/v1/equipment-tag-images/:id': {
    rule: company('ManageEquipmentTag', 'equipment'),
    why: SPEC_PERMISSIONS.ManageEquipmentTag.source,
  },
  'GET /api/v1/equipment_model_member': {
    rule: company('AssignMemberToEquipmentTag', 'equipment'),
    why: SPEC_PERMISSIONS.AssignMemberToEquipmentTag.source,
  },
  'POST /api/v1/equipment_model_member': {
    rule: company('AssignMemberToEquipmentTag', 'equipment'),
    why: SPEC_PERMISSIONS.AssignMemberToEquipmentTag.source,
  },

  // Equipment e-mail notification and online reports (issue 16).
  'GET /api/v1/email_task_scheduler/scheduler/:id': {
    rule: { kind: 'equipment', permission: 'AssignMemberToEquipmentTag' },
    why: 'equipment tag menu: the e-mail notification mails the assigned members, so who assigns them sets it',
  },
  'POST /api/v1/email_task_scheduler/scheduler': {
    rule: { kind: 'equipment', permission: 'AssignMemberToEquipmentTag' },
    why: 'equipment tag menu: the e-mail notification mails the assigned members, so who assigns them sets it',
  },
  'PUT /api/v1/email_task_scheduler/scheduler': {
    rule: { kind: 'equipment', permission: 'AssignMemberToEquipmentTag' },
    why: 'equipment tag menu: the e-mail notification mails the assigned members, so who assigns them sets it',
  },
  'DELETE /api/v1/email_task_scheduler/scheduler/:id': {
    rule: { kind: 'equipment', permission: 'AssignMemberToEquipmentTag' },
    why: 'equipment tag menu: the e-mail notification mails the assigned members, so who assigns them sets it',
  },
  'GET /api/v1/companies/:id/online-report/MCA': {
    rule: company('ManageMcaReport'),
    why: SPEC_PERMISSIONS.ManageMcaReport.source,
  },
  'PUT /api/v1/companies/:id/online-report/MCA': {
    rule: company('ManageMcaReport'),
    why: SPEC_PERMISSIONS.ManageMcaReport.source,
  },
  'GET /api/v1/companies/:id/report-members/MCA': {
    rule: company('ManageMcaReport'),
    why: SPEC_PERMISSIONS.ManageMcaReport.source,
  },
  'GET /api/v1/companies/:id/online-report/RVS': {
    rule: company('ManageRvsReport'),
    why: SPEC_PERMISSIONS.ManageRvsReport.source,
  },
  'PUT /api/v1/companies/:id/online-report/RVS': {
    rule: company('ManageRvsReport'),
    why: SPEC_PERMISSIONS.ManageRvsReport.source,
  },
  'GET /api/v1/companies/:id/report-members/RVS': {
    rule: company('ManageRvsReport'),
    why: SPEC_PERMISSIONS.ManageRvsReport.source,
  },
  'GET /api/v1/companies/:id/online-report/pdf': {
    ...view,
    why: 'spec 03 §2.17: the Customize Report panel of a model page, for whoever sees the model',
  },
  'GET /api/v1/companies/:id/report-files/:fileId': {
    rule: { kind: 'company', permission: 'ViewCompany', scope: 'equipment', visibility: 'handler' },
    why: 'a rendered report of a model: the company and the model must be seen (the handler answers 404 otherwise)',
  },

  'POST /api/v1/equipment-models': {
    rule: company('ManageDataModel', 'equipment'),
    why: SPEC_PERMISSIONS.ManageDataModel.source,
  },
  'GET /api/v1/equipment-models': view,
  'GET /api/v1/equipment-models/:id': view,
  'PUT /api/v1/equipment-models/:id': {
    rule: company('ConfigDataModelInfo', 'equipment'),
    why: SPEC_PERMISSIONS.ConfigDataModelInfo.source,
    cases: {
      edit: {
        rule: company('ConfigDataModelInfo', 'equipment'),
        why: SPEC_PERMISSIONS.ConfigDataModelInfo.source,
      },
      'isActive: inactive': {
        rule: company('ConfigDataModelInfo', 'equipment', 'ManageDataModel'),
        why: `${SPEC_PERMISSIONS.ManageDataModel.source}; issue 11 item 6`,
      },
    },
  },
  'DELETE /api/v1/equipment-models/:id': {
    rule: company('ManageDataModel', 'equipment'),
    why: SPEC_PERMISSIONS.ManageDataModel.source,
  },
  'GET /api/v1/equipment-models/:id/baseline': view,
  'POST /api/v1/equipment-models/:id/baseline/reset': {
    rule: company('ConfigDataModelInfo', 'equipment'),
    why: `issue 25 item 4: Reset baseline after maintenance (ADMIN, OWNER, OWNER_RVS); ${SPEC_PERMISSIONS.ConfigDataModelInfo.source}`,
  },
  'GET /api/v1/equipment-models/:id/motor-data': view,
  'GET /api/v1/equipment-models/:id/v_and_i_locus': view,
  'GET /api/v1/equipment-models/alarm-management/persistence/:id': view,
  'PATCH /api/v1/equipment-model-configurations/:id': {
    rule: company('ConfigDataModelInfo', 'equipment'),
    why: SPEC_PERMISSIONS.ConfigDataModelInfo.source,
  },
  'GET /api/v1/equipment-models/:id/export': view,
  'POST /api/v1/equipment-models/:id/recommendation': {
    rule: company('ConfigDataModelInfo', 'equipment'),
    why: SPEC_PERMISSIONS.ConfigDataModelInfo.source,
  },
  'GET /api/v1/equipment-models/:id/recommendation': view,
  'GET /api/v1/equipment-models/:id/images': view,
  'GET /api/v1/equipment-models/:id/documents': view,
  'POST /api/v1/equipment-models/:id/images': {
    rule: { kind: 'equipment', permission: 'ConfigDataModelInfo' },
    why: `issue 12 item 2: a model's pictures are part of editing it (${SPEC_PERMISSIONS.ConfigDataModelInfo.source})`,
  },
  'DELETE /api/v1/equipment-models/:id/images/:imageId': {
    rule: { kind: 'equipment', permission: 'ConfigDataModelInfo' },
    why: `issue 12 item 2: a model's pictures are part of editing it (${SPEC_PERMISSIONS.ConfigDataModelInfo.source})`,
  },
  'POST /api/v1/equipment-models/:id/documents': {
    rule: { kind: 'equipment', permission: 'ConfigDataModelInfo' },
    why: `issue 12 item 2: a model's PM report and manual are part of editing it (${SPEC_PERMISSIONS.ConfigDataModelInfo.source})`,
  },
  'POST /api/v1/equipment-model-offlines': {
    rule: company('ManageDataModel', 'equipment'),
    why: SPEC_PERMISSIONS.ManageDataModel.source,
  },
  'GET /api/v1/equipment-model-offlines': view,
  'GET /api/v1/equipment-model-offlines/:id': view,
  'PUT /api/v1/equipment-model-offlines/:id': {
    rule: company('ConfigDataModelInfo', 'equipment'),
    why: SPEC_PERMISSIONS.ConfigDataModelInfo.source,
    cases: {
      edit: {
        rule: company('ConfigDataModelInfo', 'equipment'),
        why: SPEC_PERMISSIONS.ConfigDataModelInfo.source,
      },
      'isActive: inactive': {
        rule: company('ConfigDataModelInfo', 'equipment', 'ManageDataModel'),
        why: `${SPEC_PERMISSIONS.ManageDataModel.source}; issue 11 item 6`,
      },
    },
  },
  'DELETE /api/v1/equipment-model-offlines/:id': {
    rule: company('ManageDataModel', 'equipment'),
    why: SPEC_PERMISSIONS.ManageDataModel.source,
  },

  'GET /api/v1/equipment-models/alarm-management/master': lookup,
  'GET /api/v1/equipments/model-types/:id/configuration-informations': lookup,
  'GET /api/v1/alarm-limit-group/all': lookup,
  'GET /api/v1/alarm-limit-group/:id/sensor-type': lookup,
  'GET /api/v1/equipment-models/alarm-limit-group_master/all': lookup,
  'GET /api/v1/vsd-sensor-types': lookup,
  'GET /api/v1/vsd-brands': lookup,
  'GET /api/v1/vsd-brands/:id/models': lookup,
  'GET /api/v1/health-monitoring/tabs': lookup,
  'GET /api/v1/sensor-points': lookup,
  'GET /api/v1/machine-templates': lookup,
  'GET /api/v1/bearings': lookup,

  'POST /api/v1/upload/companys': {
    rule: platformAdmin,
    why: 'company logos: only the administrator edits companies',
  },
  'POST /api/v1/upload/profiles': { rule: signedIn, why: 'everybody has a profile picture' },
  'POST /api/v1/upload/equipment-tags': {
    rule: company('ConfigDataModelInfo'),
    why: `issue 11 item 12: upload limited to the roles that use it. Equipment images (${SPEC_PERMISSIONS.ManageEquipmentTag.source}) and RVS diagrams of a model (${SPEC_PERMISSIONS.ConfigDataModelInfo.source}) share it: the broader of the two`,
  },
  'GET /api/v1/files/:kind/:name': {
    rule: { kind: 'signedIn', scope: 'company' },
    why: "issue 11 item 1: a company's files for the people of that company",
  },

  'GET /api/v1/companies/:id/audit-log': {
    rule: company('ViewAuditLog'),
    why: SPEC_PERMISSIONS.ViewAuditLog.source,
  },
  'GET /api/v1/audit-log': {
    rule: { kind: 'platformAdmin' },
    why: 'issue 17 item 6: the administrator searches every company',
  },

  'GET /api/v1/companies/:id/ingest-keys': {
    rule: company('ManageIngestKeys'),
    why: SPEC_PERMISSIONS.ManageIngestKeys.source,
  },
  'POST /api/v1/companies/:id/ingest-keys': {
    rule: company('ManageIngestKeys'),
    why: SPEC_PERMISSIONS.ManageIngestKeys.source,
  },
  'DELETE /api/v1/companies/:id/ingest-keys/:keyId': {
    rule: company('ManageIngestKeys'),
    why: SPEC_PERMISSIONS.ManageIngestKeys.source,
  },
  'GET /api/v1/events': {
    rule: company('ViewCompany'),
    why: 'live events of your company (filtered per equipment)',
  },
  'GET /api/v1/equipment-models/:id/series': view,
  'GET /api/v1/equipment-models/:id/series/data': view,
  'GET /api/v1/equipment-models/:id/waveforms': view,
  'GET /api/v1/waveforms/:id/spectrum': view,
  'GET /api/v1/waveforms/:id/envelope': view,
  'GET /api/v1/waveforms/:id/time': view,
  // Transformer dashboard (issue 12): reads of one model, held to equipment visibility.
  'GET /api/v1/equipment-models/tr-summary-status/:id': view,

  // Fault events, notes and sensor point notes (issue 15).
  'GET /api/v1/fault-event/:tagId': view,
  'GET /api/v1/fault-eventfault-event-count': view,
  'GET /api/v1/fault-event/count': view,
  'GET /api/v1/fault-event/details/:id': view,
  'GET /api/v1/fault-event/members': {
    rule: { kind: 'equipment', permission: 'ManageFaultEvents' },
    why: 'issue 23 item 16: the recipients one may pick, for those who acknowledge and close events; a MEMBER gets no list of names and e-mails',
  },
  'GET /api/v1/fault-event/export': view,
  'POST /api/v1/fault-event/acknowledge': {
    rule: { kind: 'equipment', permission: 'ManageFaultEvents' },
    why: SPEC_PERMISSIONS.ManageFaultEvents.source,
  },
  'PATCH /api/v1/fault-event/comment': {
    rule: { kind: 'equipment', permission: 'ManageFaultEvents' },
    why: SPEC_PERMISSIONS.ManageFaultEvents.source,
  },
  'POST /api/v1/fault-event/done': {
    rule: { kind: 'equipment', permission: 'ManageFaultEvents' },
    why: SPEC_PERMISSIONS.ManageFaultEvents.source,
  },
  'POST /api/v1/fault-event/bulk': {
    rule: { kind: 'equipment', permission: 'ManageFaultEvents' },
    why: `issue 26 item 5: acknowledge / done from the alarm list, as the single-event actions; ${SPEC_PERMISSIONS.ManageFaultEvents.source}`,
  },
  'GET /api/v1/fault-event/history': view,
  'GET /api/v1/fault-event/precision': view,
  'GET /api/v1/fault-events/precision': {
    rule: company('ViewCompany'),
    why: 'issue 25 item 5: the alarm precision of the company, over the equipment the caller sees (members: filtered)',
  },
  'GET /api/v1/fault-events': {
    rule: company('ViewCompany'),
    why: 'issue 15 item 4: the company alarm list (members see the events of their assigned equipment: filtered)',
  },
  'GET /api/v1/fault-event/scheduler/status': {
    rule: signedIn,
    why: "spec 01 §1: your 'Real time fault event' switch",
  },
  'POST /api/v1/fault-event/scheduler/enable': {
    rule: signedIn,
    why: "spec 01 §1: your 'Real time fault event' switch; a POST under the CSRF rule (issue 23 item 12)",
  },
  'DELETE /api/v1/fault-event/scheduler/disable': {
    rule: signedIn,
    why: "spec 01 §1: your 'Real time fault event' switch",
  },
  'GET /api/v1/fault-event/scheduler/preferences': {
    rule: signedIn,
    why: 'issue 26 item 6: your own choice of which new fault events you get by mail',
  },
  'PUT /api/v1/fault-event/scheduler/preferences': {
    rule: signedIn,
    why: 'issue 26 item 6: your own choice of which new fault events you get by mail',
  },
  'GET /api/v1/fault-event/escalation-policy': {
    rule: company('ViewCompany'),
    why: 'issue 26 item 6: when the company escalates unacknowledged events, readable by its members',
  },
  'PUT /api/v1/fault-event/escalation-policy': {
    rule: company('ManageIngestKeys'),
    why: 'issue 26 item 6: a company setting, changed by ADMIN and OWNER as the other company settings (ingest keys)',
  },
  'GET /api/v1/note/get/note-topic/all': view,
  'GET /api/v1/note/note/comment': view,
  'POST /api/v1/note/note-topic': {
    rule: { kind: 'equipment', permission: 'ViewCompany' },
    why: 'spec 03 §2.15: whoever sees the model writes notes (spec 03 §6: only the author edits or deletes)',
  },
  'PUT /api/v1/note/update/note-topic': {
    rule: { kind: 'equipment', permission: 'ViewCompany' },
    why: 'spec 03 §6: the author edits their note (another author: 403, tested in notes.test.ts)',
  },
  'DELETE /api/v1/note/note-topic/:id': {
    rule: { kind: 'equipment', permission: 'ViewCompany' },
    why: 'spec 03 §6: the author deletes their note (another author: 403, tested in notes.test.ts)',
  },
  'POST /api/v1/note-comment': {
    rule: { kind: 'equipment', permission: 'ViewCompany' },
    why: 'spec 03 §2.15: whoever sees the model replies',
  },
  'PUT /api/v1/note-comment/:id': {
    rule: { kind: 'equipment', permission: 'ViewCompany' },
    why: 'spec 03 §6: the author edits their comment (another author: 403, tested in notes.test.ts)',
  },
  'DELETE /api/v1/note-comment/:id': {
    rule: { kind: 'equipment', permission: 'ViewCompany' },
    why: 'spec 03 §6: the author deletes their comment (another author: 403, tested in notes.test.ts)',
  },
  'GET /api/v1/rvs/sensor-point-notes': view,
  'POST /api/v1/rvs/sensor-point-notes': {
    rule: { kind: 'equipment', permission: 'ManageSensorPointNotes' },
    why: SPEC_PERMISSIONS.ManageSensorPointNotes.source,
  },
  'PUT /api/v1/rvs/sensor-point-notes': {
    rule: { kind: 'equipment', permission: 'ManageSensorPointNotes' },
    why: SPEC_PERMISSIONS.ManageSensorPointNotes.source,
  },
  'DELETE /api/v1/rvs/sensor-point-notes': {
    rule: { kind: 'equipment', permission: 'ManageSensorPointNotes' },
    why: SPEC_PERMISSIONS.ManageSensorPointNotes.source,
  },
  'GET /api/v1/equipment-models/:id/summary': view,
  'GET /api/v1/equipment-models/:id/status-history': view,
  'GET /api/v1/health_monitoring/tr-model-result-data/new': view,
  'GET /api/v1/advance-analysis/dga-result': view,
  'GET /api/v1/advance-analysis/dga-raw': view,
  'GET /api/v1/advance-analysis/transformer-losses': view,
  'GET /api/v1/vi-locus/locus-list': view,
  'GET /api/v1/vi-locus/files': view,
  'GET /api/v1/vi-locus/result': view,
  'GET /api/v1/advance-analysis/pd-files': view,
  'GET /api/v1/advance-analysis/pd-result': view,
  'GET /api/v1/correlation/q-setting': view,
  'GET /api/v1/correlation/score-result': view,
  'GET /api/v1/correlation/tag-result': view,
  // VCA and EVS dashboards (issue 13): reads of one model, held to equipment visibility.
  'GET /api/v1/vca-result-data/diagram': view,
  'GET /api/v1/vca-model-trend-signal/trend-signal/new': view,
  'GET /api/v1/vca-result-data/rul': view,
  'GET /api/v1/vca-result-data/temperature': view,
  'GET /api/v1/vca-result-data/overall': view,
  'GET /api/v1/vca-result-data/file-names': view,
  // Issue 14: RVS view. The upgrade lock (403 without rvs_upgrade unless platform admin) sits on top of the read.
  'GET /api/v1/rvs-graph-result/sensors': view,
  'GET /api/v1/rvs-graph-result/axis-filter': view,
  'GET /api/v1/rvs-graph-result/file-names': view,
  'GET /api/v1/rvs-graph-result/spectrum': view,
  'GET /api/v1/rvs-graph-result/waterfall': view,
  'GET /api/v1/rvs-graph-result/time-waveform': view,
  'GET /api/v1/rvs-graph-result/trend': view,
  'GET /api/v1/rvs-failure-mode/overall-failure-mode/:id': view,
  'GET /api/v1/rvs-result/sensor-detail': view,
  'GET /api/v1/rvs-result/fault-parameters': {
    ...view,
    why: `${view.why}; spec 03 §2.3, §6: also 403 without the company's rvs_upgrade unless admin`,
  },
  'GET /api/v1/rvs-result/parameter-trend': {
    ...view,
    why: `${view.why}; spec 03 §2.3, §6: also 403 without the company's rvs_upgrade unless admin`,
  },
  'GET /api/v1/rvs-failure-mode/graph/history-failure-mode/:id': {
    ...view,
    why: `${view.why}; spec 03 §2.3, §6: also 403 without the company's rvs_upgrade unless admin`,
  },
  'GET /api/v1/rvs-failure-mode/model-failure-mode/:id': {
    ...view,
    why: `${view.why}; spec 03 §2.3, §6: also 403 without the company's rvs_upgrade unless admin`,
  },
  'GET /api/v1/vca-result-data/time-domain': view,
  'GET /api/v1/vca-result-data/frequency': view,
  'GET /api/v1/evs/status': view,
  'GET /api/v1/evs/result': view,
  'GET /api/v1/model_summary/overall_status': {
    rule: company('ViewCompany'),
    why: "the company's models, each row held to equipment visibility (members see what is assigned to them)",
  },
  'GET /api/v1/model_summary/overall_status/mca': {
    rule: company('ViewCompany'),
    why: "the company's MCA models, each row held to equipment visibility",
  },
  'GET /api/v1/model_summary/overall_status/vca': {
    rule: company('ViewCompany'),
    why: "the company's VCA models, each row held to equipment visibility",
  },
  // MCA dashboard (issue 13): reads of one motor, held to equipment visibility.
  'GET /api/v1/mca-result-data-new/:id/result_data_new': view,
  'GET /api/v1/mca-result-diagnostic/:id/result_dianostic': view,
  'GET /api/v1/mca-result-diagnostic/:id/result_diagnostic': view,
  'GET /api/v1/mca-result-data-new/:id/file_name': view,
  'GET /api/v1/mca-result-data-new/:id/time_domain': view,
  'GET /api/v1/mca-result-data-new/:id/frequency': view,
  'GET /api/v1/mca-result-data-new/:id/frequency_3d': view,
  'GET /api/v1/mca-result-data-new/:id/fault_frequency': view,
  'GET /api/v1/mca-result-data-new/:id/diagram_status': view,
  'GET /api/v1/advance-analysis/dga-detail': {
    rule: signedIn,
    why: 'Duval Triangle 1 zones: fixed reference data, no company data',
  },
  'GET /api/v1/advance-analysis/dga-calculate': {
    rule: signedIn,
    why: 'DGA manual calculator: computes from the gases sent, reads no stored data',
  },
  'POST /api/v1/ingest/measurements': { rule: { kind: 'ingestKey' }, why: 'gateways, by ingest key only' },
  'POST /api/v1/ingest/waveforms': {
    rule: { kind: 'ingestKey', scope: 'company' },
    why: "gateways, by ingest key only; another company's model code answers as an unknown one (404)",
  },
};

/** The permissions a role holds in the target's company, from permissions.ts (checked against the spec above). */
function held(role: Role): ReadonlySet<Permission> {
  if (role === 'admin') return new Set(permissionsFor('ADMIN', null));
  if (role === 'anonymous' || role === 'inactive' || role === 'ingestKey') return new Set();
  return new Set(permissionsFor('USER', MEMBER_ROLE[SPEC_ROLE[role] as Exclude<SpecRole, 'ADMIN'>]));
}

/** permissions.ts must give each permission to exactly the roles the spec names. */
export function specDifferences(): string[] {
  const differences: string[] = [];
  for (const name of permissionEnum.options) {
    const spec = SPEC_PERMISSIONS[name];
    for (const role of Object.keys(SPEC_ROLE) as (keyof typeof SPEC_ROLE)[]) {
      const code = held(role).has(name);
      const wanted = spec.roles.includes(SPEC_ROLE[role]);
      if (code !== wanted)
        differences.push(
          `permissions.ts ${code ? 'gives' : 'denies'} ${name} to ${SPEC_ROLE[role]}, the spec ${wanted ? 'gives' : 'denies'} it (${spec.source})`,
        );
    }
  }
  return differences;
}

/**
 * The answer a role gets, in this order: no credential of the right kind → 401; a platform route for a non-admin →
 * 403; a target the caller cannot see (another company or its model code, a company they were removed from,
 * equipment not assigned to a MEMBER or SUPERMEMBER) → 404; a missing permission, or granting a role whose
 * permissions the caller does not all hold → 403; otherwise allowed.
 */
export function expected(rule: Intended, role: Role, scope: Scope): Expected {
  if (rule.kind === 'public') return 'allow';
  if (role === 'anonymous') return '401';
  if (rule.kind === 'ingestKey') return role !== 'ingestKey' ? '401' : scope === 'other' ? '404' : 'allow';
  if (role === 'ingestKey') return '401';
  if (rule.kind === 'platformAdmin') return role === 'admin' ? 'allow' : '403';
  if (role === 'admin') return rule.kind === 'company' && rule.self ? '404' : 'allow';
  if (scope === 'other' || (role === 'inactive' && scope !== '-')) return '404';
  if (rule.kind === 'signedIn') return 'allow';
  const permissions = held(role);
  const hidden = rule.kind === 'equipment' || (rule.kind === 'company' && rule.visibility === 'handler');
  if (hidden && scope === 'unassigned' && !permissions.has('ViewAllEquipment')) return '404';
  const also = rule.kind === 'company' ? rule.also : undefined;
  if (!permissions.has(rule.permission) || (also && !permissions.has(also))) return '403';
  const granted = rule.kind === 'company' && rule.grants ? permissionsFor('USER', rule.grants) : [];
  if (granted.some((name) => !permissions.has(name))) return '403';
  return rule.kind === 'company' && rule.self ? '403' : 'allow';
}

export function scopeOf(rule: Intended): ScopeKind {
  if (rule.kind === 'company') return rule.scope;
  if (rule.kind === 'equipment') return 'equipment';
  if ((rule.kind === 'signedIn' || rule.kind === 'ingestKey') && rule.scope) return 'company';
  return 'none';
}

export function describeRule(rule: Intended | Access | undefined): string {
  if (!rule) return 'none';
  if (rule.kind === 'company') {
    const parts = [`company ${rule.permission}`];
    if ('also' in rule && rule.also) parts.push(` + ${rule.also}`);
    if ('grants' in rule && rule.grants) parts.push(`, granting ${rule.grants}`);
    if ('visibility' in rule && rule.visibility) parts.push(' (equipment visibility in the handler)');
    if ('self' in rule && rule.self) parts.push(', on oneself');
    return parts.join('');
  }
  if (rule.kind === 'equipment') return `equipment ${rule.permission}`;
  return rule.kind;
}

export interface MatrixRow {
  rule: string;
  /** Present only when the route declares something else than the rule above: the test fails until they agree. */
  declared?: string;
  why: string;
  scopes: ScopeKind;
  expect: Record<Role, Expected | Partial<Record<Scope, Expected>>>;
}

export interface Matrix {
  about: string[];
  roles: readonly Role[];
  rows: Record<string, MatrixRow>;
}

export const REGENERATE = 'npx node apps/server/test/security/generate-authz-matrix.ts';

export const ABOUT = [
  'Generated by apps/server/test/security/generate-authz-matrix.ts from authz-spec.ts (the spec tables), permissions.ts and the route registry. Do not edit: change the input and regenerate, then review the diff.',
  "Roles: anonymous (no credential), admin (platform ADMIN, member of no company), owner, ownerRvs, supmem, member (active members of the 'own' company), inactive (a removed member of the 'own' company), ingestKey (Authorization: Bearer <ingest key of the own company>, no session).",
  "Scopes: '-' the route names no company; own / other company; equipment: assigned (to the member and supmem callers) / unassigned / other company.",
  "Answers, in this order: no credential of the right kind → 401; a platform route for a non-admin → 403; a target the caller cannot see (another company or its model code, a company they were removed from, equipment not assigned to a MEMBER or SUPERMEMBER) → 404; a missing permission, or granting a role whose permissions the caller does not all hold → 403; otherwise 'allow'.",
  "'allow' means a 2xx answer to a valid request on a real target (ids of the right scope, a body the route accepts); 401, 403 and 404 mean exactly that status. authz-matrix.test.ts walks every cell against a seeded server.",
];

/** Every row key of a route: `METHOD url`, or `METHOD url [case]` for routes with cases. */
export function rowKeys(routeKey: string, spec: RouteSpec): { key: string; rule: Intended; why: string }[] {
  if (!spec.cases) return [{ key: routeKey, rule: spec.rule, why: spec.why }];
  return Object.entries(spec.cases).map(([name, entry]) => ({
    key: `${routeKey} [${name}]`,
    rule: entry.rule,
    why: entry.why,
  }));
}

/** The registry's routes as `METHOD url` keys, HEAD folded into GET. */
export function registryKeys(routes: readonly RegisteredRoute[]): Map<string, Access | undefined> {
  const keys = new Map<string, Access | undefined>();
  for (const route of routes) {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      keys.set(`${method} ${route.url}`, route.access);
    }
  }
  return keys;
}

function sameRule(intended: Intended, declared: Access | undefined): boolean {
  if (!declared) return false;
  if (intended.kind !== declared.kind) return false;
  if (intended.kind === 'company' && declared.kind === 'company')
    return intended.permission === declared.permission;
  if (intended.kind === 'equipment' && declared.kind === 'equipment')
    return intended.permission === declared.permission;
  return true;
}

/** The matrix, or the reasons it cannot be built (a route without a spec entry, a permission table off the spec). */
export function buildMatrix(routes: readonly RegisteredRoute[]): { matrix: Matrix; problems: string[] } {
  const problems = specDifferences();
  const registry = registryKeys(routes);
  for (const key of registry.keys()) {
    if (!ROUTE_SPECS[key])
      problems.push(
        `${key} has no entry in apps/server/test/security/authz-spec.ts ROUTE_SPECS: add who may call it, then run ${REGENERATE}`,
      );
  }
  const rows: Record<string, MatrixRow> = {};
  for (const [routeKey, spec] of Object.entries(ROUTE_SPECS)) {
    if (!registry.has(routeKey)) {
      problems.push(`${routeKey} is in authz-spec.ts ROUTE_SPECS but not a registered route: remove it`);
      continue;
    }
    const declared = registry.get(routeKey);
    for (const { key, rule, why } of rowKeys(routeKey, spec)) {
      if (rule.kind === 'company' && rule.scope === 'equipment' && !rule.visibility) {
        const seesAll = (role: Role) => held(role).has('ViewAllEquipment');
        const holders = ROLES.filter((role) => held(role).has(rule.permission) && !seesAll(role));
        if (holders.length > 0)
          problems.push(
            `${key}: ${holders.join(', ')} hold ${rule.permission} without seeing all equipment: declare access.equipment so unassigned equipment answers 404`,
          );
      }
      const kind = scopeOf(rule);
      const expect = {} as MatrixRow['expect'];
      for (const role of ROLES) {
        if (kind === 'none') expect[role] = expected(rule, role, '-');
        else
          expect[role] = Object.fromEntries(
            SCOPES[kind].map((scope) => [scope, expected(rule, role, scope)]),
          );
      }
      rows[key] = {
        rule: describeRule(rule),
        ...(sameRule(spec.rule, declared) ? {} : { declared: describeRule(declared) }),
        why,
        scopes: kind,
        expect,
      };
    }
  }
  return { matrix: { about: ABOUT, roles: ROLES, rows }, problems };
}

/** JSON with one line per role, so a changed expectation is a one-line diff. */
export function formatMatrix(matrix: Matrix): string {
  const lines = ['{', `  "about": ${JSON.stringify(matrix.about, null, 4).replace(/\n\]/, '\n  ]')},`];
  lines.push(`  "roles": ${JSON.stringify(matrix.roles)},`, '  "rows": {');
  const entries = Object.entries(matrix.rows);
  entries.forEach(([key, row], index) => {
    lines.push(`    ${JSON.stringify(key)}: {`);
    lines.push(`      "rule": ${JSON.stringify(row.rule)},`);
    if (row.declared) lines.push(`      "declared": ${JSON.stringify(row.declared)},`);
    lines.push(`      "why": ${JSON.stringify(row.why)},`, `      "scopes": ${JSON.stringify(row.scopes)},`);
    lines.push('      "expect": {');
    const roles = Object.entries(row.expect);
    roles.forEach(([role, value], at) => {
      const text = JSON.stringify(value).replace(/,/g, ', ').replace(/:/g, ': ');
      lines.push(`        ${JSON.stringify(role).padEnd(12)}: ${text}${at < roles.length - 1 ? ',' : ''}`);
    });
    lines.push('      }', `    }${index < entries.length - 1 ? ',' : ''}`);
  });
  lines.push('  }', '}', '');
  return lines.join('\n');
}
