import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Locator, Page } from 'playwright-core';
import { textPdf } from '../../apps/server/src/lib/pdf.ts';
import { type ApiSession, apiSession } from '../lib/api.ts';
import { inFreshPage, sharedBrowser } from '../lib/browser.ts';
import { onePixelPng } from '../lib/png.ts';
import { type RunningServer, startServer } from '../lib/server.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

// Overall Status Image and Document tabs, and a model page that follows pushed data (issue 12 items 1, 2), on the
// streaming demo plant: TX1 starts with the demo's picture, PM report and manual.
const browser = sharedBrowser();
const repoRoot = path.resolve(import.meta.dirname, '../..');
const SEED_TIMEOUT_MS = 240_000;

let plant: RunningServer;
let owner: ApiSession;
let tx1: { id: string; code: string };

type TreeNode = { children: TreeNode[]; equipmentModels?: { id: string; title: string }[] };

function findModel(node: TreeNode, title: string): string | undefined {
  const own = node.equipmentModels?.find((model) => model.title === title);
  return own?.id ?? node.children.map((child) => findModel(child, title)).find(Boolean);
}

before(
  async () => {
    plant = await startServer(repoRoot, { SDP_DEMO_STREAM: '1', SDP_DEMO_HISTORY_DAYS: '1' });
    process.env.SDP_E2E_BASE_URL = plant.baseUrl;
    owner = await apiSession(demoAccounts.owner);
    const deadline = Date.now() + SEED_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const tree = await owner.call<TreeNode>(
        'GET',
        `/api/v1/structure-item-company?company_id=${owner.companyId}`,
      );
      const id = findModel(tree, 'Main transformer 1');
      const documents = id
        ? await owner.call<{ pm_report: string | null }>('GET', `/api/v1/equipment-models/${id}/documents`)
        : undefined;
      if (id && documents?.pm_report) {
        const { modelCode } = await owner.call<{ modelCode: string }>(
          'GET',
          `/api/v1/equipment-models/${id}`,
        );
        tx1 = { id, code: modelCode };
        return;
      }
      await sleep(2_000);
    }
    throw new Error('TX1 of the demo plant did not get its files in time.');
  },
  { timeout: SEED_TIMEOUT_MS + 90_000 },
);

after(async () => {
  await owner?.dispose();
  await plant?.stop();
});

async function openTx1(page: Page) {
  page.setDefaultTimeout(45_000);
  await signIn(page, demoAccounts.owner);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto(`/model/${tx1.id}`);
  await page.getByRole('heading', { name: 'Main transformer 1' }).waitFor();
}

/** Chooses a file through the button's file chooser, as a person does. */
async function choose(page: Page, button: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

const overall = (page: Page) => page.getByRole('region', { name: 'Overall Status' });

test('Image tab: the demo picture, add one, full screen, a wrong file refused, delete with confirmation', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await openTx1(page);
    const panel = overall(page);
    await panel.getByRole('tab', { name: 'Image', exact: true }).click();
    await panel.getByText(/^Image 1 of 1 · /).waitFor();

    await choose(page, panel.getByRole('button', { name: 'Add image' }), {
      name: 'inspection.png',
      mimeType: 'image/png',
      buffer: onePixelPng([200, 30, 30]),
    });
    await page.getByText('Add image Success.').waitFor();
    await panel.getByText('Image 2 of 2 · inspection.png').waitFor();
    const shown = panel.getByRole('img', { name: 'Image 2 of 2' });
    assert.match((await shown.getAttribute('src')) ?? '', /^\/api\/v1\/files\/model-images\/inspection-/);
    // The picture itself loads (the files route serves it to the owner): 1×1 once decoded.
    await page.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth === 1,
      await shown.elementHandle(),
    );

    await panel.getByRole('button', { name: 'Open the image in full screen' }).click();
    const full = page.getByRole('dialog', { name: 'inspection.png' });
    await full.getByRole('img', { name: 'inspection.png' }).waitFor();
    await full.getByRole('button', { name: 'Close' }).click();
    await full.waitFor({ state: 'detached' });

    // Named .png but not an image: the server reads the bytes and refuses it.
    await choose(page, panel.getByRole('button', { name: 'Add image' }), {
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    await page.getByText('Please upload file with type: jpeg, jpg, png').waitFor();
    assert.equal((await owner.call<unknown[]>('GET', `/api/v1/equipment-models/${tx1.id}/images`)).length, 2);

    await panel.getByRole('button', { name: 'Delete image' }).click();
    const question = page.getByRole('dialog', { name: 'Delete image' });
    await question.getByText('Do you want to delete this image?').waitFor();
    await question.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete image Success.').waitFor();
    await panel.getByText(/^Image 1 of 1 · /).waitFor();
    const left = await owner.call<{ image_name: string }[]>(
      'GET',
      `/api/v1/equipment-models/${tx1.id}/images`,
    );
    assert.equal(left.length, 1);
    assert.ok(!left.some((image) => image.image_name === 'inspection.png'));
  });
});

