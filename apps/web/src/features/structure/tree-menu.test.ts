import type { Permission } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import { type TreeMenuTarget, type TreeViewer, type TreeViewerRole, treeMenuEntries } from './tree-menu.ts';

// What Me carries per company role (the server's role → permission table); ADMIN holds every permission.
const permissionsByRole: Record<Exclude<TreeViewerRole, 'ADMIN' | null>, readonly Permission[]> = {
  owner: [
    'ViewCompany',
    'InviteMemberToCompany',
    'AssignMemberToEquipmentTag',
    'ConfigDataModelInfo',
    'ManageMcaReport',
  ],
  owner_rvs: [
    'ViewCompany',
    'InviteMemberToCompany',
    'ManageFolder',
    'ManageEquipmentTag',
    'AssignMemberToEquipmentTag',
    'ManageDataModel',
    'ConfigDataModelInfo',
    'ManageRvsReport',
  ],
  supmem: ['ViewCompany'],
  member: ['ViewCompany'],
};

function viewer(role: TreeViewerRole): TreeViewer {
  if (role === 'ADMIN') return { role, can: () => true };
  const granted = new Set(role ? permissionsByRole[role] : []);
  return { role, can: (permission) => granted.has(permission) };
}

const company: TreeMenuTarget = { kind: 'company' };
const folder: TreeMenuTarget = { kind: 'folder', isPrimaryFolder: false };
const primaryFolder: TreeMenuTarget = { kind: 'folder', isPrimaryFolder: true };
const equipment: TreeMenuTarget = { kind: 'equipment' };
const onlineModel: TreeMenuTarget = { kind: 'model', isOffline: false, isActive: true };
const inactiveModel: TreeMenuTarget = { kind: 'model', isOffline: false, isActive: false };
const offlineModel: TreeMenuTarget = { kind: 'model', isOffline: true, isActive: true };

describe('treeMenuEntries', () => {
  const table: [TreeViewerRole, TreeMenuTarget, string[]][] = [
    [
      'ADMIN',
      company,
      ['createFolder', 'addEquipmentTag', 'manageMembers', 'editRootName', 'rvsReport', 'mcaReport'],
    ],
    ['ADMIN', folder, ['createFolder', 'addEquipmentTag', 'editFolder', 'deleteFolder']],
    ['ADMIN', primaryFolder, ['createFolder', 'addEquipmentTag']],
    [
      'ADMIN',
      equipment,
      ['addModel', 'editEquipmentTag', 'assignMember', 'deleteEquipmentTag', 'emailNotification'],
    ],
    ['ADMIN', onlineModel, ['editModel', 'inactivateModel']],
    ['ADMIN', inactiveModel, ['editModel']],
    ['ADMIN', offlineModel, ['editOfflineModel', 'inactivateModel']],

    ['owner_rvs', company, ['createFolder', 'addEquipmentTag', 'manageMembers', 'editRootName', 'rvsReport']],
    ['owner_rvs', folder, ['createFolder', 'addEquipmentTag', 'editFolder', 'deleteFolder']],
    ['owner_rvs', primaryFolder, ['createFolder', 'addEquipmentTag']],
    ['owner_rvs', equipment, ['addModel', 'editEquipmentTag', 'assignMember', 'emailNotification']],
    ['owner_rvs', onlineModel, ['editModel', 'inactivateModel']],
    ['owner_rvs', offlineModel, ['editOfflineModel', 'inactivateModel']],

    ['owner', company, ['mcaReport']],
    ['owner', folder, []],
    ['owner', equipment, ['assignMember', 'emailNotification']],
    ['owner', onlineModel, ['editModel']],
    ['owner', offlineModel, ['editOfflineModel']],

    ['supmem', company, []],
    ['supmem', folder, []],
    ['supmem', equipment, []],
    ['supmem', onlineModel, []],
    ['supmem', offlineModel, []],

    ['member', company, []],
    ['member', folder, []],
    ['member', equipment, []],
    ['member', onlineModel, []],
    ['member', offlineModel, []],

    [null, company, []],
    [null, equipment, []],
    [null, onlineModel, []],
  ];

  const names = new Map<TreeMenuTarget, string>([
    [company, 'the company root'],
    [folder, 'a folder'],
    [primaryFolder, 'the primary folder'],
    [equipment, 'an equipment tag'],
    [onlineModel, 'an online model'],
    [inactiveModel, 'an inactive model'],
    [offlineModel, 'an offline model'],
  ]);
  const cases = table.map(([role, target, expected]) => ({
    role,
    name: names.get(target),
    target,
    expected,
  }));
  it.each(cases)('$role on $name gets $expected', ({ role, target, expected }) => {
    expect(treeMenuEntries(viewer(role), target)).toEqual(expected);
  });

  it('hides an entry whose permission Me does not grant, even for a role the table names', () => {
    // An OWNER_RVS looking at a company that is not the session's selected one has no permissions there.
    const withoutPermissions: TreeViewer = { role: 'owner_rvs', can: () => false };
    expect(treeMenuEntries(withoutPermissions, company)).toEqual([]);
    expect(treeMenuEntries(withoutPermissions, equipment)).toEqual([]);
  });

  it('never gives a role an entry the table does not name, whatever the permissions say', () => {
    const ownerWithEverything: TreeViewer = { role: 'owner', can: () => true };
    expect(treeMenuEntries(ownerWithEverything, company)).toEqual(['mcaReport']);
    expect(treeMenuEntries(ownerWithEverything, equipment)).toEqual(['assignMember', 'emailNotification']);
    expect(treeMenuEntries(ownerWithEverything, onlineModel)).toEqual(['editModel']);
  });
});
