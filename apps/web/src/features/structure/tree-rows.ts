import type { TreeModel, TreeNode } from '@sdp/contracts';

/** The two model groups under an equipment tag (spec 01 §1). */
export type ModelGroup = 'online' | 'offline';

/** One line of the side tree as the virtual list draws it. */
export type TreeRow =
  | {
      kind: 'node';
      key: string;
      depth: number;
      node: TreeNode;
      /** Whether the row has anything to show beneath it. */
      expandable: boolean;
      expanded: boolean;
    }
  | {
      kind: 'group';
      key: string;
      depth: number;
      group: ModelGroup;
      tag: TreeNode;
      count: number;
      expanded: boolean;
    }
  | { kind: 'model'; key: string; depth: number; model: TreeModel; tag: TreeNode };

/** The key of a model group row: unique beside node and model ids (which are UUIDs). */
export function groupKey(tagId: string, group: ModelGroup): string {
  return `${tagId}/${group}`;
}

function modelsOf(tag: TreeNode, group: ModelGroup): TreeModel[] {
  return tag.equipmentModels.filter((model) => model.is_offline === (group === 'offline'));
}

/**
 * The rows the tree shows, in order: every node is open unless its key is in `collapsed` (folders, tags and
 * both model groups are open by default), and nothing below a collapsed row is listed. Equipment tags list
 * their online models under 'Smart Detection Platforms' and offline ones under 'External Sources'; an empty
 * group is left out. Iterative, so a deep tree cannot overflow the stack; O(visible rows).
 */
export function flattenTree(root: TreeNode, collapsed: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const stack: { node: TreeNode; depth: number }[] = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: TreeNode; depth: number };
    const groups = node.type === 'equipment' ? (['online', 'offline'] as const) : [];
    const expandable = node.children.length > 0 || node.equipmentModels.length > 0;
    const expanded = expandable && !collapsed.has(node.id);
    rows.push({ kind: 'node', key: node.id, depth, node, expandable, expanded });
    if (!expanded) continue;
    for (const group of groups) {
      const models = modelsOf(node, group);
      if (models.length === 0) continue;
      const key = groupKey(node.id, group);
      const groupExpanded = !collapsed.has(key);
      rows.push({
        kind: 'group',
        key,
        depth: depth + 1,
        group,
        tag: node,
        count: models.length,
        expanded: groupExpanded,
      });
      if (!groupExpanded) continue;
      for (const model of models)
        rows.push({ kind: 'model', key: model.id, depth: depth + 2, model, tag: node });
    }
    // Pushed in reverse so they pop in the server's order.
    for (let index = node.children.length - 1; index >= 0; index -= 1) {
      stack.push({ node: node.children[index] as TreeNode, depth: depth + 1 });
    }
  }
  return rows;
}

/** The node with an id anywhere under `root`, or undefined. */
export function findTreeNode(root: TreeNode, id: string): TreeNode | undefined {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as TreeNode;
    if (node.id === id) return node;
    stack.push(...node.children);
  }
  return undefined;
}

/** Indentation of one tree level, in CSS pixels. */
export const TREE_INDENT = 16;

/**
 * Pixels of a row besides its text (tree-row.tsx): left padding, arrow, status dot, icon, the gaps between them,
 * the menu button and right padding, plus the tree's own padding and a scroll bar.
 */
const ROW_CHROME = 4 + 20 + 10 + 18 + 4 * 6 + 28 + 8 + 16 + 16;

/** The active/inactive marker beside a model name, when the viewer sees it. */
const MARKER_WIDTH = 72;

/**
 * The width the tree needs to show every row's name whole (issue 27.4): the widest row's indentation, chrome and
 * text as `textWidth` measures it (name and alias, or a group's label and count).
 */
export function treeWidthForNames(
  rows: readonly TreeRow[],
  textWidth: (text: string) => number,
  groupLabels: { online: string; offline: string },
  withMarkers: boolean,
): number {
  let widest = 0;
  for (const row of rows) {
    let text: string;
    let marker = 0;
    if (row.kind === 'node') {
      const alias = row.node.type === 'equipment' ? row.node.structureItemAlias : null;
      text = alias ? `${row.node.structureItemTitle} ${alias}` : row.node.structureItemTitle;
    } else if (row.kind === 'group') {
      text = `${groupLabels[row.group]} (${row.count})`;
    } else {
      text = row.model.title;
      marker = withMarkers ? MARKER_WIDTH : 0;
    }
    widest = Math.max(widest, row.depth * TREE_INDENT + textWidth(text) + marker);
  }
  return Math.ceil(widest + ROW_CHROME);
}

/** The nodes from the company root down to the node `id` (both included), or none when it is not in the tree. */
export function treeTrail(root: TreeNode, id: string): TreeNode[] {
  if (root.id === id) return [root];
  for (const child of root.children) {
    const below = treeTrail(child, id);
    if (below.length > 0) return [root, ...below];
  }
  return [];
}

/** Where a row's click leads inside the portal: folder view, company overview or model view. */
export function folderViewPath(companyId: string, folder: Pick<TreeNode, 'id' | 'type'> | null): string {
  if (!folder || folder.type === 'company') return `/company/${companyId}`;
  return `/company/${companyId}?${new URLSearchParams({ folderSelect: folder.id })}`;
}
