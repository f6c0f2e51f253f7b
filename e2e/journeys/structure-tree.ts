import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiSession, createFolder, createTag, rootFolderId, uniqueCode } from '../lib/api.ts';
import { baseUrl, inFreshPage, sharedBrowser, waitForTitle } from '../lib/browser.ts';
import { onePixelPng } from '../lib/png.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

const browser = sharedBrowser();

const sideTree = (page: Page) => page.getByRole('tree', { name: 'All Model' });
const node = (page: Page, name: string) =>
  sideTree(page).getByRole('treeitem', { name: new RegExp(`^${name}\\b`) });

/**
 * Scrolls the side tree until a row shows: the tree draws only the rows in view, and the journeys before this one
 * add folders of their own to the shared server's company.
 */
async function scrollTreeTo(page: Page, name: string) {
  const row = sideTree(page).getByRole('treeitem', { name });
  await sideTree(page).getByRole('treeitem').first().waitFor();
  for (let step = 0; step < 40 && !(await row.isVisible()); step++) {
    await sideTree(page).hover();
    await page.mouse.wheel(0, 240);
    await page.waitForTimeout(100);
  }
  await row.waitFor();
}

/** Right-clicks a tree node and picks a context menu entry. */
async function fromMenu(page: Page, nodeName: string, entry: string) {
  await node(page, nodeName).click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: entry, exact: true }).click();
}

async function createFolderInTree(page: Page, parent: string, name: string) {
  await fromMenu(page, parent, 'Create Folder');
  const dialog = page.getByRole('dialog', { name: 'Create Folder' });
  await dialog.getByRole('textbox', { name: 'Folder Name' }).fill(name.toLowerCase());
  // The name is kept upper-case as it is typed.
  assert.equal(await dialog.getByRole('textbox', { name: 'Folder Name' }).inputValue(), name.toUpperCase());
  await dialog.getByRole('button', { name: 'Create' }).click();
  // Two folders in a row can leave two alerts on screen at once: any one of them will do.
  await page.getByText('Create Folder Successful').first().waitFor();
  await node(page, name).waitFor();
}

test('an OWNER_RVS builds plant, area, a located tag with an image and an RVS model, landing on its settings', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    const plant = uniqueCode('PLANT');
    const area = uniqueCode('AREA');
    const code = uniqueCode('PUMP');
    await signIn(page, demoAccounts.ownerRvs);
    await page.waitForURL(/\/company\/[0-9a-f-]{36}$/);
    const root = sideTree(page).getByRole('treeitem').first();
    await root.waitFor();

    await createFolderInTree(page, (await root.getAttribute('aria-label'))?.split(',')[0] ?? '', plant);
    await createFolderInTree(page, plant, area);

    await fromMenu(page, area, 'Add Equipment Tag');
    const tagDialog = page.getByRole('dialog', { name: /Add Equipment Tag/ });
    const create = tagDialog.getByRole('button', { name: 'Create' });
    assert.equal(await create.isDisabled(), true, 'Create waits for a valid form');
    await tagDialog.getByRole('textbox', { name: 'Equipment Code' }).fill(code.toLowerCase());
    await tagDialog.getByRole('textbox', { name: 'Tag Name' }).fill('Cooling water pump');
    // OWNER_RVS tags are always rotating: the choice is shown and locked.
    const groupType = tagDialog.getByRole('combobox', { name: 'Group Type' });
    assert.equal(await groupType.textContent(), 'Rotating');
    assert.equal(await groupType.getAttribute('aria-disabled'), 'true');
    // The map is an aid (its tiles are unreachable here): the fields alone set the location.
    await tagDialog.getByRole('textbox', { name: 'Latitude' }).fill('13.7563');
    await tagDialog.getByRole('textbox', { name: 'Longitude' }).fill('100.5018');
    await tagDialog.getByLabel('Add images').setInputFiles({
      name: 'pump-nameplate.png',
      mimeType: 'image/png',
      buffer: onePixelPng([11, 92, 122]),
    });
    await tagDialog.getByRole('list', { name: 'Images' }).getByText('pump-nameplate.png').waitFor();
    await tagDialog.getByText('0.00 MB').waitFor();
    await create.click();
    await page.getByText('Create Equipment Tag Successful').first().waitFor();
    await node(page, code).waitFor();

    await fromMenu(page, code, 'Add Model');
    const modelDialog = page.getByRole('dialog', { name: `Add Model to ${code}` });
    const modelType = modelDialog.getByRole('combobox', { name: 'Model Type' });
    assert.equal(await modelType.textContent(), 'RVS');
    assert.equal(await modelType.getAttribute('aria-disabled'), 'true');
    await modelDialog.getByRole('textbox', { name: 'Model Name' }).fill('Pump DE bearing');
    await modelDialog.getByRole('button', { name: 'Create' }).click();

    await page.getByText('Create model successfully').waitFor();
    await page.waitForURL(/\/setting\/model\/[0-9a-f-]{36}$/);
    await waitForTitle(page, 'Setting Model Online');
    const modelId = new URL(page.url()).pathname.split('/').at(-1);
    const modelRow = sideTree(page).getByRole('treeitem', { name: /^Pump DE bearing/ });
    await modelRow.waitFor();
    assert.equal(await modelRow.getAttribute('aria-selected'), 'true', `the tree marks model ${modelId}`);
    // Other journeys add models to the same company, so there may be several online groups: this one is open.
    await sideTree(page).getByRole('treeitem', { name: 'Smart Detection Platforms' }).first().waitFor();
  });
});

