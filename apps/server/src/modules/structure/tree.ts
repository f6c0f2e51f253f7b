import { modelTypes, type Overview, type TreeModel, type TreeNode } from '@sdp/contracts';
import type { ImageRow, ItemRow, ModelRow, OfflineRow } from './structure.repository.ts';

export interface TreeViewer {
  isAdmin: boolean;
  /** Owners and administrators see every equipment tag; members see the tags assigned to them. */
  seesAllEquipment: boolean;
  assignedTagIds: ReadonlySet<string>;
}

const OFFLINE = -1;
const DISABLED = -2;
const typeTitle = new Map<number, string>(modelTypes.map((type) => [type.id, type.title]));

/** Group status is the maximum of its members' (ARCHITECTURE "Status codes"); an empty group is offline. */
const groupStatus = (statuses: number[]) => (statuses.length ? Math.max(...statuses) : OFFLINE);

/**
 * Builds the company tree (root = primary folder → folders → equipment tags → models) from flat rows in O(n),
 * applying what the viewer may see: only active models for non-administrators, only assigned tags (and the
 * folders leading to them) for members. Statuses roll up from models to tags to folders.
 */
export function buildTree(
  rows: { items: ItemRow[]; models: ModelRow[]; offline: OfflineRow[]; images: ImageRow[] },
  viewer: TreeViewer,
): TreeNode | null {
  const nodes = new Map<string, TreeNode>();
  let root: TreeNode | null = null;
  for (const item of rows.items) {
    const isTag = item.item_type === 'EquipmentTag';
    const node: TreeNode = {
      id: item.id,
      type: item.is_primary_folder ? 'company' : isTag ? 'equipment' : 'folder',
      structureItemTitle: item.title,
      structureItemAlias: item.alias,
      structureItemType: item.item_type,
      parentId: item.parent_id,
      path: [],
      isPrimaryFolder: item.is_primary_folder,
      equipmentGroupType: item.equipment_group_type,
      posLat: item.pos_lat,
      posLng: item.pos_lng,
      status: OFFLINE,
      currentStatus: OFFLINE,
      active: true,
      images: [],
      equipmentModels: [],
      children: [],
    };
    nodes.set(item.id, node);
    if (item.is_primary_folder) root = node;
  }
  if (!root) return null;

  for (const image of rows.images) {
    nodes.get(image.equipment_tag_id)?.images.push({
      id: image.id,
      url: image.url,
      image_name: image.image_name,
      image_size: image.image_size,
    });
  }
  for (const model of rows.models) {
    if (!model.is_active && !viewer.isAdmin) continue;
    const tag = nodes.get(model.equipment_tag_id);
    if (!tag) continue;
    tag.equipmentModels.push(onlineModel(model, tag.structureItemTitle));
  }
  for (const model of rows.offline) {
    if (!model.is_active && !viewer.isAdmin) continue;
    const tag = nodes.get(model.equipment_tag_id);
    if (!tag) continue;
    tag.equipmentModels.push(offlineModel(model, tag.structureItemTitle));
  }

  for (const node of nodes.values()) {
    if (!node.parentId) continue;
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
  }

  const visible = (node: TreeNode): boolean =>
    node.type !== 'equipment' || viewer.seesAllEquipment || viewer.assignedTagIds.has(node.id);

  // Depth-first: prune what the viewer may not see, fill paths and roll statuses up.
  const walk = (node: TreeNode, path: string[]): boolean => {
    node.path = [...path, node.structureItemTitle];
    if (node.type === 'equipment') {
      const live = node.equipmentModels.filter((model) => !model.is_offline && model.isActive === 'active');
      node.status = groupStatus(live.map((model) => model.status));
    } else {
      node.children = node.children.filter((child) => walk(child, node.path) && visible(child));
      node.children.sort(byTypeThenTitle);
      node.status = groupStatus(node.children.map((child) => child.status));
    }
    node.currentStatus = node.status;
    return node.type !== 'folder' || viewer.seesAllEquipment || node.children.length > 0;
  };
  walk(root, []);
  return root;
}

function byTypeThenTitle(a: TreeNode, b: TreeNode) {
  if (a.type !== b.type) return a.type === 'folder' ? -1 : 1;
  return a.structureItemTitle.localeCompare(b.structureItemTitle);
}

function onlineModel(model: ModelRow, tagCode: string): TreeModel {
  return {
    id: model.id,
    title: model.title,
    isActive: model.is_active ? 'active' : 'inactive',
    linkUrl: '',
    is_offline: false,
    status: model.is_active ? model.status : DISABLED,
    equipmentCode: { code: tagCode },
    equipmentTagId: model.equipment_tag_id,
    equipmentModelTypeId: model.model_type_id,
    equipmentModelType: { id: model.model_type_id, title: typeTitle.get(model.model_type_id) ?? '' },
    modelCode: model.code,
  };
}

function offlineModel(model: OfflineRow, tagCode: string): TreeModel {
  return {
    id: model.id,
    title: model.title,
    isActive: model.is_active ? 'active' : 'inactive',
    linkUrl: model.link_url,
    is_offline: true,
    status: OFFLINE,
    equipmentCode: { code: tagCode },
    equipmentTagId: model.equipment_tag_id,
    equipmentModelTypeId: null,
    equipmentModelType: null,
    modelCode: null,
  };
}

export function findNode(root: TreeNode, id: string): TreeNode | null {
  const stack = [root];
  while (stack.length) {
    const node = stack.pop() as TreeNode;
    if (node.id === id) return node;
    stack.push(...node.children);
  }
  return null;
}

/** Model counts by status and the equipment under a node: the company page and the folder view. */
export function overviewOf(node: TreeNode): Overview {
  const counts = { allModel: 0, allNormalModel: 0, allWarningModel: 0, allAlarmModel: 0, allStopModel: 0 };
  const equipment: Overview['allEquipmentReportJson'] = [];
  const stack = [node];
  while (stack.length) {
    const current = stack.pop() as TreeNode;
    stack.push(...current.children);
    if (current.type !== 'equipment') continue;
    const models = current.equipmentModels.filter(
      (model) => !model.is_offline && model.isActive === 'active',
    );
    for (const model of models) {
      counts.allModel++;
      if (model.status === 0) counts.allNormalModel++;
      else if (model.status === 1) counts.allWarningModel++;
      else if (model.status === 2) counts.allAlarmModel++;
      else counts.allStopModel++;
    }
    equipment.push({
      id: current.id,
      equipmentTitleName: current.structureItemTitle,
      structureItemAlias: current.structureItemAlias,
      equipmentGroupType: current.equipmentGroupType,
      status: current.status,
      posLat: current.posLat,
      posLng: current.posLng,
      path: current.path,
      models: models.map((model) => ({
        id: model.id,
        title: model.title,
        status: model.status,
        equipmentModelTypeId: model.equipmentModelTypeId ?? 1,
      })),
    });
  }
  equipment.sort((a, b) => a.equipmentTitleName.localeCompare(b.equipmentTitleName));
  return { ...counts, allEquipmentReportJson: equipment };
}
