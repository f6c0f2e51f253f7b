import type { MemberRole, Permission } from '@sdp/contracts';

/** Who looks at the tree: the platform ADMIN, a company role, or nobody the menus know. */
export type TreeViewerRole = 'ADMIN' | MemberRole | null;

export type TreeViewer = {
  role: TreeViewerRole;
  /** Whether Me grants a named permission in the tree's company. */
  can: (permission: Permission) => boolean;
};

/** The node a context menu is opened on. */
export type TreeMenuTarget =
  | { kind: 'company' }
  | { kind: 'folder'; isPrimaryFolder: boolean }
  | { kind: 'equipment' }
  | { kind: 'model'; isOffline: boolean; isActive: boolean };

/** What a context menu entry does. */
export type TreeMenuAction =
  | 'createFolder'
  | 'addEquipmentTag'
  | 'manageMembers'
  | 'editRootName'
  | 'rvsReport'
  | 'mcaReport'
  | 'editFolder'
  | 'deleteFolder'
  | 'addModel'
  | 'editEquipmentTag'
  | 'assignMember'
  | 'deleteEquipmentTag'
  | 'emailNotification'
  | 'editModel'
  | 'editOfflineModel'
  | 'inactivateModel';

type Rule = {
  action: TreeMenuAction;
  permission: Permission;
  roles: readonly TreeViewerRole[];
  when?: (target: TreeMenuTarget) => boolean;
};

const ADMIN_RVS = ['ADMIN', 'owner_rvs'] as const;
const ADMIN_OWNERS = ['ADMIN', 'owner', 'owner_rvs'] as const;

const notPrimary = (target: TreeMenuTarget) => target.kind === 'folder' && !target.isPrimaryFolder;
const online = (target: TreeMenuTarget) => target.kind === 'model' && !target.isOffline;
const offline = (target: TreeMenuTarget) => target.kind === 'model' && target.isOffline;
const active = (target: TreeMenuTarget) => target.kind === 'model' && target.isActive;

/** The table of spec 01 §6, row by row, in the order the entries are shown. */
const rules: Record<TreeMenuTarget['kind'], readonly Rule[]> = {
  company: [
    { action: 'createFolder', permission: 'ManageFolder', roles: ADMIN_RVS },
    { action: 'addEquipmentTag', permission: 'ManageEquipmentTag', roles: ADMIN_RVS },
    { action: 'manageMembers', permission: 'InviteMemberToCompany', roles: ADMIN_RVS },
    { action: 'editRootName', permission: 'ManageFolder', roles: ADMIN_RVS },
    { action: 'rvsReport', permission: 'ManageRvsReport', roles: ADMIN_RVS },
    { action: 'mcaReport', permission: 'ManageMcaReport', roles: ['ADMIN', 'owner'] },
  ],
  folder: [
    { action: 'createFolder', permission: 'ManageFolder', roles: ADMIN_RVS },
    { action: 'addEquipmentTag', permission: 'ManageEquipmentTag', roles: ADMIN_RVS },
    { action: 'editFolder', permission: 'ManageFolder', roles: ADMIN_RVS, when: notPrimary },
    { action: 'deleteFolder', permission: 'ManageFolder', roles: ADMIN_RVS, when: notPrimary },
  ],
  equipment: [
    { action: 'addModel', permission: 'ManageDataModel', roles: ADMIN_RVS },
    { action: 'editEquipmentTag', permission: 'ManageEquipmentTag', roles: ADMIN_RVS },
    { action: 'assignMember', permission: 'AssignMemberToEquipmentTag', roles: ADMIN_OWNERS },
    { action: 'deleteEquipmentTag', permission: 'DeleteEquipmentTag', roles: ['ADMIN'] },
    // The notification mails the tag's assigned members: whoever assigns them sets it (issue 16).
    { action: 'emailNotification', permission: 'AssignMemberToEquipmentTag', roles: ADMIN_OWNERS },
  ],
  model: [
    { action: 'editModel', permission: 'ConfigDataModelInfo', roles: ADMIN_OWNERS, when: online },
    { action: 'editOfflineModel', permission: 'ConfigDataModelInfo', roles: ADMIN_OWNERS, when: offline },
    // An inactive model has nothing left to deactivate; an offline one is switched back on in its edit dialog.
    { action: 'inactivateModel', permission: 'ManageDataModel', roles: ADMIN_RVS, when: active },
  ],
};

/**
 * Roles for which the menu opens at all, per node kind: OWNER on equipment tags and models, and on the root for the
 * one entry the table gives OWNER there (MCA report).
 */
const menuRoles: Record<TreeMenuTarget['kind'], readonly TreeViewerRole[]> = {
  company: ADMIN_OWNERS,
  folder: ADMIN_RVS,
  equipment: ADMIN_OWNERS,
  model: ADMIN_OWNERS,
};

/**
 * The context menu entries a viewer gets on a tree node (spec 01 §6): the role must be one the table names
 * for the entry and Me must grant the entry's permission, so the menu never offers what the server refuses.
 * An empty list means no menu opens (plain members, and OWNER on the root and folders).
 */
export function treeMenuEntries(viewer: TreeViewer, target: TreeMenuTarget): TreeMenuAction[] {
  if (!menuRoles[target.kind].includes(viewer.role)) return [];
  return rules[target.kind]
    .filter(
      (rule) =>
        rule.roles.includes(viewer.role) &&
        viewer.can(rule.permission) &&
        (rule.when === undefined || rule.when(target)),
    )
    .map((rule) => rule.action);
}