test('Document tab: upload a PM report, Export file opens it in a new tab, replace it', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await openTx1(page);
    const panel = overall(page);
    await panel.getByRole('tab', { name: 'Document', exact: true }).click();
    const pm = panel.getByRole('group', { name: 'PM Report File' });
    await pm.getByText(/^pm-report-.*\.pdf \(/).waitFor();

    const first = textPdf('PM report', ['Visit of 24 November 2026']);
    await choose(page, pm.getByRole('button', { name: 'Replace PM Report File' }), {
      name: 'visit-november.pdf',
      mimeType: 'application/pdf',
      buffer: first,
    });
    await page.getByText('Import document Success.').waitFor();
    await pm.getByText('visit-november.pdf', { exact: false }).waitFor();

    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      pm.getByRole('button', { name: 'Export file' }).click(),
    ]);
    await opened.waitForURL(/\/api\/v1\/files\/model-documents\//, { waitUntil: 'commit' });
    const url = new URL(opened.url());
    assert.match(url.pathname, /^\/api\/v1\/files\/model-documents\/visit-november-\d+-[0-9a-f]{16}\.pdf$/);
    const served = await page.request.get(url.pathname);
    assert.equal(served.status(), 200);
    assert.equal(served.headers()['content-type'], 'application/pdf');
    assert.match(served.headers()['content-disposition'] ?? '', /^inline/);
    assert.ok((await served.body()).equals(first));
    await opened.close();

    // A Word file is refused before it is sent; a PDF replaces the report.
    await choose(page, pm.getByRole('button', { name: 'Replace PM Report File' }), {
      name: 'notes.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('PK'),
    });
    await page.getByText('Please upload PDF file only').waitFor();
    await choose(page, pm.getByRole('button', { name: 'Replace PM Report File' }), {
      name: 'visit-december.pdf',
      mimeType: 'application/pdf',
      buffer: textPdf('PM report', ['Visit of 1 December 2026']),
    });
    await pm.getByText('visit-december.pdf', { exact: false }).waitFor();
    const info = await owner.call<{ pm_report: string; files: { pm_report: { file_name: string } } }>(
      'GET',
      `/api/v1/equipment-models/${tx1.id}/documents`,
    );
    assert.equal(info.files.pm_report.file_name, 'visit-december.pdf');
    // The replaced report is gone.
    assert.equal((await page.request.get(url.pathname)).status(), 404);
  });
});

test('Auto refresh picks up a pushed update: new data for TX1 reloads its page without a reload', async (t) => {
  const { key } = await owner.call<{ key: string }>(
    'POST',
    `/api/v1/companies/${owner.companyId}/ingest-keys`,
    {
      name: 'model-files journey',
    },
  );
  const series = await owner.call<{ tag: string; source: string }[]>(
    'GET',
    `/api/v1/equipment-models/${tx1.id}/series`,
  );
  const tag = series.find((one) => one.source === 'input')?.tag;
  assert.ok(tag, 'TX1 has an input series');
  await inFreshPage(browser(), t, async (page) => {
    await openTx1(page);
    await page.getByText(/^Refreshed /).waitFor();
    // Auto is at 10 minutes: only a pushed event reloads the summary within the next seconds.
    await page.evaluate(() => {
      (window as unknown as { journeyMarker: string }).journeyMarker = 'same page';
    });
    const at = new Date(Date.now() + 1_000);
    const reloaded = page.waitForResponse(
      async (response) => {
        if (!response.url().endsWith(`/api/v1/equipment-models/${tx1.id}/summary`)) return false;
        const body = (await response.json()) as { lastDataAt: string | null };
        return body.lastDataAt !== null && Date.parse(body.lastDataAt) >= at.getTime();
      },
      { timeout: 20_000 },
    );
    const sent = await page.request.post('/api/v1/ingest/measurements', {
      headers: { authorization: `Bearer ${key}` },
      data: { modelCode: tx1.code, points: [{ tag, ts: at.toISOString(), value: 1 }] },
    });
    assert.equal(sent.status(), 200, await sent.text());
    assert.equal(((await sent.json()) as { accepted: number }).accepted, 1);
    await reloaded;
    assert.equal(
      await page.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker),
      'same page',
    );
    await page.getByText(/^Refreshed /).waitFor();
  });
});