test('a MEMBER sees only the tags assigned to them, and no context menu', async (t) => {
  const rvs = await apiSession(demoAccounts.ownerRvs);
  const folder = await createFolder(rvs, await rootFolderId(rvs), uniqueCode('UNIT'));
  const assigned = uniqueCode('MINE');
  const other = uniqueCode('OTHER');
  await createTag(rvs, folder, assigned, 'Assigned to Mia');
  await createTag(rvs, folder, other, 'Not for Mia');
  await rvs.dispose();

  // The OWNER assigns the member through the Assign Member dialog.
  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.owner);
    // Earlier journeys fill the shared company's tree: the new folder may be below the rows in view.
    await scrollTreeTo(page, assigned);
    await fromMenu(page, assigned, 'Assign Member');
    const dialog = page.getByRole('dialog', { name: `Assign Member to ${assigned}` });
    await dialog.getByRole('textbox', { name: 'Search' }).fill('mia');
    const checkbox = dialog.getByRole('checkbox', { name: 'Assign Mia Member' });
    assert.equal(await checkbox.isChecked(), false);
    await checkbox.check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Assign member successfully').waitFor();
  });

  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.member);
    await node(page, assigned).waitFor();
    assert.equal(await node(page, other).count(), 0, 'an unassigned tag stays hidden');
    for (const row of await sideTree(page).getByRole('treeitem').all()) {
      await row.click({ button: 'right' });
      assert.equal(
        await page.getByRole('menu').count(),
        0,
        `no menu on ${await row.getAttribute('aria-label')}`,
      );
    }
  });
});

test('an offline model opens its link in a new tab, with https:// added to a bare address', async (t) => {
  const rvs = await apiSession(demoAccounts.ownerRvs);
  const code = uniqueCode('LINK');
  const tag = await createTag(rvs, await rootFolderId(rvs), code, 'Linked equipment');
  const portal = new URL(baseUrl());
  await rvs.call('POST', '/api/v1/equipment-model-offlines', {
    equipmentTagId: tag,
    title: 'Portal health',
    linkUrl: `${portal.origin}/healthz`,
    isActive: 'active',
  });
  await rvs.call('POST', '/api/v1/equipment-model-offlines', {
    equipmentTagId: tag,
    title: 'Bare address',
    linkUrl: `${portal.host}/healthz`,
    isActive: 'active',
  });
  await rvs.dispose();

  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.owner);
    await scrollTreeTo(page, 'Portal health');

    const opened = page.context().waitForEvent('page');
    await node(page, 'Portal health').click();
    const tab = await opened;
    await tab.waitForLoadState();
    assert.equal(tab.url(), `${portal.origin}/healthz`);
    await tab.close();

    const requested = page.context().waitForEvent('request', (request) => request.url().includes('/healthz'));
    const bare = page.context().waitForEvent('page');
    await node(page, 'Bare address').click();
    await bare;
    assert.equal((await requested).url(), `https://${portal.host}/healthz`);
    // The portal stays where it was.
    assert.match(new URL(page.url()).pathname, /^\/company\//);
  });
});
