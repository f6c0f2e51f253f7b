import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  type ApiSession,
  apiSession,
  createFolder,
  createTag,
  rootFolderId,
  uniqueCode,
} from '../lib/api.ts';
import { baseUrl, inFreshPage, scrollToSection, sharedBrowser } from '../lib/browser.ts';
import { createOnlineModel } from '../lib/models.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

// Lists on a phone (issue 27.3): at 390 px the alarm list, the company page's model table and a model's fault table
// show status, what, when and the primary action (Acknowledge) without scrolling sideways. Screenshots of each are
// kept under e2e/test-results/ to be looked at.
const browser = sharedBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const SHOTS = path.join(import.meta.dirname, '..', 'test-results');

let owner: ApiSession;
let model: { id: string; code: string; title: string };

before(async () => {
  owner = await apiSession(demoAccounts.owner);
  const admin = await apiSession(demoAccounts.admin, undefined, owner.companyId);
  const folder = await createFolder(admin, await rootFolderId(admin), uniqueCode('PHL'));
  const title = uniqueCode('Phone list transformer ');
  const tag = await createTag(admin, folder, uniqueCode('TXP'), title);
  const id = await createOnlineModel(admin, tag, 1, title);
  await admin.dispose();
  const { modelCode } = await owner.call<{ modelCode: string }>('GET', `/api/v1/equipment-models/${id}`);
  model = { id, code: modelCode, title };
  const { key } = await owner.call<{ key: string }>(
    'POST',
    `/api/v1/companies/${owner.companyId}/ingest-keys`,
    { name: 'phone-lists journey' },
  );
  // Hydrogen far above its alarm limit: the analysis opens one event.
  const now = Date.now();
  const response = await fetch(new URL('/api/v1/ingest/measurements', baseUrl()), {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      modelCode,
      points: [900, 910, 920, 930, 940].map((value, i) => ({
        tag: 'h2',
        ts: new Date(now - (5 - i) * 60_000).toISOString(),
        value,
      })),
    }),
  });
  assert.equal(response.status, 200, await response.text());
  for (let waited = 0; ; waited += 500) {
    const { count } = await owner.call<{ count: number }>(
      'GET',
      `/api/v1/fault-event/count?equipment_model_id=${id}`,
    );
    if (count > 0) break;
    if (waited > 60_000) throw new Error(`no fault event opened on ${title}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

after(async () => {
  await owner?.dispose();
});

/** No page may scroll sideways: the document is never wider than the window. */
async function assertNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `${where} is ${scrollWidth} px wide in a ${innerWidth} px window`);
}

/** The element lies wholly inside the 390 px window, left to right. */
async function assertOnScreen(locator: Locator, what: string) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  assert.ok(box, `${what} is not drawn`);
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `${what} spans ${box.x}–${box.x + box.width} px of 390`);
}

async function keep(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `phone-${name}.png`), fullPage: true });
}

test('at 390 px the alarm list, the company page and the fault table keep status, what, when and Acknowledge on screen', {
  timeout: 180_000,
}, async (t) => {
  await inFreshPage(
    browser(),
    t,
    async (page) => {
      page.setDefaultTimeout(30_000);
      await signIn(page, demoAccounts.owner);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'));

      // The alarm list: one card per event, its Acknowledge at hand.
      await page.goto(`/company/${owner.companyId}/alarms`);
      const cards = page.getByRole('list', { name: 'Alarms' });
      const card = cards.getByRole('listitem').filter({ hasText: model.title }).first();
      await card.waitFor();
      assert.equal(await page.getByRole('table', { name: 'Alarms' }).count(), 0, 'no wide table on a phone');
      await card.getByText('Open', { exact: true }).waitFor();
      await card
        .getByText(/Hydrogen|H2|h2/i)
        .first()
        .waitFor();
      await assertOnScreen(card.getByRole('button', { name: 'Acknowledge' }), 'Acknowledge on the card');
      await assertNoSidewaysScroll(page, 'Alarm list');
      await keep(page, 'alarm-list');
      await card.getByRole('button', { name: 'Acknowledge' }).click();
      const dialog = page.getByRole('dialog', { name: 'Acknowledge 1 fault event' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The company page: status, model and since when.
      await page.goto(`/company/${owner.companyId}`);
      const models = page.getByRole('table', { name: /^Models/ });
      await models.getByRole('link', { name: model.title }).waitFor();
      assert.deepEqual(await models.getByRole('columnheader').allInnerTexts(), [
        'Status',
        'Model',
        'In alarm since',
      ]);
      const row = models.getByRole('row').filter({ hasText: model.title });
      await assertOnScreen(row.getByRole('cell').last(), 'the since cell of the model');
      await assertNoSidewaysScroll(page, 'Company page');
      await keep(page, 'company-page');

      // The model's fault table: the event and its actions in two columns.
      await page.goto(`/model/${model.id}`);
      // On a phone the panels under the model's body mount as they are scrolled near (issue 29): scroll to it, as
      // a person does.
      await page.getByRole('heading', { name: model.title }).waitFor();
      await scrollToSection(page.getByRole('region', { name: 'Fault Event Alarm' }).first());
      const table = page.getByRole('table', { name: 'New Fault Event Alarm' });
      const event = table
        .getByRole('row')
        .filter({ hasText: /Hydrogen|H2|h2/i })
        .first();
      await event.waitFor();
      await assertOnScreen(
        event.getByRole('button', { name: 'Acknowledge' }),
        'Acknowledge in the fault table',
      );
      await assertOnScreen(event.getByText('Alarm', { exact: true }), 'the severity in the fault table');
      await assertNoSidewaysScroll(page, 'Model page');
      await event.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'phone-fault-table.png') });
    },
    PHONE,
  );
});

test('at 390 px the audit log is one card per entry: what was done, to what, when and by whom', {
  timeout: 120_000,
}, async (t) => {
  await inFreshPage(
    browser(),
    t,
    async (page) => {
      page.setDefaultTimeout(30_000);
      await signIn(page, demoAccounts.owner);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      // Issue 27 item 3: the six columns of the audit log scrolled sideways on a phone.
      await page.goto(`/company/${owner.companyId}/audit`);
      const entries = page.getByRole('list', { name: 'Audit log' });
      const first = entries.getByRole('listitem').first();
      await first.waitFor();
      assert.equal(
        await page.getByRole('table', { name: 'Audit log' }).count(),
        0,
        'no wide table on a phone',
      );
      await assertOnScreen(first, 'the newest audit entry');
      await assertNoSidewaysScroll(page, 'Audit log');
      await keep(page, 'audit-log');
    },
    PHONE,
  );
});
