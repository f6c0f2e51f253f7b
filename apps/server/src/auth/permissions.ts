import type { MemberRole, Permission, PlatformRole } from '@sdp/contracts';
import { permission } from '@sdp/contracts';

/**
 * Role → permission table of spec 01 §6 (context menus, invite/remove) and spec 03 §6 (sensor point notes).
 * Where the spec's variants disagree we chose, and the web hides exactly what this table refuses:
 * - InviteMemberToCompany / RemoveMemberFromCompany: spec 01 §6 names ADMIN and OWNER, and the company-root
 *   menu gives 'manage members' to OWNER_RVS too, so owner_rvs has them.
 * - ManageFolder, ManageEquipmentTag (add, edit), ManageDataModel (add model, inactive): ADMIN and OWNER_RVS.
 * - DeleteEquipmentTag: ADMIN only. AssignMemberToEquipmentTag: ADMIN, OWNER, OWNER_RVS.
 * - ConfigDataModelInfo (edit a model): ADMIN, OWNER, OWNER_RVS.
 * - ManageMcaReport: ADMIN and OWNER; ManageRvsReport: ADMIN and OWNER_RVS (company-root menu).
 * - ManageSensorPointNotes: ADMIN, OWNER, SUPMEM, OWNER_RVS (spec 03 §6).
 * - ManageFaultEvents (acknowledge, comment, done): every company role but MEMBER (spec 03 §6 does not say; issue 15).
 * - ViewAllEquipment: owners see every equipment tag; MEMBER and SUPERMEMBER see the tags assigned to them.
 * - ManageIngestKeys: ADMIN and OWNER (company settings).
 * - ViewAuditLog: ADMIN (every company) and OWNER (their company): issue 17 item 6.
 * - ManageCompanies, ManageAdmins: platform ADMIN only.
 */
export const companyRolePermissions: Readonly<Record<MemberRole, readonly Permission[]>> = {
  owner: [
    'ViewCompany',
    'ViewAllEquipment',
    'InviteMemberToCompany',
    'RemoveMemberFromCompany',
    'AssignMemberToEquipmentTag',
    'ConfigDataModelInfo',
    'ManageMcaReport',
    'ManageSensorPointNotes',
    'ManageFaultEvents',
    'ManageIngestKeys',
    'ViewAuditLog',
  ],
  owner_rvs: [
    'ViewCompany',
    'ViewAllEquipment',
    'InviteMemberToCompany',
    'RemoveMemberFromCompany',
    'ManageFolder',
    'ManageEquipmentTag',
    'AssignMemberToEquipmentTag',
    'ManageDataModel',
    'ConfigDataModelInfo',
    'ManageRvsReport',
    'ManageSensorPointNotes',
    'ManageFaultEvents',
  ],
  supmem: ['ViewCompany', 'ManageSensorPointNotes', 'ManageFaultEvents'],
  member: ['ViewCompany'],
};

const allPermissions: readonly Permission[] = permission.options;

/** The permissions a user holds in one company: everything for the platform ADMIN, the role's list otherwise. */
export function permissionsFor(
  platformRole: PlatformRole,
  companyRole: MemberRole | null,
): readonly Permission[] {
  if (platformRole === 'ADMIN') return allPermissions;
  return companyRole ? companyRolePermissions[companyRole] : [];
}
