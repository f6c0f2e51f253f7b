import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type ApiSession, createFolder, createTag, rootFolderId, uniqueCode } from '../lib/api.ts';
import { assertAccessible } from '../lib/axe.ts';
import { inFreshPage, sharedBrowser, waitForTitle } from '../lib/browser.ts';
import { adminSessionInNewCompany, createOnlineModel } from '../lib/models.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

// Issue 17 item 4: the portal in a technician's hand (390 px) and axe-core on every page with no serious or
// critical violation. The admin works in a company of its own, with a model of every type.
const browser = sharedBrowser();
const PHONE = { width: 390, height: 844 };

let admin: ApiSession;
let folderTitle: string;
let tagCode: string;
const models: { type: number; title: string; id: string }[] = [];

before(async () => {
  admin = await adminSessionInNewCompany(uniqueCode('Phone '));
  folderTitle = uniqueCode('AREA');
  const folder = await createFolder(admin, await rootFolderId(admin), folderTitle);
  tagCode = uniqueCode('PH');
  const tag = await createTag(admin, folder, tagCode, 'Phone journey pump');
  for (const [type, title] of [
    [1, 'Phone transformer'],
    [2, 'Phone motor'],
    [3, 'Phone drive'],
    [4, 'Phone edge sensor'],
    [5, 'Phone vibration'],
  ] as const) {
    models.push({ type, title, id: await createOnlineModel(admin, tag, type, title) });
  }
});

after(async () => {
  await admin.dispose();
});

/** No page may scroll sideways: the document is never wider than the window. */
async function assertNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `${where} is ${scrollWidth} px wide in a ${innerWidth} px window`);
}

test('on a phone: sign in, the drawer starts closed, the tree opens a model and closes, Sign Out is reachable', async (t) => {
  await inFreshPage(
    browser(),
    t,
    async (page) => {
      await signIn(page, demoAccounts.admin);
      await page.waitForURL(/\/companies$/);
      await assertNoSidewaysScroll(page, 'Companies');
      await assertAccessible(page, 'Companies (390 px)');

      // Over the page the drawer is a modal panel: MUI names its paper a dialog (aria-modal) there.
      const drawer = page.getByRole('dialog', { name: 'Company' });
      await page.goto(`/company/${admin.companyId}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.equal(await drawer.isVisible(), false, 'the drawer starts closed under 900 px');
      await assertNoSidewaysScroll(page, 'Company page');
      await assertAccessible(page, 'Company page (390 px)');

      await page.getByRole('button', { name: 'Open side panel' }).click();
      await drawer.waitFor();
      const tree = page.getByRole('tree');
      // The tree opens folded out to the models; on a touch screen every row shows its menu button (no right click).
      await tree.getByRole('treeitem', { name: new RegExp(folderTitle) }).waitFor();
      const tag = tree.getByRole('treeitem', { name: new RegExp(`^${tagCode}`) });
      assert.ok(await tag.getByTestId('tree-row-menu').isVisible());
      const model = models[4] as (typeof models)[number];
      await tree.getByRole('treeitem', { name: new RegExp(model.title) }).click();
      await page.waitForURL(`**/model/${model.id}`);
      await drawer.waitFor({ state: 'hidden' });
      await waitForTitle(page, 'Model View');
      await page.getByRole('heading', { name: model.title }).waitFor();
      await assertNoSidewaysScroll(page, 'Model page');

      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.getByText('You have been logged out.').waitFor();
    },
    // A phone: touch, nothing hovers.
    { viewport: PHONE, hasTouch: true, isMobile: true },
  );
});

test('the audit log shows who built the company, searchable and kept in the address', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.admin);
    await page.waitForURL(/\/companies$/);
    await page.goto(`/company/${admin.companyId}/audit`);
    await waitForTitle(page, 'Audit log');
    const table = page.getByRole('table', { name: 'Audit log' });
    await table.getByRole('row').nth(1).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(tagCode);
    await page.waitForURL(new RegExp(`q=${tagCode}`));
    await table.getByText(tagCode).first().waitFor();
    await page.reload();
    assert.equal(await page.getByRole('searchbox', { name: 'Search' }).inputValue(), tagCode);
    await table.getByText(tagCode).first().waitFor();
  });
});

// About thirty pages at two widths, each with a full axe run: longer than the runner's default 120 s on a busy machine.
test('every page has no serious or critical accessibility violation, on a desktop and on a phone', {
  timeout: 360_000,
}, async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.admin);
    await page.waitForURL(/\/companies$/);
    const pages: [string, string][] = [
      ['/companies', 'Companies'],
      [`/company/${admin.companyId}`, 'Company page'],
      [`/company/${admin.companyId}/members`, 'Members'],
      [`/company/${admin.companyId}/settings`, 'Company settings'],
      ['/user/admin', 'Admins'],
      ['/setting/mail-outbox', 'Mail outbox'],
      [`/company/${admin.companyId}/alarms`, 'Company alarms'],
      [`/company/${admin.companyId}/audit`, 'Audit log of the company'],
      ['/setting/audit', 'Audit log of every company'],
      ...models.map((m): [string, string] => [`/model/${m.id}`, `Model page of type ${m.type}`]),
      ...models.map((m): [string, string] => [`/setting/model/${m.id}`, `Model settings of type ${m.type}`]),
    ];
    // Every page is judged before the test fails, so one run lists everything to fix.
    const problems: string[] = [];
    for (const viewport of [{ width: 1440, height: 900 }, PHONE]) {
      await page.setViewportSize(viewport);
      for (const [path, name] of pages) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // Let lazy panels and their first answers settle before judging the page.
        await page.waitForLoadState('networkidle');
        for (const check of [
          () => assertAccessible(page, `${name} at ${viewport.width} px`),
          async () => {
            if (viewport === PHONE) await assertNoSidewaysScroll(page, `${name} at 390 px`);
          },
        ]) {
          await check().catch((error: Error) => problems.push(error.message));
        }
      }
    }
    assert.deepEqual(problems, []);
  });
});
