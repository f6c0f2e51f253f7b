import type { TreeModel, TreeNode } from '@sdp/contracts';

let sequence = 0;

/** A fresh UUID-shaped id for test data. */
function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

/** A tree node as `GET /structure-item-company` answers it: offline, no models or children unless given. */
export function testTreeNode(type: TreeNode['type'], title: string, extra: Partial<TreeNode> = {}): TreeNode {
  return {
    id: nextId(),
    type,
    structureItemTitle: title,
    structureItemAlias: null,
    structureItemType: type === 'equipment' ? 'EquipmentTag' : 'Folder',
    parentId: null,
    path: [title],
    isPrimaryFolder: type === 'company',
    equipmentGroupType: null,
    posLat: null,
    posLng: null,
    status: -1,
    currentStatus: -1,
    active: true,
    images: [],
    equipmentModels: [],
    children: [],
    ...extra,
  };
}

/** An active online model (normal status) unless `extra` says otherwise. */
export function testTreeModel(title: string, extra: Partial<TreeModel> = {}): TreeModel {
  return {
    id: nextId(),
    title,
    isActive: 'active',
    linkUrl: '',
    is_offline: false,
    status: 0,
    equipmentCode: { code: 'X' },
    equipmentTagId: nextId(),
    equipmentModelTypeId: 1,
    equipmentModelType: { id: 1, title: 'Transformer' },
    modelCode: null,
    ...extra,
  };
}
