import type { TreeModel, TreeNode } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import { testTreeModel, testTreeNode } from '../../testing/tree-fixtures.ts';
import {
  findTreeNode,
  flattenTree,
  folderViewPath,
  groupKey,
  type TreeRow,
  treeTrail,
  treeWidthForNames,
} from './tree-rows.ts';

const node = (type: TreeNode['type'], title: string, children: TreeNode[] = [], models: TreeModel[] = []) =>
  testTreeNode(type, title, { children, equipmentModels: models });
const model = (title: string, isOffline: boolean) =>
  testTreeModel(
    title,
    isOffline ? { is_offline: true, equipmentModelTypeId: null, equipmentModelType: null } : {},
  );

const label = (row: TreeRow) =>
  `${'  '.repeat(row.depth)}${
    row.kind === 'node'
      ? row.node.structureItemTitle
      : row.kind === 'group'
        ? `[${row.group}]`
        : row.model.title
  }`;

function plant() {
  const pump = node(
    'equipment',
    'PUMP01',
    [],
    [model('Motor', false), model('CMMS', true), model('Drive', false)],
  );
  const valve = node('equipment', 'VALVE01');
  const area = node('folder', 'AREA', [pump, valve]);
  const store = node('folder', 'STORE');
  const root = node('company', 'PLANT', [area, store]);
  return { root, area, pump, valve, store };
}

describe('flattenTree', () => {
  it('lists everything open by default: online models first, then offline, each under its group', () => {
    const { root } = plant();
    expect(flattenTree(root, new Set()).map(label)).toEqual([
      'PLANT',
      '  AREA',
      '    PUMP01',
      '      [online]',
      '        Motor',
      '        Drive',
      '      [offline]',
      '        CMMS',
      '    VALVE01',
      '  STORE',
    ]);
  });

  it('hides everything below a collapsed folder and marks it collapsed', () => {
    const { root, area } = plant();
    const rows = flattenTree(root, new Set([area.id]));
    expect(rows.map(label)).toEqual(['PLANT', '  AREA', '  STORE']);
    expect(rows[1]).toMatchObject({ kind: 'node', expandable: true, expanded: false });
  });

  it('collapses one model group without touching the other', () => {
    const { root, pump } = plant();
    const rows = flattenTree(root, new Set([groupKey(pump.id, 'online')]));
    expect(rows.map(label)).toContain('      [online]');
    expect(rows.map(label)).not.toContain('        Motor');
    expect(rows.map(label)).toContain('        CMMS');
  });

  it('treats an empty folder or a tag without models as a leaf', () => {
    const { root, valve, store } = plant();
    const rows = flattenTree(root, new Set());
    expect(rows.find((row) => row.key === valve.id)).toMatchObject({ expandable: false, expanded: false });
    expect(rows.find((row) => row.key === store.id)).toMatchObject({ expandable: false, expanded: false });
  });

  it('flattens 5,000 nodes and a deep chain without overflowing the stack', () => {
    const folders = Array.from({ length: 50 }, (_, f) =>
      node(
        'folder',
        `F${f}`,
        Array.from({ length: 99 }, (_, e) => node('equipment', `E${f}-${e}`)),
      ),
    );
    const wide = node('company', 'WIDE', folders);
    // Its speed is measured in bench/tree-render.ts, never timed here.
    expect(flattenTree(wide, new Set())).toHaveLength(1 + 50 + 50 * 99);

    let deep = node('folder', 'LEAF');
    for (let level = 0; level < 20_000; level += 1) deep = node('folder', `L${level}`, [deep]);
    expect(flattenTree(node('company', 'DEEP', [deep]), new Set())).toHaveLength(20_002);
  });
});

describe('findTreeNode', () => {
  it('finds a node at any depth and answers undefined for an unknown id', () => {
    const { root, pump } = plant();
    expect(findTreeNode(root, pump.id)).toBe(pump);
    expect(findTreeNode(root, 'nope')).toBeUndefined();
  });
});

describe('folderViewPath', () => {
  it('leads to the company page for the root and to the folder view for a folder', () => {
    const { root, area } = plant();
    expect(folderViewPath('c1', root)).toBe('/company/c1');
    expect(folderViewPath('c1', null)).toBe('/company/c1');
    expect(folderViewPath('c1', area)).toBe(`/company/c1?folderSelect=${area.id}`);
  });
});

describe('treeWidthForNames', () => {
  // One pixel per character keeps the arithmetic visible: chrome 144 px, 16 px per level.
  const perCharacter = (text: string) => text.length;
  const groups = { online: 'Online', offline: 'Offline' };

  it('fits the widest row: its indentation, its name and the row chrome', () => {
    const long = 'Cooling tower fan 3 motor, drive end';
    const tag = node('equipment', 'FAN3', [], [model(long, false)]);
    const rows = flattenTree(node('company', 'Acme', [node('folder', 'Utilities', [tag])]), new Set());
    // The model sits at depth 4 (company 0, folder 1, tag 2, group 3).
    expect(treeWidthForNames(rows, perCharacter, groups, false)).toBe(4 * 16 + long.length + 144);
    // The platform administrator also sees each model's active marker.
    expect(treeWidthForNames(rows, perCharacter, groups, true)).toBe(4 * 16 + long.length + 72 + 144);
  });

  it('counts an equipment alias and a group count as part of the name', () => {
    const tag = testTreeNode('equipment', 'P-101', {
      structureItemAlias: 'Feed pump with a long alias text',
    });
    const rows = flattenTree(node('company', 'A', [tag]), new Set());
    expect(treeWidthForNames(rows, perCharacter, groups, false)).toBe(
      16 + 'P-101 Feed pump with a long alias text'.length + 144,
    );
  });
});

describe('treeTrail', () => {
  it('lists the nodes from the company down to the one asked for, and none for a stranger', () => {
    const tag = node('equipment', 'TX1');
    const root = node('company', 'Acme', [node('folder', 'Empty'), node('folder', 'North', [tag])]);
    expect(treeTrail(root, tag.id).map((one) => one.structureItemTitle)).toEqual(['Acme', 'North', 'TX1']);
    expect(treeTrail(root, root.id)).toEqual([root]);
    expect(treeTrail(root, 'not-there')).toEqual([]);
  });
});
