import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  type ApiSession,
  apiSession,
  createFolder,
  createTag,
  rootFolderId,
  uniqueCode,
} from '../lib/api.ts';
import { baseUrl, inFreshPage, sharedBrowser } from '../lib/browser.ts';
import { createOnlineModel } from '../lib/models.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

// Acting from the alarm list (issue 26 items 5 and 7): two events of two transformers, ticked on the company alarm
// list, are acknowledged together with one comment in one dialog, then marked done together; the model's history
// log and the company audit log say who did it, in words.
const browser = sharedBrowser();

let owner: ApiSession;
const models: { id: string; code: string; title: string }[] = [];
let key: string;

before(async () => {
  owner = await apiSession(demoAccounts.owner);
  const admin = await apiSession(demoAccounts.admin, undefined, owner.companyId);
  const folder = await createFolder(admin, await rootFolderId(admin), uniqueCode('AL'));
  for (const name of ['Alarm-list transformer A', 'Alarm-list transformer B']) {
    const tag = await createTag(admin, folder, uniqueCode('TXA'), name);
    const id = await createOnlineModel(admin, tag, 1, name);
    const { modelCode } = await owner.call<{ modelCode: string }>('GET', `/api/v1/equipment-models/${id}`);
    models.push({ id, code: modelCode, title: name });
  }
  await admin.dispose();
  ({ key } = await owner.call<{ key: string }>('POST', `/api/v1/companies/${owner.companyId}/ingest-keys`, {
    name: 'alarm-list journey',
  }));
  // Hydrogen far above the alarm limit on both: the analysis opens one event on each.
  const now = Date.now();
  for (const model of models) {
    const response = await fetch(new URL('/api/v1/ingest/measurements', baseUrl()), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        modelCode: model.code,
        points: [900, 910, 920, 930, 940].map((value, i) => ({
          tag: 'h2',
          ts: new Date(now - (5 - i) * 60_000).toISOString(),
          value,
        })),
      }),
    });
    assert.equal(response.status, 200, await response.text());
  }
  for (const model of models) {
    for (let waited = 0; ; waited += 500) {
      const { count } = await owner.call<{ count: number }>(
        'GET',
        `/api/v1/fault-event/count?equipment_model_id=${model.id}`,
      );
      if (count > 0) break;
      if (waited > 60_000) throw new Error(`no fault event opened on ${model.title}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
});

after(async () => {
  await owner?.dispose();
});

test('two events are acknowledged and closed together from the alarm list, and the logs say who did it', {
  timeout: 180_000,
}, async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    page.setDefaultTimeout(30_000);
    await signIn(page, demoAccounts.owner);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await page.goto(`/company/${owner.companyId}/alarms`);
    const list = page.getByRole('table', { name: 'Alarms' });
    const rowOf = (title: string) => list.getByRole('row').filter({ hasText: title });
    for (const model of models) await rowOf(model.title).waitFor();

    const tickBoth = async () => {
      for (const model of models)
        await rowOf(model.title)
          .getByRole('checkbox', { name: new RegExp(`of ${model.title} at`) })
          .check();
    };
    const toolbar = page.getByRole('toolbar', { name: 'Act on the selected events' });

    // Acknowledge both: one dialog, one comment, no second question.
    await tickBoth();
    await toolbar.getByText('2 events selected').waitFor();
    assert.equal(
      await toolbar.getByRole('button', { name: 'Done' }).isDisabled(),
      true,
      'Done needs acknowledge',
    );
    await toolbar.getByRole('button', { name: 'Acknowledge' }).click();
    const acknowledge = page.getByRole('dialog', { name: 'Acknowledge 2 fault events' });
    await acknowledge.getByRole('textbox', { name: /^Comment/ }).fill('Both checked from the alarm list.');
    await acknowledge.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByText('2 fault events changed. Your data was sent.').waitFor();
    await acknowledge.waitFor({ state: 'hidden' });
    for (const model of models)
      await rowOf(model.title)
        .getByText(/^Olivia Owner · /)
        .waitFor();

    // Then Done for both: they leave the open list.
    await tickBoth();
    await toolbar.getByRole('button', { name: 'Done' }).click();
    const done = page.getByRole('dialog', { name: 'Mark 2 fault events done' });
    await done.getByRole('textbox', { name: /^Comment/ }).fill('Oil degassed on both.');
    // Issue 25 item 5: a Done says what was found, one outcome for both.
    await done.getByRole('combobox', { name: /^Outcome/ }).click();
    await page.getByRole('option', { name: 'No fault found' }).click();
    await done.getByRole('button', { name: 'Done' }).click();
    await page.getByText('2 fault events changed. Your data was sent.').last().waitFor();
    for (const model of models) await rowOf(model.title).waitFor({ state: 'detached' });

    // The model's Note and History log says who acknowledged and closed its event.
    await page.goto(`/model/${models[0]?.id}`);
    const history = page.getByRole('list', { name: 'Fault event history' });
    await history.getByText(/^Olivia Owner: marked done “/).waitFor();
    await history.getByText(/^Olivia Owner: acknowledged “/).waitFor();
    assert.match((await history.textContent()) ?? '', /Comment: Oil degassed on both\./);

    // The company audit log says it in words.
    await page.goto(`/company/${owner.companyId}/audit?q=${encodeURIComponent('Oil degassed on both.')}`);
    const audit = page.getByRole('table', { name: 'Audit log' });
    await audit.getByText('Marked a fault event done').first().waitFor();
    assert.equal(await audit.getByText('Marked a fault event done').count(), 2);
  });
});
