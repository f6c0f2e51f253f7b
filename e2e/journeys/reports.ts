import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { inFreshPage, scrollToSection, sharedBrowser } from '../lib/browser.ts';
import { type DemoPlant, SEED_TIMEOUT_MS, startDemoPlant } from '../lib/demo-plant.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

// Issue 16: an OWNER sets the company's monthly MCA report from the root menu, then previews and exports a
// customized report of the demo's P102 motor from its model page.
const browser = sharedBrowser();
const sideTree = (page: Page) => page.getByRole('tree', { name: 'All Model' });

/** YYYY-MM-DD of a day in Bangkok, `back` days before today, moved earlier until its day is the 28th or before. */
/** 'YYYY-MM-DD' as the date fields show and take it, 'DD/MM/YYYY'. */
const shownDay = (iso: string) => iso.split('-').reverse().join('/');

function bangkokDay(back: number): string {
  const day = new Date(Date.now() + 7 * 3_600_000 - back * 86_400_000);
  while (day.getUTCDate() > 28) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

let plant: DemoPlant;
let p102: string;

// The streaming demo plant of its own: P102 and its captures exist only there (the shared server has no plant).
before(
  async () => {
    plant = await startDemoPlant(['Cooling water pump 102 motor'], async () => true);
    p102 = plant.models['Cooling water pump 102 motor'] as string;
  },
  { timeout: SEED_TIMEOUT_MS + 90_000 },
);

after(async () => {
  await plant?.stop();
});

test('an OWNER sets a monthly MCA report, previews a customized report of P102 and exports it', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.owner);
    await page.waitForURL(/\/company\/[0-9a-f-]{36}$/);
    const root = sideTree(page).getByRole('treeitem').first();
    await root.click({ button: 'right' });
    await page.getByRole('menu').getByRole('menuitem', { name: 'MCA Report', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'MCA Report' });
    const save = dialog.getByRole('button', { name: 'Save' });
    // Save waits for a day and at least one e-mail (spec 01 §5).
    await dialog.getByRole('combobox', { name: /^Day of month/ }).click();
    assert.equal(await page.getByRole('option').count(), 28);
    await page.getByRole('option', { name: '5th', exact: true }).click();
    await dialog.getByLabel('Auto send').check();
    assert.equal(await save.isDisabled(), true);
    await dialog.getByRole('combobox', { name: /^Emails/ }).click();
    await page.getByRole('option', { name: demoAccounts.owner }).click();
    await page.keyboard.press('Escape');
    await save.click();
    await page.getByText('Report saved successfully.').waitFor();

    // A preview the browser refuses to frame says so in the console (issue 26 item 4: frame-ancestors 'none').
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Refused to (display|frame)/.test(message.text())) refused.push(message.text());
    });
    await page.goto(`/model/${p102}`);
    const panel = page.getByRole('region', { name: 'Customize Report' });
    await scrollToSection(panel);
    await panel.getByRole('button', { name: 'Preview Report' }).click();
    await panel.getByText('Please select a date.').first().waitFor();
    // Typed as the portal writes dates in every language, DD/MM/YYYY (issue 27 item 5).
    await panel.getByRole('textbox', { name: 'Start Date' }).fill(shownDay(bangkokDay(10)));
    await panel.getByRole('textbox', { name: 'End Date' }).fill(shownDay(bangkokDay(2)));
    await panel.getByRole('button', { name: 'Preview Report' }).click();
    const preview = panel.locator('iframe[title="Report preview"]');
    await preview.waitFor({ timeout: 60_000 });
    const url = await preview.getAttribute('src');
    assert.match(url ?? '', /\/report-files\//);
    // The frame shows the PDF, not Chromium's error page for a refused frame.
    const frame = await (await preview.elementHandle())?.contentFrame();
    assert.ok(frame, 'the preview frame exists');
    for (let waited = 0; waited < 30_000 && !/\/report-files\//.test(frame.url()); waited += 250)
      await page.waitForTimeout(250);
    assert.match(frame.url(), /\/report-files\//);
    assert.deepEqual(refused, []);
    const pdf = await page.request.get(url as string);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    assert.equal((await pdf.body()).subarray(0, 5).toString(), '%PDF-');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('link', { name: 'Export PDF' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /_report_.*\.pdf$/);

    await panel.getByRole('button', { name: 'Reset' }).click();
    assert.equal(await preview.count(), 0);
    assert.equal(await panel.getByRole('textbox', { name: 'Start Date' }).inputValue(), '');
  });
});
