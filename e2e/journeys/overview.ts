import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ApiSession, apiSession } from '../lib/api.ts';
import { inFreshPage, sharedBrowser } from '../lib/browser.ts';
import { type RunningServer, startServer } from '../lib/server.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

// The company overview you can act on (issue 13 item 5), on the streaming demo plant: several models in alarm.
const browser = sharedBrowser();
const repoRoot = path.resolve(import.meta.dirname, '../..');
const SEED_TIMEOUT_MS = 240_000;

let plant: RunningServer;
let owner: ApiSession;

before(
  async () => {
    // SDP_E2E_PLANT_URL: a streaming demo plant already running (a rerun, a loaded machine) instead of a new one.
    const running = process.env.SDP_E2E_PLANT_URL;
    plant = running
      ? { baseUrl: running, stop: async () => {} }
      : await startServer(repoRoot, { SDP_DEMO_STREAM: '1', SDP_DEMO_HISTORY_DAYS: '3' });
    process.env.SDP_E2E_BASE_URL = plant.baseUrl;
    owner = await apiSession(demoAccounts.owner);
    const deadline = Date.now() + SEED_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const rows = await owner.call<{ status: number }[]>(
        'GET',
        `/api/v1/model_summary/overall_status?company_id=${owner.companyId}`,
      );
      if (rows.filter((row) => row.status === 2).length >= 2 && rows.some((row) => row.status !== 2)) return;
      await sleep(2_000);
    }
    throw new Error('The demo plant did not raise two alarms in time.');
  },
  { timeout: SEED_TIMEOUT_MS + 90_000 },
);

after(async () => {
  await owner?.dispose();
  await plant?.stop();
});

test("overview: 'Alarm' shows only alarm rows, sorted by time in alarm, and a reload keeps the view", async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    // Charts of a year and a streaming plant on a shared 2-core machine: allow more than the default wait.
    page.setDefaultTimeout(60_000);
    page.setDefaultNavigationTimeout(60_000);
    await signIn(page, demoAccounts.owner);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await page.goto(`/company/${owner.companyId}`);
    const table = page.getByRole('table', { name: /^Models \(/ });
    await table.locator('tbody tr[data-status]').first().waitFor();
    const before = await table.locator('tbody tr[data-status]').count();

    await page.getByRole('button', { name: /^Alarm/ }).click();
    await page.waitForURL(/status=alarm/);
    // The rows not in alarm leave the table.
    await table
      .locator('tbody tr[data-status]:not([data-status="2"])')
      .first()
      .waitFor({ state: 'detached' });
    const statuses = await table
      .locator('tbody tr[data-status]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));
    assert.ok(statuses.length >= 2 && statuses.length < before, 'fewer rows, the alarm ones');
    assert.ok(
      statuses.every((status) => status === '2'),
      `only alarm rows (${statuses})`,
    );

    const durations = async () =>
      table
        .locator('tbody tr[data-status] td[data-duration-ms]')
        .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-duration-ms') || -1)));
    await page.getByRole('button', { name: 'In alarm since' }).click();
    await page.waitForURL(/sort=alarmSince/);
    await table.locator('th[aria-sort="descending"]', { hasText: 'In alarm since' }).waitFor();
    const models = async () =>
      table
        .locator('tbody tr[data-status] td:nth-child(2)')
        .evaluateAll((cells) => cells.map((c) => c.textContent));
    const sorted = await durations();
    const order = await models();
    assert.deepEqual(
      sorted,
      [...sorted].sort((a, b) => b - a),
      'longest in alarm first',
    );

    await page.reload();
    await table.locator('tbody tr[data-status]').first().waitFor();
    assert.match(page.url(), /status=alarm/);
    assert.match(page.url(), /sort=alarmSince/);
    const after = await table
      .locator('tbody tr[data-status]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));
    // The plant streams on: a model may reach alarm during the reload and join the view, none may leave it.
    assert.ok(
      after.length >= statuses.length && after.every((status) => status === '2'),
      `still only alarm rows, none lost (${after})`,
    );
    // The same models in the same order (a newcomer, shortest in alarm, goes last); the durations have grown by the
    // time the reload took.
    const reloaded = await models();
    assert.deepEqual(
      reloaded.filter((model) => order.includes(model)),
      order,
      'in the same order',
    );
    const again = await durations();
    assert.deepEqual(
      again,
      [...again].sort((a, b) => b - a),
      'still longest in alarm first',
    );
    assert.equal(await page.getByRole('button', { name: /^Alarm/ }).getAttribute('aria-pressed'), 'true');
  });
});
