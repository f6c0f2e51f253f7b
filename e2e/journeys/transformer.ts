import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { type ApiSession, apiSession } from '../lib/api.ts';
import { inFreshPage, sharedBrowser } from '../lib/browser.ts';
import { type RunningServer, startServer } from '../lib/server.ts';
import { demoAccounts, signIn } from '../lib/sign-in.ts';

// The transformer dashboard on the streaming demo plant (issue 12 items 4, 5, 7). The shared journey server has no
// plant, so this file starts its own with it. The demo timeline ends on day 90 whatever the history length, so
// three days of history already hold TX1's thermal fault at alarm: H red, Duval zone T2.
const browser = sharedBrowser();
const repoRoot = path.resolve(import.meta.dirname, '../..');
const SEED_TIMEOUT_MS = 240_000;

let plant: RunningServer;
let owner: ApiSession;
let tx1: string;

type TreeNode = { children: TreeNode[]; equipmentModels?: { id: string; title: string }[] };

function findModel(node: TreeNode, title: string): string | undefined {
  const own = node.equipmentModels?.find((model) => model.title === title);
  return own?.id ?? node.children.map((child) => findModel(child, title)).find(Boolean);
}

before(
  async () => {
    plant = await startServer(repoRoot, { SDP_DEMO_STREAM: '1', SDP_DEMO_HISTORY_DAYS: '3' });
    process.env.SDP_E2E_BASE_URL = plant.baseUrl;
    owner = await apiSession(demoAccounts.owner);
    const deadline = Date.now() + SEED_TIMEOUT_MS;
    // The plant and its history arrive after the server is healthy: wait for TX1, then for its main-tank DGA.
    while (Date.now() < deadline) {
      const tree = await owner.call<TreeNode>(
        'GET',
        `/api/v1/structure-item-company?company_id=${owner.companyId}`,
      );
      const id = findModel(tree, 'Main transformer 1');
      if (id) {
        const summary = await owner.call<{ tr_diagram_status: { h: number } }>(
          'GET',
          `/api/v1/equipment-models/tr-summary-status/${id}`,
        );
        const raw = await owner.call<unknown[]>(
          'GET',
          `/api/v1/advance-analysis/dga-raw?modelId=${id}&startDate=${new Date(Date.now() - 5 * 86_400_000).toISOString()}&endDate=${new Date().toISOString()}`,
        );
        if (summary.tr_diagram_status.h === 2 && raw.length >= 2) {
          tx1 = id;
          return;
        }
      }
      await sleep(2_000);
    }
    throw new Error('TX1 of the demo plant did not reach its DGA alarm in time.');
  },
  { timeout: SEED_TIMEOUT_MS + 90_000 },
);

after(async () => {
  await owner?.dispose();
  await plant?.stop();
});

/** What a chart box holds: points in its ECharts option (per series name) and painted pixels on its canvas. */
async function drawn(chart: Locator) {
  await chart.locator('canvas').first().waitFor();
  await chart.page().waitForFunction(
    (element) => {
      const instance = (element as unknown as { echarts?: { getOption: () => { series?: unknown[] } } })
        .echarts;
      return Boolean(instance?.getOption().series?.length);
    },
    await chart.elementHandle(),
  );
  // One frame for the canvas to be painted after the option is set.
  await chart.page().evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  return chart.evaluate((element) => {
    type Series = { name?: string; data?: unknown[] };
    const instance = (element as unknown as { echarts: { getOption: () => { series: Series[] } } }).echarts;
    const series = instance
      .getOption()
      .series.map((one) => ({ name: one.name ?? '', points: one.data?.length ?? 0 }));
    const canvas = element.querySelector('canvas') as HTMLCanvasElement;
    const pixels =
      canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ??
      new Uint8ClampedArray();
    let painted = 0;
    // Every 7th pixel: neither transparent nor white.
    for (let i = 0; i < pixels.length; i += 28) {
      const [r, g, b, a] = [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0, pixels[i + 3] ?? 0];
      if (a > 0 && (r < 240 || g < 240 || b < 240)) painted += 1;
    }
    return { series, painted };
  });
}

/** Asserts a chart has data in its option and is visibly drawn; answers the points per series. */
async function assertDrawn(chart: Locator, what: string) {
  const { series, painted } = await drawn(chart);
  const points = series.reduce((sum, one) => sum + one.points, 0);
  assert.ok(points > 0, `${what}: the chart option has no data`);
  assert.ok(painted > 200, `${what}: the canvas is blank (${painted} painted samples)`);
  return new Map(series.map((one) => [one.name, one.points]));
}

const chartIn = (scope: Page | Locator, name: string) => scope.getByRole('img', { name, exact: true });

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

