import type { MyCompany, TreeModel, TreeNode } from '@sdp/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { testTreeModel, testTreeNode } from '../../../testing/tree-fixtures.ts';
import { StructureTree } from './structure-tree.tsx';

const company: MyCompany = {
  id: 'c1',
  title: 'Demo Plant',
  description: '',
  image_path: null,
  initial_code: 'DEMO',
  start_date: '2026-01-01',
  end_date: '2027-01-01',
  rvs_upgrade: true,
  time_zone: 'Asia/Bangkok',
  role: 'owner',
};

const model = (id: string, title: string, extra: Partial<TreeModel> = {}) =>
  testTreeModel(title, { id, ...extra });
const node = (id: string, type: TreeNode['type'], title: string, extra: Partial<TreeNode> = {}) =>
  testTreeNode(type, title, { id, ...extra });

const tree = node('root', 'company', 'DEMO PLANT', {
  children: [
    node('area', 'folder', 'AREA', {
      parentId: 'root',
      children: [
        node('tag', 'equipment', 'PUMP01', {
          parentId: 'area',
          structureItemAlias: 'Feed pump',
          status: 1,
          equipmentModels: [
            model('m1', 'Motor current', { status: 1 }),
            model('off1', 'CMMS', { is_offline: true, status: -1, linkUrl: 'cmms.example.com/tag/1' }),
            model('off2', 'Manual', { is_offline: true, status: -1, linkUrl: '' }),
          ],
        }),
      ],
    }),
  ],
});

const ownerPermissions = testMe().permissions.concat(['AssignMemberToEquipmentTag', 'ConfigDataModelInfo']);

function renderTree(
  role: MyCompany['role'],
  permissions = ownerPermissions,
  routes: Parameters<typeof stubServer>[0] = {},
) {
  const calls = stubServer({ 'GET /api/v1/structure-item-company': { status: 200, body: tree }, ...routes });
  const me = testMe({ companies: [{ ...company, role }], permissions });
  const router = renderPage(<StructureTree company={{ ...company, role }} />, {
    path: '/company/:id',
    at: '/company/c1?folderSelect=tag',
    me,
    elsewhere: ['/model/:id'],
  });
  return { router, calls };
}

const rvsPermissions = ownerPermissions.concat(['ManageFolder', 'ManageEquipmentTag', 'ManageDataModel']);

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');

beforeAll(() => {
  initI18n();
  // jsdom lays nothing out; give the tree's scroll box a height so the virtual list draws rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});

afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('StructureTree', () => {
  it('tells a member with no equipment assigned so, instead of an empty plant', async () => {
    const emptyPlant = node('root', 'company', 'DEMO PLANT');
    renderTree('member', ['ViewCompany'], {
      'GET /api/v1/structure-item-company': { status: 200, body: emptyPlant },
    });
    expect(await screen.findByText('No equipment is assigned to you yet.')).toBeTruthy();
    expect(screen.queryByRole('tree')).toBeNull();
  });

  it('shows an owner an empty plant as the empty tree it is', async () => {
    const emptyPlant = node('root', 'company', 'DEMO PLANT');
    renderTree('owner', ownerPermissions.concat(['ViewAllEquipment']), {
      'GET /api/v1/structure-item-company': { status: 200, body: emptyPlant },
    });
    expect(await screen.findByRole('treeitem', { name: 'DEMO PLANT, Offline' })).toBeTruthy();
    expect(screen.queryByText('No equipment is assigned to you yet.')).toBeNull();
  });

  it('shows folders, tags and both model groups open, with the status in each name', async () => {
    renderTree('owner');
    const tree = await screen.findByRole('tree', { name: 'All Model' });
    const names = within(tree)
      .getAllByRole('treeitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(names).toEqual([
      'DEMO PLANT, Offline',
      'AREA, Offline',
      'PUMP01 Feed pump, Warning',
      'Smart Detection Platforms (1)',
      'Motor current, Warning',
      'External Sources (2)',
      'CMMS',
      'Manual',
    ]);
  });

  it('collapses a group with its arrow key and keeps the other open', async () => {
    renderTree('owner');
    const tree = await screen.findByRole('tree');
    fireEvent.click(within(tree).getByRole('treeitem', { name: 'Smart Detection Platforms (1)' }));
    expect(within(tree).queryByRole('treeitem', { name: /Motor current/ })).toBeNull();
    expect(within(tree).getByRole('treeitem', { name: 'CMMS' })).toBeTruthy();
    expect(
      within(tree)
        .getByRole('treeitem', { name: 'Smart Detection Platforms (1)' })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it("opens an offline model's link in a new tab with 'https://' added", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderTree('owner');
    fireEvent.click(await screen.findByRole('treeitem', { name: 'CMMS' }));
    expect(open).toHaveBeenCalledWith('https://cmms.example.com/tag/1', '_blank', 'noopener,noreferrer');
  });

  it("says 'No Link Url' for an offline model without a link", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderTree('owner');
    fireEvent.click(await screen.findByRole('treeitem', { name: 'Manual' }));
    expect(await screen.findByText('No Link Url')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it('opens an online model on click', async () => {
    renderTree('owner');
    fireEvent.click(await screen.findByRole('treeitem', { name: /Motor current/ }));
    expect(await screen.findByText('Arrived at /model/:id')).toBeTruthy();
  });

  it('gives an OWNER Assign Member and E-mail Notification on an equipment tag and no menu on folders', async () => {
    renderTree('owner');
    fireEvent.contextMenu(await screen.findByRole('treeitem', { name: /^AREA/ }));
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.contextMenu(screen.getByRole('treeitem', { name: /^PUMP01/ }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Assign Member', 'E-mail Notification']);
  });

  it('gives a plain member no context menu at all', async () => {
    renderTree('member', ['ViewCompany']);
    for (const name of [/^DEMO PLANT/, /^PUMP01/, /^Motor current/]) {
      fireEvent.contextMenu(await screen.findByRole('treeitem', { name }));
      expect(screen.queryByRole('menu')).toBeNull();
    }
  });

  it('asks again before deleting a folder that is not empty, then deletes it with everything in it', async () => {
    const { router, calls } = renderTree('owner_rvs', rvsPermissions, {
      'DELETE /api/v1/structure-item/area': ({ search }) =>
        search.get('recursive') === 'true'
          ? { status: 204 }
          : { status: 409, body: { detail: 'This folder is not empty.' } },
    });
    fireEvent.contextMenu(await screen.findByRole('treeitem', { name: /^AREA/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete Folder' }));
    expect(await screen.findByText('Do you want to delete the folder AREA?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText('The folder AREA is not empty. Delete the folder and everything in it?'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Delete folder successfully')).toBeTruthy();
    const deletes = calls.filter((call) => call.method === 'DELETE').map((call) => call.url);
    expect(deletes).toEqual(['/api/v1/structure-item/area', '/api/v1/structure-item/area?recursive=true']);
    // To the folder view of what held it: the company root.
    expect(router.state.location.pathname).toBe('/company/c1');
    expect(router.state.location.search).toBe('');
  });
});
