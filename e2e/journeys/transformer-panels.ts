import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ApiSession, apiSession } from '../lib/api.ts';
import { inFreshPage, sharedBrowser } from '../lib/browser.ts';
import { assertChartDrawn } from '../lib/chart-drawn.ts';
import { type RunningServer, startServer } from '../lib/server.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

// Transformer panels A–J and the phase-resolved PD scatter on the streaming demo plant (issue 12 items 4, 5.8). Its
// own server with the plant: three days of history already hold TX1's DGA alarm (H red, zone T2), the OLTC's zone
// and daily PD captures.
const browser = sharedBrowser();
const repoRoot = path.resolve(import.meta.dirname, '../..');
const SEED_TIMEOUT_MS = 240_000;

let plant: RunningServer;
let owner: ApiSession;
let tx1: string;

type TreeNode = { children: TreeNode[]; equipmentModels?: { id: string; title: string }[] };
type Summary = {
  tr_diagram_status: { h: number };
  dga: { oltc: { zone: string | null } };
  e: { tagCode: string; value: number | null }[];
};

function findModel(node: TreeNode, title: string): string | undefined {
  const own = node.equipmentModels?.find((model) => model.title === title);
  return own?.id ?? node.children.map((child) => findModel(child, title)).find(Boolean);
}

let summary: Summary;

before(
  async () => {
    plant = await startServer(repoRoot, { SDP_DEMO_STREAM: '1', SDP_DEMO_HISTORY_DAYS: '3' });
    process.env.SDP_E2E_BASE_URL = plant.baseUrl;
    owner = await apiSession(demoAccounts.owner);
    const deadline = Date.now() + SEED_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const tree = await owner.call<TreeNode>(
        'GET',
        `/api/v1/structure-item-company?company_id=${owner.companyId}`,
      );
      const id = findModel(tree, 'Main transformer 1');
      if (id) {
        summary = await owner.call<Summary>('GET', `/api/v1/equipment-models/tr-summary-status/${id}`);
        const files = await owner.call<{ files: unknown[] }>(
          'GET',
          `/api/v1/advance-analysis/pd-files?modelId=${id}`,
        );
        if (summary.tr_diagram_status.h === 2 && summary.dga.oltc.zone && files.files.length >= 2) {
          tx1 = id;
          return;
        }
      }
      await sleep(2_000);
    }
    throw new Error('TX1 of the demo plant did not get its DGA alarm, OLTC zone and PD captures in time.');
  },
  { timeout: SEED_TIMEOUT_MS + 90_000 },
);

after(async () => {
  await owner?.dispose();
  await plant?.stop();
});

test('TX1: panels A–J show values, limits and zones; the PD scatter draws', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    await signIn(page, demoAccounts.owner);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await page.goto(`/model/${tx1}`);
    const panels = page.getByRole('region', { name: 'Transformer panels' });
    await panels.waitFor();
    const panel = (name: string) => panels.getByRole('region', { name, exact: true });

    // A: the load gauge and the apparent power gauge are drawn, with the warning and alarm pointers.
    const load = panel('A · Load consumption');
    const gauge = await assertChartDrawn(load.getByRole('img', { name: 'Load', exact: true }), 'Load gauge');
    assert.equal(gauge[0]?.type, 'gauge');
    assert.equal(gauge[0]?.data.length, 3, 'value, warning and alarm pointers');
    await load
      .getByText(/^\d+(\.\d+)? MVA$/)
      .first()
      .waitFor();

    // B: a bar per item with the warning and alarm markers.
    const bars = await assertChartDrawn(
      panel('B · Current & Voltage').getByRole('img', { name: 'Current & Voltage', exact: true }),
      'Current & Voltage bars',
    );
    assert.deepEqual(
      bars.map((one) => [one.type, one.data.length]),
      [
        ['bar', 5],
        ['scatter', 5],
        ['scatter', 5],
      ],
    );

    // C: three thermometers in ℃ and the oil-level bar.
    const thermal = panel('C · Thermal / Oil level');
    assert.equal(await thermal.getByText(/^\d+(\.\d+)? ℃$/).count(), 3);
    await assertChartDrawn(thermal.getByRole('img', { name: 'Oil level' }), 'Oil level bar');

    // D: rows A, B, C; E: the main-tank PD in pC as the server stored it.
    const winding = panel('D · Winding & Core');
    for (const phase of ['A', 'B', 'C']) await winding.getByText(phase, { exact: true }).waitFor();
    const pd = summary.e.find((item) => item.tagCode === 'pd_main_tank');
    assert.ok(pd?.value !== null && pd?.value !== undefined);
    await panel('E · Main Tank PD')
      .getByText(/^\d+ pC$/)
      .waitFor();

    // G: the fan coloured by status; H: the main tank in zone T2 and red; I: the OLTC has its zone.
    await panel('G · Cooling').locator('[data-fan-status]').waitFor();
    const mainTank = panel('H · Main Tank DGA');
    assert.equal(await mainTank.locator('[data-zone]').getAttribute('data-zone'), 'T2');
    await mainTank.getByRole('img', { name: 'Alarm' }).first().waitFor();
    const oltcZone = await panel('I · OLTC DGA').locator('[data-zone]').getAttribute('data-zone');
    assert.equal(oltcZone, summary.dga.oltc.zone);
    assert.ok(oltcZone);
    await panel('J · OLTC')
      .getByText(/count$/)
      .waitFor();

    // Advance analysis tab 8: the PRPD scatter of the newest capture, cells coloured by count.
    // The dashboard's tabs and charts are mounted when it nears the screen (issue 29): scroll to it first.
    await page.getByRole('region', { name: 'Monitoring Dashboard' }).scrollIntoViewIfNeeded();
    await page.getByRole('tab', { name: 'Advance analysis', exact: true }).click();
    await page.getByRole('tab', { name: 'Partial discharge', exact: true }).click();
    const scatter = page.getByRole('img', { name: 'Phase-resolved partial discharge' });
    await scatter.scrollIntoViewIfNeeded();
    const series = await assertChartDrawn(scatter, 'PD scatter');
    assert.equal(series[0]?.type, 'scatter');
    assert.ok((series[0]?.data.length ?? 0) > 20, 'the pulses fill many phase × charge cells');
    await page.getByText(/^\d+ pulses$/).waitFor();

    // Another capture of another sub-module draws too.
    await page.getByRole('combobox', { name: 'Sub-module' }).click();
    await page.getByRole('option', { name: /^Main tank UHF Window/ }).click();
    await page.getByRole('combobox', { name: 'Select FileName' }).click();
    await page.getByRole('option').nth(1).click();
    await assertChartDrawn(scatter, 'PD scatter of an older Window capture');
  });
});