test('TX1: the alarm badge on H, every tab drawn, the DGA calculator, Excel read back', async (t) => {
  await inFreshPage(browser(), t, async (page) => {
    // The plant's analysis runs beside this journey on a shared 2-core machine: allow slow answers.
    page.setDefaultTimeout(45_000);
    await signIn(page, demoAccounts.owner);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await page.goto(`/model/${tx1}`);

    // Diagram: H (main tank DGA) in alarm, on the diagram's badge list.
    const badges = page.getByRole('list', { name: 'Diagram' });
    await badges.getByText('H: Alarm', { exact: true }).waitFor({ state: 'attached' });

    // Health Monitoring: the first trend of the first tab is drawn.
    await openTab(page, 'Health Monitoring');
    const firstTrend = page
      .getByRole('region')
      .filter({ has: page.getByRole('img') })
      .first();
    await firstTrend.scrollIntoViewIfNeeded();
    await assertDrawn(firstTrend.getByRole('img').first(), 'Health Monitoring trend');

    // Advance analysis.
    await openTab(page, 'Advance analysis');
    const pdTab = page.getByRole('tab', { name: 'Partial discharge', exact: true });
    if (await pdTab.count()) {
      await pdTab.click();
      const pdChart = page.getByRole('tabpanel').or(page.locator('main')).getByRole('img').first();
      await assertDrawn(pdChart, 'PD scatter');
    }

    await openTab(page, 'DGA triangle');
    const triangle = chartIn(page, 'Duval Triangle 1 : Main tank');
    const duval = await assertDrawn(triangle, 'Duval triangle');
    assert.ok((duval.get('Samples') ?? 0) >= 1, 'the triangle shows the history of samples');
    assert.equal(duval.get('Latest sample'), 1, 'the latest sample is highlighted');
    const latest = page.getByRole('status', { name: 'Latest DGA sample' });
    assert.match((await latest.textContent()) ?? '', /zone T2 /);

    // The calculator: all three gases needed; stored values read back; a hand-entered T2 sample.
    const calculator = page.getByRole('region', { name: 'DGA calculator' });
    await calculator.getByRole('textbox', { name: 'CH4' }).fill('60');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await calculator.getByText('Please fill in all data.').waitFor();
    await calculator.getByRole('button', { name: 'Read stored values' }).click();
    await page.waitForFunction(
      () => (document.querySelector('input[inputmode="decimal"]') as HTMLInputElement | null)?.value !== '60',
    );
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    const zone = calculator.getByTestId('dga-calculated-zone');
    assert.equal(await zone.textContent(), 'T2', 'the stored latest sample is in T2');
    // 60 / 35 / 1 ppm: CH4 62.5 %, C2H4 36.5 %, C2H2 1.0 % → T2 (C2H4 20–50 %, C2H2 < 4 %).
    await calculator.getByRole('textbox', { name: 'CH4' }).fill('60');
    await calculator.getByRole('textbox', { name: 'C2H4' }).fill('35');
    await calculator.getByRole('textbox', { name: 'C2H2' }).fill('1');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await calculator.getByText('CH4 62.5 % · C2H4 36.5 % · C2H2 1.0 %').waitFor();
    assert.equal(await zone.textContent(), 'T2');
    const withPoint = await assertDrawn(triangle, 'Duval triangle with the calculated point');
    assert.equal(withPoint.get('Calculated'), 1, 'the calculated point is on the triangle');
    // 10 / 10 / 80 ppm: C2H2 80 % (> 13 %) with C2H4 10 % (< 23 %) → D1, a discharge of low energy.
    await calculator.getByRole('textbox', { name: 'CH4' }).fill('10');
    await calculator.getByRole('textbox', { name: 'C2H4' }).fill('10');
    await calculator.getByRole('textbox', { name: 'C2H2' }).fill('80');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await calculator.getByText('CH4 10.0 % · C2H4 10.0 % · C2H2 80.0 %').waitFor();
    assert.equal(await zone.textContent(), 'D1');

    await openTab(page, 'Locus');
    const locus = chartIn(page, 'V–I locus : Phase A');
    const curves = await assertDrawn(locus, 'V–I locus');
    assert.equal(curves.size, 3, 'reference, last and present are drawn');
    await page
      .getByRole('table', { name: 'Locus process table' })
      .getByRole('rowheader', { name: 'Present' })
      .waitFor();

    await openTab(page, 'Losses');
    const lossesChart = chartIn(page, 'Transformer losses (kW)');
    await assertDrawn(lossesChart, 'Losses');
    await page.getByRole('region', { name: 'Losses over the range' }).getByText('Energy lost').waitFor();
    const losses = page.getByRole('region', { name: 'Transformer losses (kW)' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      losses.getByRole('button', { name: 'Excel' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `TR_${tx1.toUpperCase()}_LOSSES.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('The workbook has no sheet.');
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), [
      'Time',
      'Tag',
      'Value',
      'Unit',
      'Warning',
      'Alarm',
      'Status',
    ]);
    assert.ok(sheet.rowCount > 2, 'the export holds the points shown');
    const first = (sheet.getRow(2).values as unknown[]).slice(1);
    assert.match(String(first[0]), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.equal(first[1], 'Total losses');
    assert.equal(first[3], 'kW');
    assert.ok(typeof first[2] === 'number' && first[2] > 0);

    // Correlation (Anomaly): pairs, the score trend and tag A against tag B.
    await openTab(page, 'Correlation (Anomaly)');
    const pairs = page.getByRole('table', { name: 'Correlation pairs (q-setting)' });
    await pairs.getByRole('row').nth(1).waitFor();
    const scoreChart = page.getByRole('img', { name: /^Anomaly score : / });
    await assertDrawn(scoreChart, 'Anomaly score trend');
    const scatter = page.getByRole('img', { name: / against / });
    await scatter.scrollIntoViewIfNeeded();
    const scatterSeries = await assertDrawn(scatter, 'Tag A against tag B');
    assert.ok((scatterSeries.get('Samples') ?? 0) > 10, 'the pairs are plotted');
  });
});
